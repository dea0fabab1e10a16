import { statsCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** A month's service levels of a country: every agent for admins, the caller's own for agents (`getSlaStats`). */
export const useSlaStats = (countryId: number, month: string) =>
  useCallQuery(statsCalls.getSlaStats, { countryId, month }, { staleTime: 60_000 });
