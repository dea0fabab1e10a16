import { COUNTRY, type CustomerHit } from '@portal/shared';
import { api } from '../../../lib/api';

/** Country 1 searches /customers, country 2 /customersEG; other countries have no customer search. */
export function customerSearchPath(countryId: number): string | null {
  if (countryId === COUNTRY.AT) return '/customers';
  if (countryId === COUNTRY.EG) return '/customersEG';
  return null;
}

/** GET /customers?search= or /customersEG?search=. */
export function searchCustomers(path: string, search: string, signal?: AbortSignal): Promise<CustomerHit[]> {
  return api<CustomerHit[]>(`${path}?${new URLSearchParams({ search })}`, { signal });
}

/** The cache entry of one search term. */
export const customerSearchKey = (path: string | null, search: string) => ['customers', path, search] as const;
