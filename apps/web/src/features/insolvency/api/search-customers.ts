import type { InsolvencyCustomerHit } from '@portal/shared';
import { api } from '../../../lib/api';

/** GET /insolvency-search-customers?query= (the picker calls it from 2 characters; at most 20 hits). */
export const searchInsolvencyCustomers = (query: string, signal?: AbortSignal) =>
  api<InsolvencyCustomerHit[]>(`/insolvency-search-customers?query=${encodeURIComponent(query)}`, { signal });
