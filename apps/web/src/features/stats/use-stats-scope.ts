import { COUNTRY } from '@portal/shared';
import { useAuth } from '../../lib/auth-context';
import { urlParam, useUrlFilters } from '../../lib/use-url-filters';
import type { StatsScope } from './api/scope';

/** The screens' URL parameter: the agent an admin picked under "Mitarbeiter" (none: every agent). */
export const STATS_FILTERS = { agent: urlParam.id() };

/**
 * Whose figures the statistics screens show (backoffice.md 6): an admin the whole country (scope all)
 * or the agent picked in the filter; an agent always their own (scope own).
 */
export function useStatsScope() {
  const { user } = useAuth();
  const { values, setParam } = useUrlFilters(STATS_FILTERS);
  const isAdmin = user?.role === 'admin';
  const countryId = user?.country_id ?? COUNTRY.AT;
  const agentId = isAdmin ? values.agent : user?.id;
  const scope: StatsScope = { countryId, agentId };
  return {
    isAdmin,
    scope,
    /** An admin looking at one agent: errors read "Fehler beim Laden der gefilterten Statistiken". */
    filtered: isAdmin && values.agent !== undefined,
    setAgent: (id: string | null) => setParam('agent', id),
  };
}
