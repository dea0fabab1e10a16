import { z } from 'zod';
import { syncRunParamsSchema, syncRunSchema, syncRunsQuerySchema, syncStartResponseSchema } from '../schemas/sync.js';
import { access, defineCalls, type CallSpec } from './define.js';

/** Who may sync: the sidebar's rule (tasks flag, admins too), so screen and server agree. */
const syncAccess = access.staffWith('tasks');

const start = (country: 'AT' | 'EG') =>
  ({
    method: 'POST',
    path: `/sync/start-sync-${country === 'AT' ? 'at' : 'eg'}`,
    access: syncAccess,
    audit: { subject: 'sync_run', answer: 'runId' },
    summary: `Start a synchronisation of the ${country} customers in the background (409 while one is going)`,
    answer: syncStartResponseSchema,
    status: 202,
    errors: [400, 401, 403, 409],
  }) as const satisfies CallSpec;

/** Customer synchronisation (backoffice.md "Customer synchronisation", issue 19): start, runs. */
export const syncCalls = defineCalls('sync', {
  startSyncAt: start('AT'),
  startSyncEg: start('EG'),
  listSyncRuns: {
    method: 'GET',
    path: '/sync/runs',
    access: syncAccess,
    summary: 'The latest 20 runs of a country, newest first',
    query: syncRunsQuerySchema,
    answer: z.array(syncRunSchema),
    errors: [400, 401, 403],
  },
  getSyncRun: {
    method: 'GET',
    path: '/sync/runs/:runId',
    access: syncAccess,
    summary: 'One run with its counts, errors (at most 100) and summary',
    params: syncRunParamsSchema,
    answer: syncRunSchema,
    errors: [400, 401, 403, 404],
  },
});
