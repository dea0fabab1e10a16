import { rksvOrdersCalls as calls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/**
 * Reveals the AES key of a card (`getRksvCardKey`); the server writes the reveal into the order's
 * activity, so the area's screens refresh after it.
 */
export const useRevealCardKey = () => useCallMutation(calls.getRksvCardKey);
