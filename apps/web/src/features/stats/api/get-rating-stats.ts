import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RatingStatsRow } from '@portal/shared';
import { api } from '../../../lib/api';
import type { StatsScope } from './scope';

/** GET /get-task-ratings-stats-admin/{countryId} or /get-task-ratings-stats-agent/{countryId}/{agentId}. */
export function getRatingStats(scope: StatsScope, signal?: AbortSignal): Promise<RatingStatsRow[]> {
  const path =
    scope.agentId === undefined
      ? `/get-task-ratings-stats-admin/${scope.countryId}`
      : `/get-task-ratings-stats-agent/${scope.countryId}/${scope.agentId}`;
  return api<RatingStatsRow[]>(path, { signal });
}

export const ratingStatsQuery = (scope: StatsScope) =>
  queryOptions({
    queryKey: ['stats', 'ratings', scope.countryId, scope.agentId ?? 'all'] as const,
    queryFn: ({ signal }) => getRatingStats(scope, signal),
    staleTime: 60_000,
  });

export const useRatingStats = (scope: StatsScope) => useQuery(ratingStatsQuery(scope));
