import type { SyncCountry } from '@portal/shared';
import { syncCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/**
 * Starts a run of the country: 202 {message, runId}, 409 while one goes (`startSyncAt`, `startSyncEg`); the
 * runs refresh either way.
 */
export const useStartSync = (country: SyncCountry) =>
  useCallMutation(country === 'AT' ? syncCalls.startSyncAt : syncCalls.startSyncEg, { refreshOnError: true });
