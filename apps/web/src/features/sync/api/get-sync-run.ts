import { syncCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** While a run goes its row is read this often (the progress bar). */
export const POLL_MS = 1000;

/** One run with its counts and errors, polled while it goes (`getSyncRun`). */
export const useSyncRun = (runId: number | null) =>
  useCallQuery(
    syncCalls.getSyncRun,
    { runId: runId ?? 0 },
    {
      enabled: runId !== null,
      refetchInterval: (q) => (q.state.data?.status === 'running' || !q.state.data ? POLL_MS : false),
    },
  );
