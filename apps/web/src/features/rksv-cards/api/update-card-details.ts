import { rksvCardsCalls as calls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Sets a card's type and, where it differs from activation + 5 years, its certificate's end (`updateRksvCardDetails`). */
export const useUpdateRksvCardDetails = () =>
  useCallMutation(calls.updateRksvCardDetails, { invalidates: ['rksv-cards', 'rksv-orders'] });
