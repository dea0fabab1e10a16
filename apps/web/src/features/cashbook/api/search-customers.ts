import { COUNTRY, type CustomerHit } from '@portal/shared';
import { api } from '../../../lib/api';

/** Spec section 6: country 1 uses the standard customer search, 2 the EG search, other countries none. */
export function customerSearchPath(countryId: number | null | undefined): string | null {
  if (countryId === COUNTRY.AT) return '/customers';
  if (countryId === COUNTRY.EG) return '/customersEG';
  return null;
}

/** GET /customers?search= or /customersEG?search= (the picker calls it from 3 characters). */
export const searchCustomers = (path: string, search: string, signal?: AbortSignal) =>
  api<CustomerHit[]>(`${path}?${new URLSearchParams({ search })}`, { signal });

/** The cache entry of one search term. */
export const customerSearchKey = (path: string | null, search: string) => ['customers', path, search] as const;
