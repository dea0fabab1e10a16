import { keepPreviousData } from '@tanstack/react-query';
import { businessCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

export const BUSINESS_PAGE = 20;

/** One keyset page of the own orders, newest first (`listBusinessOrders`). */
export const useBusinessOrders = (cursor?: number, enabled = true) =>
  useCallQuery(
    businessCalls.listBusinessOrders,
    { limit: BUSINESS_PAGE, cursor },
    { placeholderData: keepPreviousData, enabled },
  );
