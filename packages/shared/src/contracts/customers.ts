import { z } from 'zod';
import { COMMON_MSG } from '../messages/common.js';
import { customerHitSchema, customerSearchQuerySchema } from '../schemas/tasks.js';
import {
  customerRecordSchema,
  customerTimelineQuerySchema,
  customerTimelineSchema,
} from '../schemas/customer-timeline.js';
import { access, CUSTOMER_REGISTER_FLAGS, defineCalls, type CallSpec } from './define.js';

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
});
