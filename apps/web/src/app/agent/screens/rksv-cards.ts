import { lazyPage } from '../../../lib/lazy-page';
import type { AreaScreens } from './types';

/**
 * The signature cards' legal deadlines (issue 32) on the sidebar's "Aktivierungen": the staff's work
 * list, the card's dialog and the admins' card types. The states' and deadlines' names are the
 * rksv-orders area's (the order dialog shows them too).
 */
export const rksvCardsScreens: AreaScreens = {
  rksvactivations: lazyPage(() => import('../../../features/rksv-cards/deadlines-page'), ['rksv-cards', 'rksv-orders']),
};
