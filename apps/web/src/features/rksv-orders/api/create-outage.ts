import { rksvOrdersCalls as calls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Records an outage of an activated card (`createRksvOutage`). */
export const useCreateOutage = () => useCallMutation(calls.createRksvOutage);
