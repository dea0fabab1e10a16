import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Branch } from '@portal/shared';
import { api } from '../../../lib/api';
import { recordsKeys } from './keys';

/** GET /business/branches */
export const getBranches = (signal?: AbortSignal) => api<Branch[]>('/business/branches', { signal });

export const branchesQueryOptions = () =>
  queryOptions({ queryKey: recordsKeys.branches(), queryFn: ({ signal }) => getBranches(signal) });

export const useBranches = () => useQuery(branchesQueryOptions());
