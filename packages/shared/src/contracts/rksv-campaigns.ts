import {
  rksvCampaignCsvQuerySchema,
  rksvCampaignListSchema,
  rksvCampaignQuerySchema,
  rksvCampaignRemindAnswerSchema,
  rksvCampaignRemindSchema,
} from '../schemas/rksv-campaigns.js';
import { access, defineCalls, fileAnswer } from './define.js';

const rksv = access.staffWith('rksv');

/**
 * Renewal and replacement campaigns (issue 32): the cards of a card type or of an expiry window that are
 * still in their life (not replaced, not deregistered), their customers, the CSV, and one reminder mail
 * per card and campaign. Served by the rksv-orders module; an agent's campaign is the cards of their orders.
 */
export const rksvCampaignsCalls = defineCalls('rksv-campaigns', {
  listRksvCampaign: {
    method: 'GET',
    path: '/api/rksv-campaign',
    access: rksv,
    summary:
      'The cards of a campaign (card type and/or certificate ending before a day), by card id (keyset), with counts of cards and customers',
    description:
      'Filters: card_type, valid_before (YYYY-MM-DD); one of them is needed. Only cards not replaced and not ' +
      'deregistered. `reminded_at` is when this campaign mailed the card’s order. `nextCursor` is the `cursor` of the next page.',
    query: rksvCampaignQuerySchema,
    answer: rksvCampaignListSchema,
    errors: [400, 401, 403],
  },
  exportRksvCampaignCsv: {
    method: 'GET',
    path: '/api/rksv-campaign.csv',
    access: rksv,
    summary: 'Every card of a campaign as CSV (semicolon, UTF-8 with BOM, German header)',
    query: rksvCampaignCsvQuerySchema,
    answer: fileAnswer('text/csv'),
    errors: [400, 401, 403],
  },
  remindRksvCampaign: {
    method: 'POST',
    path: '/api/rksv-campaign/remind',
    access: rksv,
    audit: { subject: 'rksv_campaign', answer: 'campaign_id' },
    summary:
      'Mails every card of the campaign not reminded by it yet (the order’s e-mail and language, through the outbox); a card is mailed once per campaign, also when sent twice at once',
    body: rksvCampaignRemindSchema,
    answer: rksvCampaignRemindAnswerSchema,
    idempotent: true,
    errors: [400, 401, 403, 409],
  },
});
