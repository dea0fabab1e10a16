import { usersCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The countries staff work in, for the admins' board switch (`listCountries`). */
export const useCountries = (enabled = true) =>
  useCallQuery(usersCalls.listCountries, {}, { enabled, staleTime: 10 * 60_000 });
