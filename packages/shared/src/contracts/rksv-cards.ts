import { z } from 'zod';
import {
  rksvCardDetailsSchema,
  rksvCardIdParamSchema,
  rksvCardLifeSchema,
  rksvCardTransitionSchema,
  rksvCardTypeListSchema,
  rksvDeadlineListQuerySchema,
  rksvDeadlineListSchema,
  rksvJahresbelegSchema,
  rksvOutageReportedSchema,
  rksvPutCardTypesSchema,
} from '../schemas/rksv-cards.js';
import { rksvReplacementPrefillSchema } from '../schemas/shop.js';
import { access, defineCalls } from './define.js';

const rksv = access.staffWith('rksv');

/**
 * A signature card's life after its order (issue 32): its state and legal deadlines, the transitions,
 * the Jahresbeleg, the staff's deadline list and the admins' card types. Served by the rksv-orders
 * module; who may see a card is who may see its order (the order's agent or an admin).
 */
export const rksvCardsCalls = defineCalls('rksv-cards', {
  getRksvCard: {
    method: 'GET',
    path: '/api/rksv-card/:cardId',
    access: rksv,
    summary:
      'One card: its state, next deadline and every open one, the transitions open to it, outages, Jahresbelege and history',
    params: rksvCardIdParamSchema,
    answer: rksvCardLifeSchema,
    errors: [400, 401, 403, 404],
  },
  transitionRksvCard: {
    method: 'POST',
    path: '/api/rksv-card-transition',
    access: rksv,
    audit: { subject: 'rksv_card', id: 'cardId' },
    summary:
      'Moves a card to registered, in_use, outage, defective, replaced or deregistered: one transaction with an activity row; 409 naming both states when the move is not possible',
    body: rksvCardTransitionSchema,
    answer: rksvCardLifeSchema,
    idempotent: true,
    errors: [400, 401, 403, 404, 409],
  },
  checkRksvJahresbeleg: {
    method: 'POST',
    path: '/api/rksv-jahresbeleg',
    access: rksv,
    audit: { subject: 'rksv_card', id: 'cardId' },
    summary:
      'Records the check of a year’s Jahresbeleg (due 15 February of the next year); 409 when that year is checked',
    body: rksvJahresbelegSchema,
    answer: rksvCardLifeSchema,
    idempotent: true,
    errors: [400, 401, 403, 404, 409],
  },
  reportRksvOutage: {
    method: 'POST',
    path: '/api/rksv-outage-reported',
    access: rksv,
    audit: { subject: 'rksv_card', answer: 'card.id' },
    summary: 'Records that an outage of more than 48 h was reported to the tax office (§ 17 RKSV)',
    body: rksvOutageReportedSchema,
    answer: rksvCardLifeSchema,
    idempotent: true,
    errors: [400, 401, 403, 404, 409],
  },
  updateRksvCardDetails: {
    method: 'PUT',
    path: '/api/rksv-card/:cardId',
    access: rksv,
    audit: { subject: 'rksv_card', id: 'cardId' },
    summary:
      'Sets a card’s type (one of the admins’ list) and, where it differs from activation + 5 years, its certificate’s end',
    params: rksvCardIdParamSchema,
    body: rksvCardDetailsSchema,
    answer: rksvCardLifeSchema,
    errors: [400, 401, 403, 404],
  },
  listRksvDeadlines: {
    method: 'GET',
    path: '/api/rksv-deadlines',
    access: rksv,
    summary:
      'Cards with their next legal deadline, most urgent first (keyset), with counts per kind; an agent sees the cards of their orders',
    description:
      'Filters: kind (registration, startbeleg, jahresbeleg, outage_report, renewal, replacement), due_before ' +
      '(YYYY-MM-DD), agent_id, country (the linked customer’s), q. `nextCursor` is the `cursor` of the next page.',
    query: rksvDeadlineListQuerySchema,
    answer: rksvDeadlineListSchema,
    errors: [400, 401, 403],
  },
  listRksvCardTypes: {
    method: 'GET',
    path: '/api/rksv-card-types',
    access: rksv,
    summary: 'The card types with the day each loses its approval, and how many cards carry it',
    answer: rksvCardTypeListSchema,
    errors: [400, 401, 403],
  },
  putRksvCardTypes: {
    method: 'PUT',
    path: '/api/rksv-card-types',
    access: access.adminWith('rksv'),
    audit: { subject: null },
    summary:
      'Admin: the whole list of card types; a changed approval end recomputes the deadlines of that type’s cards',
    body: rksvPutCardTypesSchema,
    answer: z.object({ message: z.string(), code: z.string().optional() }),
    errors: [400, 401, 403, 409],
  },
  getRksvCardReplacement: {
    method: 'GET',
    path: '/api/rksv-card/:cardId/replacement',
    access: rksv,
    summary: '"Ersatz bestellen": the shop form’s data from the card’s order, for staff who may see the card',
    params: rksvCardIdParamSchema,
    answer: rksvReplacementPrefillSchema,
    errors: [400, 401, 403, 404],
  },
});
