import { rksvCardsCalls as calls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Records the check of a year's Jahresbeleg (`checkRksvJahresbeleg`); the card's next deadline moves on. */
export const useCheckRksvJahresbeleg = () =>
  useCallMutation(calls.checkRksvJahresbeleg, { invalidates: ['rksv-cards', 'rksv-orders'] });
