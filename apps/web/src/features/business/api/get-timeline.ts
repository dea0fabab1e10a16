import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { businessCalls } from '@portal/shared/contracts';
import { callApi, callKey } from '../../../lib/calls';

/** The customer's own timeline, page by page ("Mehr laden" appends the next one; `getBusinessTimeline`). */
export const useBusinessTimeline = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: callKey(businessCalls.getBusinessTimeline, {}),
      queryFn: ({ pageParam, signal }) =>
        callApi(businessCalls.getBusinessTimeline, { cursor: pageParam ?? undefined, limit: 10 }, { signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );
