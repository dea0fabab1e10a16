import { statsCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** One row per staff member of the country with their counters, admins only (`getAgentsOverview`). */
export const useAgentsOverview = (countryId: number, enabled: boolean) =>
  useCallQuery(statsCalls.getAgentsOverview, { countryId }, { staleTime: 60_000, enabled });
