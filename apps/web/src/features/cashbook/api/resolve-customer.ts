import { cashbookCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/** The id of the customer a search hit names (`getCashbookCustomer`). */
export const resolveCustomer = (kundennummer: string) => callApi(cashbookCalls.getCashbookCustomer, { kundennummer });
