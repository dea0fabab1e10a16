import { rksvCardsCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The order data of a card staff may see, for "Ersatz bestellen" (`getRksvCardReplacement`). */
export const useStaffCardReplacement = (cardId: number, enabled: boolean) =>
  useCallQuery(rksvCardsCalls.getRksvCardReplacement, { cardId }, { enabled, retry: false });
