import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TimelineKind } from '@portal/shared';
import { customersCalls } from '@portal/shared/contracts';
import { callApi, callKey } from '../../../lib/calls';

/** What the timeline asks for: the kinds chosen (none: every kind the reader may see) and the page size. */
export interface TimelineRequest {
  id: number;
  kinds: readonly TimelineKind[];
  /** Entries per page; undefined: the server's default. */
  limit?: number;
}

/** One page of a customer's timeline, newest first (`getCustomerTimeline`), after the page of `cursor`. */
export function getCustomerTimeline(request: TimelineRequest, cursor: string | null, signal?: AbortSignal) {
  return callApi(
    customersCalls.getCustomerTimeline,
    {
      id: request.id,
      kinds: request.kinds.length ? request.kinds.join(',') : undefined,
      limit: request.limit,
      cursor: cursor ?? undefined,
    },
    { signal },
  );
}

export const customerTimelineQuery = (request: TimelineRequest, enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: callKey(customersCalls.getCustomerTimeline, request),
    queryFn: ({ pageParam, signal }) => getCustomerTimeline(request, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });

/** The timeline page by page ("Mehr laden" appends the next one); asks nothing until `enabled`. */
export const useCustomerTimeline = (request: TimelineRequest, enabled: boolean) =>
  useInfiniteQuery(customerTimelineQuery(request, enabled));
