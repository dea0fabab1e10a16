import { rksvOrdersCalls as calls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Admin: assigns an order to a staff member with the rksv flag (`assignRksvAgent`). */
export const useAssignAgent = () => useCallMutation(calls.assignRksvAgent);
