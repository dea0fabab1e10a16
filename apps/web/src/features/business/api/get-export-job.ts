import { customersCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** While it is queued or running, an export is asked for again every second. */
const POLL_MS = 1000;

/** The own export's state and progress (`getGdprJob`), asked again while it runs; undefined asks nothing. */
export const useExportJob = (jobId: number | undefined) =>
  useCallQuery(
    customersCalls.getGdprJob,
    { jobId: jobId ?? 0 },
    {
      enabled: jobId !== undefined,
      refetchInterval: (q) => (q.state.data && !['queued', 'running'].includes(q.state.data.status) ? false : POLL_MS),
    },
  );
