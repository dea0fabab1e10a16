import { rksvOrdersCalls as calls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Ships a shipping order: tracking number and shipped_at (`setRksvTracking`). */
export const useSetTracking = () => useCallMutation(calls.setRksvTracking);
