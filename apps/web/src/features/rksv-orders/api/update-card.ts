import { rksvOrdersCalls as calls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Saves a card’s serial number (`updateRksvCard`). */
export const useUpdateCard = () => useCallMutation(calls.updateRksvCard);
