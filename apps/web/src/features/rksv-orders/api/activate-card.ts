import { rksvOrdersCalls as calls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Activates a card; the AES key is write-only (`activateRksvCard`). */
export const useActivateCard = () => useCallMutation(calls.activateRksvCard);
