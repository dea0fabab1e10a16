import { rksvCardsCalls as calls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** One card's life: state, open deadlines, the transitions open to it, outages, Jahresbelege, history (`getRksvCard`). */
export const useRksvCard = (cardId: number | undefined) =>
  useCallQuery(calls.getRksvCard, { cardId: cardId ?? 0 }, { enabled: cardId !== undefined });
