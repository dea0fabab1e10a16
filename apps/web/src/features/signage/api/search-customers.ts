import { signageCalls } from '@portal/shared/contracts';
import { callApi, callKey } from '../../../lib/calls';

/** Customers by company, number or e-mail (`searchSignageCustomers`; the picker calls it from 2 characters, at most 20 hits). */
export const searchCustomers = (query: string, signal?: AbortSignal) =>
  callApi(signageCalls.searchSignageCustomers, { query }, { signal });

/** The cache entry of one search term. */
export const searchCustomersKey = (query: string) => callKey(signageCalls.searchSignageCustomers, { query });
