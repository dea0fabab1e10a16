import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SignageCustomerRow } from '@portal/shared';
import { api } from '../../../lib/api';
import { SIGNAGE_PAGE, signageKeys } from './query-keys';

/** GET /okds-customers: customers that have screens. */
export const getCustomers = (offset: number, signal?: AbortSignal) =>
  api<{ rows: SignageCustomerRow[]; total: number }>(`/okds-customers?offset=${offset}&limit=${SIGNAGE_PAGE}`, {
    signal,
  });

export const customersQuery = (offset: number) =>
  queryOptions({
    queryKey: signageKeys.customers(offset),
    queryFn: ({ signal }) => getCustomers(offset, signal),
    placeholderData: keepPreviousData,
  });

export const useSignageCustomers = (offset: number) => useQuery(customersQuery(offset));
