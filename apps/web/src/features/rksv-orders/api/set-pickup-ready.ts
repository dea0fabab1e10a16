import { rksvOrdersCalls as calls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Marks a pickup order as ready for pickup (`setRksvPickupReady`). */
export const useSetPickupReady = () => useCallMutation(calls.setRksvPickupReady);
