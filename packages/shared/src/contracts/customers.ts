import { z } from 'zod';
import { customerHitSchema, customerSearchQuerySchema } from '../schemas/tasks.js';
import { access, CUSTOMER_REGISTER_FLAGS, defineCalls, type CallSpec } from './define.js';

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
});
