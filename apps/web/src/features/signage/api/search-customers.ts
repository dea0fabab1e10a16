import type { SignageCustomerHit } from '@portal/shared';
import { api } from '../../../lib/api';

/** GET /okds-search-customers?query= (the picker calls it from 2 characters; at most 20 hits). */
export const searchCustomers = (query: string, signal?: AbortSignal) =>
  api<SignageCustomerHit[]>(`/okds-search-customers?${new URLSearchParams({ query })}`, { signal });
