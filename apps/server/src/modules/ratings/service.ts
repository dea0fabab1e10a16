import type { RatingStatsRow } from '@portal/shared';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { assertStatsScope } from '../stats/index.js';
import { ratingStats } from './rating-stats.js';

/** GET /api/get-task-ratings-stats-admin/{countryId}: every rating of the country's tasks. */
export function countryRatingStats(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { countryId: number },
): Promise<RatingStatsRow[]> {
  assertStatsScope(viewer, input);
  return ratingStats(ctx.db, input);
}

/** GET /api/get-task-ratings-stats-agent/{countryId}/{agentId}: the ratings counted for the agent. */
export function agentRatingStats(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { countryId: number; agentId: number },
): Promise<RatingStatsRow[]> {
  assertStatsScope(viewer, input);
  return ratingStats(ctx.db, input);
}
