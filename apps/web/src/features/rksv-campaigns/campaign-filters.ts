import { isApiDay } from '@portal/shared';
import { urlParam, type UrlFilterValues } from '../../lib/use-url-filters';
import type { RksvCampaignFilters } from './api/get-campaign';

/** The campaign's URL parameters: the card type and "gültig bis vor" stay put across reloads and links. */
export const CAMPAIGN_FILTERS = {
  type: urlParam.text(),
  before: urlParam.text(),
};
export type CampaignFilterValues = UrlFilterValues<typeof CAMPAIGN_FILTERS>;
export const CAMPAIGN_RESETTABLE = ['type', 'before'] as const;

/** The call's filters of the address (a day that is not one is left out); null while none is chosen. */
export function campaignFilters(v: CampaignFilterValues): Omit<RksvCampaignFilters, 'cursor'> | null {
  const card_type = v.type.trim() || undefined;
  const valid_before = isApiDay(v.before) ? v.before : undefined;
  return card_type || valid_before ? { card_type, valid_before } : null;
}
