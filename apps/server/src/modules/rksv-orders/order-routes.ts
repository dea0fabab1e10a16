import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageSchema,
  RKSV_ORDERS_MSG as MSG,
  rksvActivitySchema,
  rksvAssignAgentSchema,
  rksvAssignCustomerSchema,
  rksvCardSchema,
  rksvIdParamSchema,
  rksvInvoiceParamSchema,
  rksvInvoiceUrlSchema,
  rksvOrderListQuerySchema,
  rksvOrderListSchema,
  rksvOrderSchema,
  rksvSetPickupReadySchema,
  rksvSetTrackingSchema,
  rksvStatsSchema,
} from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
import { adminWith, publicAccess, staffWith, staffWithAll } from '../../platform/access.js';
import { currentUser } from '../../platform/auth.js';
import { contentDisposition } from '../../platform/uploads.js';
import { orderActivity } from './activity.js';
import { rksvAgents } from './agents.js';
import { assignAgent, assignCustomer, setPickupReady, setTracking } from './commands.js';
import { invoiceLink, signedInvoiceFile } from './invoice.js';
import { listOrders, orderCards, orderDetail } from './list.js';
import { rksvStats } from './stats.js';
import { errorResponses, fileResponse } from '../../platform/openapi.js';

const tags = ['rksv-orders'];
const errors = { 400: messageSchema, 404: messageSchema, 409: messageSchema };
const ok = z.object({ message: z.string() });

