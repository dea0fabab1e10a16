import { rksvOrdersCalls as calls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

export interface RksvAgent {
  id: number;
  name: string;
}

/** Admins: staff with the rksv flag, for the Mitarbeiter filter and assignment (`listRksvAgents`). */
export const useRksvAgents = (enabled: boolean) =>
  useCallQuery(calls.listRksvAgents, {}, { enabled, staleTime: 60_000 });
