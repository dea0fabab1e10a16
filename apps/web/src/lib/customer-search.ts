import { COUNTRY } from '@portal/shared';
import { customersCalls } from '@portal/shared/contracts';
import { callApi, callKey } from './calls';

/** Spec section 6: country 1 searches the standard register (`listCustomers`), 2 the EG one (`listCustomersEG`), others none. */
const registerOf = (countryId: number | null | undefined) =>
  countryId === COUNTRY.AT
    ? customersCalls.listCustomers
    : countryId === COUNTRY.EG
      ? customersCalls.listCustomersEG
      : null;

/** Whether the reader's country has a customer search. */
export const hasCustomerSearch = (countryId: number | null | undefined) => registerOf(countryId) !== null;

/**
 * The one customer search of the staff pickers (tasks, cashbook): the search call and its cache entry
 * for `CustomerPicker`, in the register of the reader's country (a country without one never searches).
 */
export function customerSearch(countryId: number | null | undefined) {
  const call = registerOf(countryId) ?? customersCalls.listCustomers;
  return {
    search: (term: string, signal: AbortSignal) => callApi(call, { search: term }, { signal }),
    queryKey: (term: string) => callKey(call, { search: term }),
  };
}
