import { z } from 'zod';
import { COMMON_MSG } from '../messages/common.js';
import { RKSV_CARDS_MSG as M } from '../messages/rksv-cards.js';
import { trimInvisible } from '../input-hygiene.js';
import { CARD_STATES } from '../rksv-card-life.js';
import { apiDay } from './dates.js';
import { RKSV_CARD_TYPE_MAX } from './rksv-cards-limits.js';

/** Request and answer schemas of the renewal and replacement campaigns (issue 32). */

export const RKSV_CAMPAIGN_PAGE = 50;

const day = apiDay(COMMON_MSG.invalidDate.code);
const cardType = z
  .string()
  .overwrite(trimInvisible)
  .max(RKSV_CARD_TYPE_MAX, M.cardTypeTooLong.code)
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * A campaign is its cards: those of a card type, those whose certificate ends before a day, or both.
 * One of the two is needed: a campaign of every card is not one.
 */
const campaignFields = {
  card_type: cardType,
  /** Cards whose certificate's last day is before this day (`YYYY-MM-DD`). */
  valid_before: day.optional(),
};
const oneFilter = (v: { card_type?: string; valid_before?: string }) => Boolean(v.card_type || v.valid_before);
const oneFilterError = { message: COMMON_MSG.invalidValue.code, path: ['card_type'] };

export const rksvCampaignQuerySchema = z
  .object({
    ...campaignFields,
    /** The card id of the last row of the page before. */
    cursor: z
      .string()
      .regex(/^\d{1,10}$/, M.invalidCursor.code)
      .optional(),
  })
  .refine(oneFilter, oneFilterError);
export type RksvCampaignQuery = z.infer<typeof rksvCampaignQuerySchema>;

/** The CSV: every card of the campaign (no page). */
export const rksvCampaignCsvQuerySchema = z.object(campaignFields).refine(oneFilter, oneFilterError);
export type RksvCampaignCsvQuery = z.infer<typeof rksvCampaignCsvQuerySchema>;

/** `POST /api/rksv-campaign/remind`. */
export const rksvCampaignRemindSchema = z.object(campaignFields).refine(oneFilter, oneFilterError);
export type RksvCampaignRemind = z.infer<typeof rksvCampaignRemindSchema>;

export const rksvCampaignRowSchema = z.object({
  card_id: z.number(),
  order_id: z.number(),
  companyname: z.string(),
  email: z.string(),
  customer_id: z.number().nullable(),
  serial_number: z.string().nullable(),
  card_type: z.string().nullable(),
  /** `YYYY-MM-DD`: as set, else activation + 5 years; null before activation. */
  valid_until: z.string().nullable(),
  state: z.enum(CARD_STATES),
  /** When this campaign's reminder went to the card's order e-mail, or null. */
  reminded_at: z.string().nullable(),
});
export type RksvCampaignRow = z.infer<typeof rksvCampaignRowSchema>;

export const rksvCampaignListSchema = z.object({
  items: z.array(rksvCampaignRowSchema),
  /** Cards of the campaign (every page). */
  cards: z.number(),
  /** Distinct customers among them: the linked customer, else the order's e-mail. */
  customers: z.number(),
  /** Cards whose reminder of this campaign went out already. */
  reminded: z.number(),
  nextCursor: z.string().nullable(),
});
export type RksvCampaignList = z.infer<typeof rksvCampaignListSchema>;

export const rksvCampaignRemindAnswerSchema = z.object({
  /** The record of this send (rksv_campaigns). */
  campaign_id: z.number(),
  /** Mails queued now (one per e-mail address and language, naming its cards). */
  mails: z.number(),
  /** Cards reminded now. */
  cards: z.number(),
  /** Cards this campaign had reminded before (not mailed again). */
  before: z.number(),
});
export type RksvCampaignRemindAnswer = z.infer<typeof rksvCampaignRemindAnswerSchema>;
