import { keepPreviousData } from '@tanstack/react-query';
import { signageCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';
import { SIGNAGE_PAGE } from '../page-size';

/** Customers that have screens (`listSignageCustomers`). */
export const useSignageCustomers = (offset: number) =>
  useCallQuery(
    signageCalls.listSignageCustomers,
    { offset, limit: SIGNAGE_PAGE },
    { placeholderData: keepPreviousData },
  );
