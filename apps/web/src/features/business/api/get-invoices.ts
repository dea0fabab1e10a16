import { keepPreviousData } from '@tanstack/react-query';
import { businessCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';
import { BUSINESS_PAGE } from './get-orders';

/** One keyset page of the own invoices (`listBusinessInvoices`). */
export const useBusinessInvoices = (cursor?: number) =>
  useCallQuery(
    businessCalls.listBusinessInvoices,
    { limit: BUSINESS_PAGE, cursor },
    { placeholderData: keepPreviousData },
  );
