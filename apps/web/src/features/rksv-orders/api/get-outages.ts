import { rksvOrdersCalls as calls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The outages of an activated card (`listRksvOutages`). */
export const useRksvOutages = (cardId: number) => useCallQuery(calls.listRksvOutages, { cardId });
