import { usersCalls } from '@portal/shared/contracts';
import { callQuery } from '../../../lib/calls';

/** The countries (id and name); they hardly ever change (`listCountries`). */
export const countriesQuery = () => ({ ...callQuery(usersCalls.listCountries, {}), staleTime: Infinity });
