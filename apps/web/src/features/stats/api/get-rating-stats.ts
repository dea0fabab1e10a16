import { useQuery } from '@tanstack/react-query';
import { ratingsCalls } from '@portal/shared/contracts';
import { callQuery } from '../../../lib/calls';
import type { StatsScope } from './scope';

/** The rating figures of a country (`getTaskRatingsStatsAdmin`) or of one agent (`getTaskRatingsStatsAgent`). */
export const ratingStatsQuery = (scope: StatsScope) => ({
  ...(scope.agentId === undefined
    ? callQuery(ratingsCalls.getTaskRatingsStatsAdmin, { countryId: scope.countryId })
    : callQuery(ratingsCalls.getTaskRatingsStatsAgent, { countryId: scope.countryId, agentId: scope.agentId })),
  staleTime: 60_000,
});

export const useRatingStats = (scope: StatsScope) => useQuery(ratingStatsQuery(scope));
