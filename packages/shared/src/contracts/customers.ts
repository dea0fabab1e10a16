import { z } from 'zod';
import { COMMON_MSG } from '../messages/common.js';
import { customerHitSchema, customerSearchQuerySchema } from '../schemas/tasks.js';
import {
  customerRecordSchema,
  customerTimelineQuerySchema,
  customerTimelineSchema,
} from '../schemas/customer-timeline.js';
import {
  customerGdprSchema,
  gdprErasureSchema,
  gdprEraseSchema,
  gdprJobParamsSchema,
  gdprJobSchema,
  gdprJobStartedSchema,
} from '../schemas/gdpr.js';
import { access, CUSTOMER_REGISTER_FLAGS, defineCalls, fileAnswer, type CallSpec } from './define.js';

const idParam = z.coerce
  .number({ error: COMMON_MSG.invalidId.code })
  .int(COMMON_MSG.invalidId.code)
  .positive(COMMON_MSG.invalidId.code)
  .max(2_147_483_647, COMMON_MSG.invalidId.code);

/** The customer register is data of the areas that work with customers; staff without one of them has no business there. */
const search = (source: 'AT' | 'EG', path: string) =>
  ({
    method: 'GET',
    path,
    access: access.staffWith(...CUSTOMER_REGISTER_FLAGS),
    summary: `Customer search (${source}): number prefix or company substring, at least 3 characters, at most 20 rows`,
    query: customerSearchQuerySchema,
    answer: z.array(customerHitSchema),
    errors: [400, 401, 403],
  }) as const satisfies CallSpec;

/** The customer search of every picker (tasks, cashbook): one register per country. */
export const customersCalls = defineCalls('customers', {
  listCustomers: search('AT', '/api/customers'),
  listCustomersEG: search('EG', '/api/customersEG'),
  getCustomerRecord: {
    method: 'GET',
    path: '/api/customers/:id',
    access: access.staffWith(...CUSTOMER_REGISTER_FLAGS),
    summary:
      'One customer’s master data and its source, and the timeline kinds the caller may see (agents: own country)',
    params: z.object({ id: idParam }),
    answer: customerRecordSchema,
    errors: [400, 401, 403, 404],
  },
  getCustomerTimeline: {
    method: 'GET',
    path: '/api/customers/:id/timeline',
    access: access.staffWith(...CUSTOMER_REGISTER_FLAGS),
    summary:
      'Everything that touched one customer, newest first, from the areas’ own tables: kinds (comma-separated, ' +
      'those of the caller’s flags), cursor (`nextCursor` of the page before), limit',
    params: z.object({ id: idParam }),
    query: customerTimelineQuerySchema,
    answer: customerTimelineSchema,
    errors: [400, 401, 403, 404],
  },
  // GDPR (issue 34): a customer's data exported as one ZIP by a background job, and erased within the
  // retention law (packages/shared gdpr-retention.ts). The customer starts their own export in the
  // business dashboard (contracts/business.ts `startOwnExport`); the job and its file are read here.
  exportCustomerData: {
    method: 'POST',
    path: '/api/customers/:id/export',
    access: access.admin,
    audit: { subject: 'customer', id: 'id' },
    summary:
      'Start the export of everything held about a customer (GDPR Art. 15/20): a background job builds one ZIP ' +
      '(a JSON file per area and a PDF summary), downloadable for 7 days and mailed when ready; answers 202 {jobId}',
    params: z.object({ id: idParam }),
    answer: gdprJobStartedSchema,
    status: 202,
    errors: [400, 401, 403, 404],
  },
  getGdprJob: {
    method: 'GET',
    path: '/api/gdpr-jobs/:jobId',
    access: access.signedIn,
    summary:
      'An export’s state: queued, running (progress 0–100), done (downloadUrl and expiresAt) or failed; ' +
      'admins, or the customer whose own export it is (anyone else 404)',
    params: gdprJobParamsSchema,
    answer: gdprJobSchema,
    errors: [400, 401, 404],
  },
  downloadGdprExport: {
    method: 'GET',
    path: '/api/gdpr-jobs/:jobId/download',
    access: access.signedIn,
    summary: 'The ZIP of a finished export while its 7 days last (410 after); who may read the job may download it',
    params: gdprJobParamsSchema,
    answer: fileAnswer('application/zip'),
    errors: [400, 401, 404, 409, 410],
  },
  getCustomerGdpr: {
    method: 'GET',
    path: '/api/customers/:id/gdpr',
    access: access.admin,
    summary:
      'A customer’s GDPR state: when it was erased and why, what the law still keeps until when, the latest export',
    params: z.object({ id: idParam }),
    answer: customerGdprSchema,
    errors: [400, 401, 403, 404],
  },
  eraseCustomerData: {
    method: 'POST',
    path: '/api/customers/:id/erase',
    access: access.admin,
    audit: { subject: 'customer', id: 'id' },
    summary:
      'Erase a customer’s personal data on their request (GDPR Art. 17): what no law requires is deleted or ' +
      'anonymised at once; invoices, RKSV orders, cashbook entries and insolvency records are kept, restricted, ' +
      'seven years after the end of their calendar year (§ 132 BAO) and listed with that date. Again: harmless',
    params: z.object({ id: idParam }),
    body: gdprEraseSchema,
    answer: gdprErasureSchema,
    errors: [400, 401, 403, 404],
  },
});
