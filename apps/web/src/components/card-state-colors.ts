import type { CardState } from '@portal/shared';

/**
 * The colour of a signature card's state badge (issue 32), one map for the staff's deadline list, the
 * order dialog and the customer's cards: the start in blues, in use green, trouble orange and red, the
 * end grey.
 */
export const CARD_STATE_COLORS: Record<CardState, string> = {
  ordered: 'gray',
  serial_entered: 'cyan',
  delivered: 'indigo',
  activated: 'blue',
  registered: 'violet',
  in_use: 'green',
  outage: 'red',
  // A dark orange: Mantine's orange under white text misses 4.5:1 even at its darkest shade.
  expiring: '#b03a0a',
  replaced: 'gray',
  expired: 'red',
  deregistered: 'gray',
  defective: 'red',
};
