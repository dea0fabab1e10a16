import { rksvOrdersCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/**
 * Admins: staff with the rksv flag, for the agent filter (`listRksvAgents`, the rksv-orders area's call;
 * its answer is cached under that area's key, shared with the orders screen).
 */
export const useRksvCardAgents = (enabled: boolean) =>
  useCallQuery(rksvOrdersCalls.listRksvAgents, {}, { enabled, staleTime: 60_000 });
