import {
  playBatchAnswerSchema,
  playBatchSchema,
  playMonthListSchema,
  playMonthParamSchema,
  playsQuerySchema,
  playSummarySchema,
  staffPlayMonthParamSchema,
} from '../schemas/signage-plays.js';
import { access, defineCalls, fileAnswer } from './define.js';

/**
 * Proof of play (issue 33): the screens upload what they played (tag `signage-device`), staff read it
 * per customer (tag `signage`), the customer downloads a monthly PDF in the business dashboard (tag
 * `business`). Served by the server's `modules/signage` (the business PDF through its index.ts).
 */
const devicePlayCalls = defineCalls('signage-device', {
  uploadSignagePlays: {
    method: 'POST',
    path: '/ds/api/plays',
    access: access.keyHolder('device'),
    summary:
      'A batch of what the screen played {plays: [{seq, file_id, started_at, duration_ms}]} (at most 500); idempotent by (device, seq): a seq sent again counts once; plays of files not the customer’s or far off in time are skipped. Answers the seqs the screen may delete',
    body: playBatchSchema,
    answer: playBatchAnswerSchema,
    errors: [400, 401],
  },
});

const staffPlayCalls = defineCalls('signage', {
  getSignagePlays: {
    method: 'GET',
    path: '/api/okds-plays',
    access: access.staffWith('digital_signage'),
    summary:
      'A customer’s plays from..to (Vienna days, at most 366) per file and screen: count and total duration, most played first (paged), with the totals of the period',
    query: playsQuerySchema,
    answer: playSummarySchema,
    errors: [400, 401, 403, 404],
  },
  getSignagePlayReportPdf: {
    method: 'GET',
    path: '/api/okds-plays/:customerId/:month/pdf',
    access: access.staffWith('digital_signage'),
    summary: 'A customer’s monthly proof-of-play PDF (German)',
    params: staffPlayMonthParamSchema,
    answer: fileAnswer('application/pdf'),
    errors: [400, 401, 403, 404],
  },
});

const businessPlayCalls = defineCalls('business', {
  listBusinessPlayMonths: {
    method: 'GET',
    path: '/api/business/plays',
    access: access.customerOnly,
    summary: 'The last 12 months in which the customer’s screens played, with plays and screens, newest first',
    answer: playMonthListSchema,
    errors: [400, 401, 403, 404],
  },
  getBusinessPlayReportPdf: {
    method: 'GET',
    path: '/api/business/plays/:month/pdf',
    access: access.customerOnly,
    summary: 'The monthly proof-of-play PDF of the customer’s own screens, in the account’s language',
    params: playMonthParamSchema,
    answer: fileAnswer('application/pdf'),
    errors: [400, 401, 403, 404],
  },
});

export const signagePlayCalls = { ...devicePlayCalls, ...staffPlayCalls, ...businessPlayCalls };
