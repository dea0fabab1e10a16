import { keepPreviousData } from '@tanstack/react-query';
import { businessCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';
import { BUSINESS_PAGE } from './get-orders';

/** One keyset page of the own requests (`listBusinessSupportRequests`). */
export const useBusinessSupport = (cursor?: number) =>
  useCallQuery(
    businessCalls.listBusinessSupportRequests,
    { limit: BUSINESS_PAGE, cursor },
    { placeholderData: keepPreviousData },
  );