/** The order lists, the order-level writes, the invoice link and the statistics. */
export const orderRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const rksv = staffWith('rksv');

  app.get(
    '/api/rksv-orders',
    {
      config: { access: staffWithAll('rksv', 'rksv_orders') },
      schema: {
        operationId: 'listRksvOrders',
        tags,
        summary: 'Orders with their cards, stage and agent, newest first (keyset); needs rksv and rksv_orders',
        description:
          'Filters: q (id, company, customer, e-mail, address, zip code, city, VAT number; accent- and ' +
          'case-insensitive), payment_status, delivery (1/0), agent_id, stage. A non-admin agent gets only ' +
          'the orders assigned to them. `nextCursor` is the `cursor` of the next page. No card carries its AES key.',
        querystring: rksvOrderListQuerySchema,
        response: { ...errorResponses(401, 403), 200: rksvOrderListSchema, 400: messageSchema },
      },
    },
    async (req) => listOrders(ctx, currentUser(req), req.query),
  );

  app.get(
    '/api/rksv-order/:id',
    {
      config: { access: rksv },
      schema: {
        operationId: 'getRksvOrder',
        tags,
        summary: 'One order as the list shows it (404 for an order the caller may not see)',
        params: rksvIdParamSchema,
        response: { ...errorResponses(400, 401, 403), 200: rksvOrderSchema, 404: messageSchema },
      },
    },
    async (req) => orderDetail(ctx, currentUser(req), { orderId: req.params.id }),
  );

  app.get(
    '/api/rksv-cards/:id',
    {
      config: { access: rksv },
      schema: {
        operationId: 'getRksvCards',
        tags,
        summary: 'The cards of an order (404 for an order the caller may not see)',
        params: rksvIdParamSchema,
        response: { ...errorResponses(400, 401, 403), 200: z.array(rksvCardSchema), 404: messageSchema },
      },
    },
    async (req) => orderCards(ctx, currentUser(req), { orderId: req.params.id }),
  );

  app.get(
    '/api/rksv-order-activity/:id',
    {
      config: { access: rksv },
      schema: {
        operationId: 'getRksvOrderActivity',
        tags,
        summary: 'What happened to an order in the back office (who, what, when), newest first',
        params: rksvIdParamSchema,
        response: { ...errorResponses(400, 401, 403), 200: z.array(rksvActivitySchema), 404: messageSchema },
      },
    },
    async (req) => orderActivity(ctx, currentUser(req), { orderId: req.params.id }),
  );

  app.post(
    '/api/rksv-set-tracking',
    {
      config: { access: rksv },
      schema: {
        operationId: 'setRksvTracking',
        tags,
        summary: 'Ships a shipping order in stage created: tracking number and shipped_at (409 otherwise)',
        body: rksvSetTrackingSchema,
        response: { ...errorResponses(401, 403), 200: ok, ...errors },
      },
    },
    async (req) => {
      await setTracking(ctx, currentUser(req), req.body);
      return { message: MSG.trackingSaved };
    },
  );

  app.post(
    '/api/rksv-set-pickup-ready',
    {
      config: { access: rksv },
      schema: {
        operationId: 'setRksvPickupReady',
        tags,
        summary: 'Marks a pickup order in stage created as ready for pickup (409 otherwise)',
        body: rksvSetPickupReadySchema,
        response: { ...errorResponses(401, 403), 200: ok, ...errors },
      },
    },
    async (req) => {
      await setPickupReady(ctx, currentUser(req), req.body);
      return { message: MSG.pickupReadySaved };
    },
  );

  app.post(
    '/api/rksv-assign-agent',
    {
      config: { access: adminWith('rksv') },
      schema: {
        operationId: 'assignRksvAgent',
        tags,
        summary: 'Admin: assigns an order to a staff member with the rksv flag (400 otherwise)',
        body: rksvAssignAgentSchema,
        response: {
          ...errorResponses(401, 403),
          200: z.object({ agent_id: z.number(), agent_name: z.string() }),
          ...errors,
        },
      },
    },
    async (req) => assignAgent(ctx, currentUser(req), req.body),
  );

  app.post(
    '/api/rksv-assign-customer',
    {
      config: { access: rksv },
      schema: {
        operationId: 'assignRksvCustomer',
        tags,
        summary: 'Links an order to a customer of the register (400 for an unknown customer)',
        body: rksvAssignCustomerSchema,
        response: { ...errorResponses(401, 403), 200: z.object({ customer_id: z.number() }), ...errors },
      },
    },
    async (req) => assignCustomer(ctx, currentUser(req), req.body),
  );

  app.get(
    '/api/rksv-get-invoice/:invoiceRef',
    {
      config: { access: rksv },
      schema: {
        operationId: 'getRksvInvoiceUrl',
        tags,
        summary: 'A signed link (five minutes) to the invoice PDF of an order, to open in a new tab',
        params: rksvInvoiceParamSchema,
        response: { ...errorResponses(400, 401, 403), 200: rksvInvoiceUrlSchema, 404: messageSchema },
      },
    },
    async (req) => invoiceLink(ctx, currentUser(req), { invoiceRef: req.params.invoiceRef }),
  );

  app.get(
    '/api/rksv-invoice-file/:invoiceRef',
    {
      // The signature is the key: a new tab carries no bearer token. Issued only by rksv-get-invoice.
      config: { access: publicAccess },
      schema: {
        operationId: 'getRksvInvoiceFile',
        response: { 200: fileResponse('application/pdf'), ...errorResponses(400, 404) },
        tags,
        summary: 'The invoice PDF behind a signed link of rksv-get-invoice (404 when expired or forged)',
        params: rksvInvoiceParamSchema,
        querystring: z.object({ exp: z.coerce.number().int(), sig: z.string().max(100) }),
      },
    },
    async (req, reply) => {
      const { body, filename, size } = await signedInvoiceFile(ctx, {
        invoiceRef: req.params.invoiceRef,
        exp: req.query.exp,
        sig: req.query.sig,
      });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Length', String(size))
        .header('Content-Disposition', contentDisposition(filename, true))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .header('Referrer-Policy', 'no-referrer')
        .send(body);
    },
  );

  app.get(
    '/api/rksv-agents',
    {
      config: { access: adminWith('rksv') },
      schema: {
        operationId: 'listRksvAgents',
        tags,
        summary: 'Admin: staff with the rksv flag, for the agent filter and the assignment',
        response: { ...errorResponses(400, 401, 403), 200: z.array(z.object({ id: z.number(), name: z.string() })) },
      },
    },
    async (req) => rksvAgents(ctx, currentUser(req)),
  );

  app.get(
    '/api/rksv-stats',
    {
      config: { access: rksv },
      schema: {
        operationId: 'getRksvStats',
        tags,
        summary: 'Paid orders of the last 12 months: per month, stage counts, hours paid to shipped, outages',
        response: { ...errorResponses(400, 401, 403), 200: rksvStatsSchema },
      },
    },
    async (req) => rksvStats(ctx, currentUser(req)),
  );
};
