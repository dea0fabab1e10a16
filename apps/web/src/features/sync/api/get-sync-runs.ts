import type { SyncCountry } from '@portal/shared';
import { syncCalls } from '@portal/shared/contracts';
import { callKey, useCallQuery } from '../../../lib/calls';
import { POLL_MS } from './get-sync-run';

/** The latest 20 runs of a country, newest first; read again every few seconds while one goes (`listSyncRuns`). */
export const useSyncRuns = (country: SyncCountry) =>
  useCallQuery(
    syncCalls.listSyncRuns,
    { country },
    { refetchInterval: (q) => (q.state.data?.[0]?.status === 'running' ? POLL_MS * 3 : false) },
  );

/** The cache entry of a country's runs (refreshed when a run watched on its own has ended). */
export const syncRunsKey = (country: SyncCountry) => callKey(syncCalls.listSyncRuns, { country });
