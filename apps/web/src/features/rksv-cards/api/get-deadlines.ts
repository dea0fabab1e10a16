import { keepPreviousData } from '@tanstack/react-query';
import { rksvCardsCalls as calls, type CallInput } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

export type RksvDeadlineFilters = CallInput<typeof calls.listRksvDeadlines>;

/** One keyset page of cards with their next deadline, most urgent first, and the counts per kind (`listRksvDeadlines`). */
export const useRksvDeadlines = (filters: RksvDeadlineFilters) =>
  useCallQuery(calls.listRksvDeadlines, filters, { placeholderData: keepPreviousData });
