import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { closingListResponseSchema } from '@portal/shared';
import { cashbookCall } from './client';
import { cashbookKeys } from './query-keys';

export const CLOSINGS_PAGE = 24;

/** GET /cashbook/monthly-closings?limit&offset */
export const getClosings = (offset: number, signal?: AbortSignal) =>
  cashbookCall(`/monthly-closings?limit=${CLOSINGS_PAGE}&offset=${offset}`, closingListResponseSchema, { signal });

export const closingsQueryOptions = (offset: number) =>
  queryOptions({ queryKey: cashbookKeys.closings(offset), queryFn: ({ signal }) => getClosings(offset, signal) });

export const useClosings = (offset: number) =>
  useQuery({ ...closingsQueryOptions(offset), placeholderData: keepPreviousData });
