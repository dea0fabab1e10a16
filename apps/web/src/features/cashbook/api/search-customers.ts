import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { COUNTRY, CUSTOMER_SEARCH_MIN, cashbookCustomerSchema, type CustomerHit } from '@portal/shared';
import { api } from '../../../lib/api';
import { cashbookCall } from './client';

/** Spec section 6: country 1 uses the standard customer search, 2 the EG search, other countries none. */
export function customerSearchPath(countryId: number | null | undefined): string | null {
  if (countryId === COUNTRY.AT) return '/customers';
  if (countryId === COUNTRY.EG) return '/customersEG';
  return null;
}

/** GET /customers?search= or /customersEG?search= (from 3 characters). */
export function useCustomerSearch(countryId: number | null | undefined, search: string) {
  const path = customerSearchPath(countryId);
  const term = search.trim();
  return useQuery({
    queryKey: ['customers', path, term],
    queryFn: ({ signal }) => api<CustomerHit[]>(`${path}?${new URLSearchParams({ search: term })}`, { signal }),
    enabled: path !== null && term.length >= CUSTOMER_SEARCH_MIN,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET /cashbook/customers/{kundennummer}: the id of the customer a search hit names. */
export const resolveCustomer = (kundennummer: string) =>
  cashbookCall(`/customers/${encodeURIComponent(kundennummer)}`, cashbookCustomerSchema);
