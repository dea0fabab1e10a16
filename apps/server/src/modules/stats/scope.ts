import { COUNTRY, STATS_MSG } from '@portal/shared';
import { forbidden } from '../../platform/errors.js';
import type { Viewer } from '../../platform/service.js';

/**
 * Who may read which figures (backoffice.md 6): an admin any country and any agent; an agent only their
 * own figures in their own country (another agentId or country: 403).
 */
export function assertStatsScope(viewer: Viewer, input: { countryId?: number; agentId?: number }): void {
  if (viewer.role === 'admin') return;
  if (input.agentId !== undefined && input.agentId !== viewer.id) throw forbidden(STATS_MSG.otherAgent);
  if (input.countryId !== undefined && input.countryId !== (viewer.country_id ?? COUNTRY.AT)) throw forbidden();
}
