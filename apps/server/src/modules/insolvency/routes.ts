import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  closeInsolvencySchema,
  createInsolvencySchema,
  INSOLVENCY_CLOSE_STATUSES,
  INSOLVENCY_MSG,
  insolvencyCustomerHitSchema,
  insolvencyIdParamsSchema,
  insolvencyListQuerySchema,
  insolvencyRowSchema,
  insolvencySearchQuerySchema,
  messageSchema,
  setInsolvencyMonthSchema,
} from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
import { staffWith } from '../../platform/access.js';
import { currentUser } from '../../platform/auth.js';
import { closeCase, createCase, listCases, searchCustomers, setMonth } from './cases.js';
import { errorResponses } from '../../platform/openapi.js';

/**
 * Insolvency cases (backoffice.md "Insolvency", issue 19): staff with the tasks flag, as the sidebar's
 * tasks group that holds the screen (portal.md "Agent sidebar", issue 28); customers and anonymous refused.
 */
export const insolvencyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const tags = ['insolvency'];

  app.get(
    '/api/get-insolvencies',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'getInsolvencies',
        tags,
        summary: 'Insolvency cases with their months, newest first (paged: limit, offset; optional status)',
        querystring: insolvencyListQuerySchema,
        response: { ...errorResponses(400, 401, 403), 200: z.array(insolvencyRowSchema) },
      },
    },
    (req) => listCases(ctx, currentUser(req), req.query),
  );

  app.get(
    '/api/insolvency-search-customers',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'searchInsolvencyCustomers',
        tags,
        summary: 'Customers by number prefix, company, contact or e-mail (at least 2 characters, at most 20 rows)',
        querystring: insolvencySearchQuerySchema,
        response: { ...errorResponses(400, 401, 403), 200: z.array(insolvencyCustomerHitSchema) },
      },
    },
    (req) => searchCustomers(ctx, currentUser(req), { query: req.query.query }),
  );

  app.post(
    '/api/create-insolvency',
    {
      config: { access: staffWith('tasks'), idempotent: true },
      schema: {
        operationId: 'createInsolvency',
        tags,
        summary: 'Open a case (409 while the customer has an active one)',
        body: createInsolvencySchema,
        response: {
          ...errorResponses(401, 403),
          201: z.object({ id: z.number().int(), message: z.string() }),
          400: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (req, reply) => {
      const { id } = await createCase(ctx, currentUser(req), req.body);
      return reply.code(201).send({ id, message: INSOLVENCY_MSG.created });
    },
  );

  app.post(
    '/api/set-insolvency-month/:id/month',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'setInsolvencyMonth',
        tags,
        summary: "Store or replace a month's invoice number (start month to end or current month)",
        params: insolvencyIdParamsSchema,
        body: setInsolvencyMonthSchema,
        response: {
          ...errorResponses(401, 403),
          200: messageSchema,
          400: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (req) => {
      await setMonth(ctx, currentUser(req), { ...req.body, id: req.params.id });
      return { message: INSOLVENCY_MSG.monthSaved };
    },
  );

  app.patch(
    '/api/close-insolvency/:id',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'closeInsolvency',
        tags,
        summary: "'Beenden' (closed) or 'Dauerhaft schließen' (permanently_closed); end date today (Vienna)",
        params: insolvencyIdParamsSchema,
        body: closeInsolvencySchema,
        response: {
          ...errorResponses(400, 401, 403),
          200: z.object({ message: z.string(), status: z.enum(INSOLVENCY_CLOSE_STATUSES), end_date: z.string() }),
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (req) => {
      const r = await closeCase(ctx, currentUser(req), { id: req.params.id, status: req.body.status });
      return { ...r, message: r.status === 'closed' ? INSOLVENCY_MSG.closed : INSOLVENCY_MSG.closedPermanently };
    },
  );
};
