import { queryOptions, useQuery } from '@tanstack/react-query';
import { verifyResponseSchema } from '@portal/shared';
import { cashbookCall } from './client';
import { cashbookKeys } from './query-keys';

/** GET /cashbook/verify: the chain recomputed on the server. */
export const getVerify = (signal?: AbortSignal) => cashbookCall('/verify', verifyResponseSchema, { signal });

export const verifyQueryOptions = () =>
  queryOptions({ queryKey: cashbookKeys.verify(), queryFn: ({ signal }) => getVerify(signal) });

export const useVerify = () => useQuery(verifyQueryOptions());
