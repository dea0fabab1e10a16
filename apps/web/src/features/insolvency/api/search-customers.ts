import { insolvencyCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/** Customers for a new case, from 2 characters, at most 20 (`searchInsolvencyCustomers`). */
export const searchInsolvencyCustomers = (query: string, signal?: AbortSignal) =>
  callApi(insolvencyCalls.searchInsolvencyCustomers, { query }, { signal });
