import { rksvCardsCalls as calls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/**
 * Moves a card to registered, in_use, outage, defective, replaced or deregistered (`transitionRksvCard`).
 * The order dialog shows each card's state too: both areas refresh.
 */
export const useTransitionRksvCard = () =>
  useCallMutation(calls.transitionRksvCard, { invalidates: ['rksv-cards', 'rksv-orders'] });
