import { lazyPage } from '../../../lib/lazy-page';
import type { AreaScreens } from './types';

/**
 * Renewal and replacement campaigns of the signature cards (issue 32) on the sidebar's "Exporte": the
 * affected cards of a card type or an expiry window, their CSV and one reminder per campaign. The states'
 * names are the rksv-orders area's.
 */
export const rksvCampaignsScreens: AreaScreens = {
  rksvexports: lazyPage(
    () => import('../../../features/rksv-campaigns/campaign-page'),
    ['rksv-campaigns', 'rksv-orders'],
  ),
};
