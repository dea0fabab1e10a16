import { keepPreviousData } from '@tanstack/react-query';
import { businessCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';
import { BUSINESS_PAGE } from './get-orders';

/** One keyset page of the own orders in delivery or pickup, newest first (`listBusinessDeliveries`). */
export const useBusinessDeliveries = (cursor?: number, enabled = true) =>
  useCallQuery(
    businessCalls.listBusinessDeliveries,
    { limit: BUSINESS_PAGE, cursor },
    { placeholderData: keepPreviousData, enabled },
  );
