import { keepPreviousData } from '@tanstack/react-query';
import type { RksvPaymentStatus, RksvStage } from '@portal/shared';
import { rksvOrdersCalls as calls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

export interface RksvOrderFilters {
  q?: string;
  payment_status?: RksvPaymentStatus;
  delivery?: 0 | 1;
  agent_id?: number;
  stage?: RksvStage;
  cursor?: number;
  limit?: number;
}

/** One keyset page with the filter's total (`listRksvOrders`). */
export const useRksvOrders = ({ delivery, ...f }: RksvOrderFilters) =>
  useCallQuery(
    calls.listRksvOrders,
    { ...f, delivery: delivery === undefined ? undefined : delivery === 1 ? '1' : '0' },
    { placeholderData: keepPreviousData },
  );
