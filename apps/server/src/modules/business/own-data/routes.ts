import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessDeviceListSchema,
  businessIdParamSchema,
  businessInvoiceListSchema,
  businessInvoiceParamSchema,
  businessOrderDetailSchema,
  businessOrderListSchema,
  businessOverviewSchema,
  businessPageQuerySchema,
  businessSupportCreatedSchema,
  businessSupportCreateSchema,
  businessSupportDetailSchema,
  businessSupportListSchema,
  messageSchema,
} from '@portal/shared';
import type { AppContext } from '../../../platform/context.js';
import { customerOnly } from '../../../platform/access.js';
import { currentUser } from '../../../platform/auth.js';
import { contentDisposition, readMultipart } from '../../../platform/uploads.js';
import { parseFields } from '../../../platform/validation.js';
import { listOwnDevices } from './devices.js';
import { listOwnInvoices, ownInvoiceFile } from './invoices.js';
import { listOwnDeliveries, listOwnOrders, ownOrderDetail } from './orders.js';
import { ownOverview } from './overview.js';
import { createOwnSupport, listOwnSupport, ownSupportDetail } from './support.js';
import { errorResponses, fileResponse } from '../../../platform/openapi.js';

const tags = ['business'];
const errors = { 400: messageSchema, 404: messageSchema };

/**
 * Business dashboard calls under /api/business over what the provider holds about the caller's own
 * customer record (registered by ../routes.ts). Customers only; every service starts from
 * ownCustomer() and answers 404 for anything not theirs.
 */
export const businessOwnDataRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const access = customerOnly;

  app.get(
    '/api/business/overview',
    {
      config: { access },
      schema: {
        operationId: 'getBusinessOverview',
        tags,
        summary:
          'The customer, counts (open tasks, open orders, in delivery, devices, unread news) and the 3 newest items',
        response: { ...errorResponses(401, 403), 200: businessOverviewSchema, ...errors },
      },
    },
    async (req) => ownOverview(ctx, currentUser(req)),
  );

  app.get(
    '/api/business/orders',
    {
      config: { access },
      schema: {
        operationId: 'listBusinessOrders',
        tags,
        summary:
          'The customer’s RKSV orders, newest first (keyset): stage, tracking link, card count and activation state',
        querystring: businessPageQuerySchema,
        response: { ...errorResponses(401, 403), 200: businessOrderListSchema, ...errors },
      },
    },
    async (req) => listOwnOrders(ctx, currentUser(req), req.query),
  );

  app.get(
    '/api/business/orders/:id',
    {
      config: { access },
      schema: {
        operationId: 'getBusinessOrder',
        tags,
        summary: 'One of the customer’s orders with its cards (serial number, activation); 404 for any other',
        params: businessIdParamSchema,
        response: { ...errorResponses(401, 403), 200: businessOrderDetailSchema, ...errors },
      },
    },
    async (req) => ownOrderDetail(ctx, currentUser(req), { orderId: req.params.id }),
  );

  app.get(
    '/api/business/deliveries',
    {
      config: { access },
      schema: {
        operationId: 'listBusinessDeliveries',
        tags,
        summary: 'The customer’s orders in stage delivery (tracking link) or pickup (pickup note), newest first',
        querystring: businessPageQuerySchema,
        response: { ...errorResponses(401, 403), 200: businessOrderListSchema, ...errors },
      },
    },
    async (req) => listOwnDeliveries(ctx, currentUser(req), req.query),
  );

  app.get(
    '/api/business/invoices',
    {
      config: { access },
      schema: {
        operationId: 'listBusinessInvoices',
        tags,
        summary: 'Invoices of the customer’s paid orders, newest first (keyset)',
        querystring: businessPageQuerySchema,
        response: { ...errorResponses(401, 403), 200: businessInvoiceListSchema, ...errors },
      },
    },
    async (req) => listOwnInvoices(ctx, currentUser(req), req.query),
  );

  app.get(
    '/api/business/invoices/:invoiceRef.pdf',
    {
      config: { access },
      schema: {
        operationId: 'getBusinessInvoicePdf',
        response: { 200: fileResponse('application/pdf'), ...errorResponses(400, 401, 403, 404) },
        tags,
        summary: 'The PDF of one of the customer’s invoices (the shop’s file); 404 for any other',
        params: businessInvoiceParamSchema,
      },
    },
    async (req, reply) => {
      const { body, filename, size } = await ownInvoiceFile(ctx, currentUser(req), {
        invoiceRef: req.params.invoiceRef,
      });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Length', String(size))
        .header('Content-Disposition', contentDisposition(filename))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(body);
    },
  );

  app.get(
    '/api/business/support',
    {
      config: { access },
      schema: {
        operationId: 'listBusinessSupportRequests',
        tags,
        summary: 'Tasks of the customer’s record, newest first: title, type, status in the customer’s words, dates',
        querystring: businessPageQuerySchema,
        response: { ...errorResponses(401, 403), 200: businessSupportListSchema, ...errors },
      },
    },
    async (req) => listOwnSupport(ctx, currentUser(req), req.query),
  );

  app.get(
    '/api/business/support/:id',
    {
      config: { access },
      schema: {
        operationId: 'getBusinessSupportRequest',
        tags,
        summary:
          'One of the customer’s tasks with its messages and mails (agents by first name); no notes or help requests',
        params: businessIdParamSchema,
        response: { ...errorResponses(401, 403), 200: businessSupportDetailSchema, ...errors },
      },
    },
    async (req) => ownSupportDetail(ctx, currentUser(req), { taskId: req.params.id }),
  );

  /** JSON {titel, beschreibung, typ}, or multipart with the same fields and `files`. */
  async function readSupportRequest(req: FastifyRequest) {
    if (!req.isMultipart()) {
      const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, string>) : {};
      return { fields: parseFields(businessSupportCreateSchema, body), files: [], discard: async () => {} };
    }
    const mp = await readMultipart(req, ctx.config.uploads, 'files');
    try {
      return { fields: parseFields(businessSupportCreateSchema, mp.fields), files: mp.files, discard: mp.discard };
    } catch (e) {
      await mp.discard();
      throw e;
    }
  }

  app.post(
    '/api/business/support',
    {
      config: { access, idempotent: true },
      schema: {
        operationId: 'createBusinessSupportRequest',
        tags,
        summary:
          'A support request: a task for the customer’s record on their country’s board, contact data from the record',
        description: 'JSON {titel, beschreibung, typ} or multipart with the same fields and files (`files`).',
        consumes: ['application/json', 'multipart/form-data'],
        response: {
          ...errorResponses(401, 403),
          200: businessSupportCreatedSchema,
          400: messageSchema,
          404: messageSchema,
          413: messageSchema,
          415: messageSchema,
        },
      },
    },
    async (req) => {
      const request = await readSupportRequest(req);
      try {
        return await createOwnSupport(ctx, currentUser(req), { ...request.fields, files: request.files });
      } finally {
        await request.discard();
      }
    },
  );

  app.get(
    '/api/business/devices',
    {
      config: { access },
      schema: {
        operationId: 'listBusinessDevices',
        tags,
        summary: 'Signage screens assigned to the customer’s record with effective status, days remaining, last seen',
        response: { ...errorResponses(401, 403), 200: businessDeviceListSchema, ...errors },
      },
    },
    async (req) => listOwnDevices(ctx, currentUser(req)),
  );
};
