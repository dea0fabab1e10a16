import { queryOptions, useQuery } from '@tanstack/react-query';
import { overviewResponseSchema } from '@portal/shared';
import { cashbookCall } from './client';
import { cashbookKeys } from './query-keys';

/** GET /cashbook/overview */
export const getOverview = (signal?: AbortSignal) => cashbookCall('/overview', overviewResponseSchema, { signal });

export const overviewQueryOptions = () =>
  queryOptions({ queryKey: cashbookKeys.overview(), queryFn: ({ signal }) => getOverview(signal) });

export const useOverview = () => useQuery(overviewQueryOptions());
