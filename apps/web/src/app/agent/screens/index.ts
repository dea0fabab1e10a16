import type { AreaScreens } from './types';
import { cashbookScreens } from './cashbook';
import { insolvencyScreens } from './insolvency';
import { newsScreens } from './news';
import { rksvOrdersScreens } from './rksv-orders';
import { rksvCardsScreens } from './rksv-cards';
import { rksvCampaignsScreens } from './rksv-campaigns';
import { signageScreens } from './signage';
import { statsScreens } from './stats';
import { syncScreens } from './sync';
import { serviceLevelsScreens } from './service-levels';
import { auditScreens } from './audit';

/**
 * The back-office areas' screens, one file per area so each area adds its routes without touching
 * the others'. A sidebar path without a screen shows the spec's "not available yet" notice.
 */
export const AREA_SCREENS: AreaScreens = {
  ...rksvOrdersScreens,
  ...rksvCardsScreens,
  ...rksvCampaignsScreens,
  ...statsScreens,
  ...signageScreens,
  ...syncScreens,
  ...insolvencyScreens,
  ...cashbookScreens,
  ...newsScreens,
  ...serviceLevelsScreens,
  ...auditScreens,
};
