import { businessCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The order data of one of the signed-in customer's cards, for "Ersatz bestellen" (`getBusinessCardReplacement`). */
export const useOwnCardReplacement = (cardId: number, enabled: boolean) =>
  useCallQuery(businessCalls.getBusinessCardReplacement, { cardId }, { enabled, retry: false });
