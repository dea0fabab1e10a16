import { z } from 'zod';
import { INSOLVENCY_CLOSE_STATUSES } from '../insolvency-rules.js';
import { messageSchema } from '../user.js';
import {
  closeInsolvencySchema,
  createInsolvencySchema,
  insolvencyCustomerHitSchema,
  insolvencyIdParamsSchema,
  insolvencyListQuerySchema,
  insolvencyRowSchema,
  insolvencySearchQuerySchema,
  setInsolvencyMonthSchema,
} from '../schemas/insolvency.js';
import { access, defineCalls } from './define.js';

/** Staff with the tasks flag, as the sidebar's tasks group that holds the screen (portal.md "Agent sidebar"). */
const tasks = access.staffWith('tasks');

/**
 * Insolvency cases (backoffice.md "Insolvency", issue 19): list, open, monthly invoice numbers, close;
 * customers and anonymous callers are refused.
 */
export const insolvencyCalls = defineCalls('insolvency', {
  getInsolvencies: {
    method: 'GET',
    path: '/api/get-insolvencies',
    access: tasks,
    summary: 'Insolvency cases with their months, newest first (paged: limit, offset; optional status)',
    query: insolvencyListQuerySchema,
    answer: z.array(insolvencyRowSchema),
    errors: [400, 401, 403],
  },
  searchInsolvencyCustomers: {
    method: 'GET',
    path: '/api/insolvency-search-customers',
    access: tasks,
    summary: 'Customers by number prefix, company, contact or e-mail (at least 2 characters, at most 20 rows)',
    query: insolvencySearchQuerySchema,
    answer: z.array(insolvencyCustomerHitSchema),
    errors: [400, 401, 403],
  },
  createInsolvency: {
    method: 'POST',
    path: '/api/create-insolvency',
    access: tasks,
    audit: { subject: 'insolvency' },
    summary: 'Open a case (409 while the customer has an active one)',
    body: createInsolvencySchema,
    answer: z.object({ id: z.number().int(), message: z.string(), code: z.string().optional() }),
    status: 201,
    idempotent: true,
    errors: [400, 401, 403, 409],
  },
  setInsolvencyMonth: {
    method: 'POST',
    path: '/api/set-insolvency-month/:id/month',
    access: tasks,
    audit: { subject: 'insolvency', id: 'id' },
    summary: "Store or replace a month's invoice number (start month to end or current month)",
    params: insolvencyIdParamsSchema,
    body: setInsolvencyMonthSchema,
    answer: messageSchema,
    errors: [400, 401, 403, 404, 409],
  },
  closeInsolvency: {
    method: 'PATCH',
    path: '/api/close-insolvency/:id',
    access: tasks,
    audit: { subject: 'insolvency', id: 'id' },
    summary: "'Beenden' (closed) or 'Dauerhaft schließen' (permanently_closed); end date today (Vienna)",
    params: insolvencyIdParamsSchema,
    body: closeInsolvencySchema,
    answer: z.object({
      message: z.string(),
      code: z.string().optional(),
      status: z.enum(INSOLVENCY_CLOSE_STATUSES),
      end_date: z.string(),
    }),
    errors: [400, 401, 403, 404, 409],
  },
});
