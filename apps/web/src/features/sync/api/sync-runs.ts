import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SyncCountry, SyncRun } from '@portal/shared';
import { api } from '../../../lib/api';

export const syncKeys = {
  all: ['sync'] as const,
  runs: (country: SyncCountry) => ['sync', 'runs', country] as const,
  run: (runId: number) => ['sync', 'run', runId] as const,
};

/** While a run goes its row is read this often (the progress bar). */
const POLL_MS = 1000;

/** GET /sync/runs?country=: the latest 20 runs, newest first; read again every few seconds while one goes. */
export const syncRunsQueryOptions = (country: SyncCountry) =>
  queryOptions({
    queryKey: syncKeys.runs(country),
    queryFn: ({ signal }) => api<SyncRun[]>(`/sync/runs?country=${country}`, { signal }),
    refetchInterval: (q) => (q.state.data?.[0]?.status === 'running' ? POLL_MS * 3 : false),
  });

export function useSyncRuns(country: SyncCountry) {
  return useQuery(syncRunsQueryOptions(country));
}

/** GET /sync/runs/{runId}, polled while the run goes. */
export function useSyncRun(runId: number | null) {
  return useQuery({
    queryKey: syncKeys.run(runId ?? 0),
    queryFn: ({ signal }) => api<SyncRun>(`/sync/runs/${runId}`, { signal }),
    enabled: runId !== null,
    refetchInterval: (q) => (q.state.data?.status === 'running' || !q.state.data ? POLL_MS : false),
  });
}

/** POST /sync/start-sync-at or -eg: 202 {message, runId}; 409 while a run of the country goes. */
export function useStartSync(country: SyncCountry) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ message: string; runId: number }>(`/sync/start-sync-${country.toLowerCase()}`, { method: 'POST' }),
    onSettled: () => void qc.invalidateQueries({ queryKey: syncKeys.runs(country) }),
  });
}
