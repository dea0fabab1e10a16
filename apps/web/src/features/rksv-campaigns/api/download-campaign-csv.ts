import { rksvCampaignsCalls as calls, type CallInput } from '@portal/shared/contracts';
import { downloadCall } from '../../../lib/calls';

/** Every card of the campaign as CSV (`exportRksvCampaignCsv`), saved under a name that says which. */
export const downloadCampaignCsv = (filters: CallInput<typeof calls.exportRksvCampaignCsv>) =>
  downloadCall(
    calls.exportRksvCampaignCsv,
    filters,
    `rksv-kampagne${filters.card_type ? `_${filters.card_type.replace(/[^\w.-]+/g, '-')}` : ''}${filters.valid_before ? `_vor_${filters.valid_before}` : ''}.csv`,
  );
