import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALTCHA_FIELD,
  checkoutResponseSchema,
  COMMON_MSG,
  orderDetailsQuerySchema,
  orderDetailsSchema,
  rksvOrderRequestSchema,
  rksvProductsResponseSchema,
  updateOrderStatusResponseSchema,
  updateOrderStatusSchema,
} from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
import { publicAccess } from '../../platform/access.js';
import { HttpError, badRequest, notFound } from '../../platform/errors.js';
import { contentDisposition } from '../../platform/uploads.js';
import { createAltcha } from '../public-forms/index.js';
import {
  LocalPaymentProvider,
  StripePaymentProvider,
  createPaymentProvider,
  isPaymentMethod,
} from '../../platform/payments/index.js';
import {
  renderCheckoutPage,
  renderClosedPage,
  renderNotFoundPage,
  type LocalPage,
} from '../../platform/payments/local-page.js';
import { SHOP_ERR, type ShopCtx } from './common.js';
import { invoiceDownload, proformaDownload, writeMissingInvoicePdfs } from './invoice-files.js';
import { createOrder, markOrderFailed, orderDetails, sessionForReturnRef } from './orders.js';
import { isEventProcessed, processPaymentEvent } from './payment-events.js';
import { listProducts } from './products.js';
import { errorResponses, fileResponse } from '../../platform/openapi.js';

const messageSchema = z.object({ message: z.string(), code: z.string().optional() });
const FORM = 'application/x-www-form-urlencoded';

/** The RKSV signature-unit shop under /web/ (products, order, payment, invoice). */
export const shopRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // One context for every call of the shop, built once (the provider holds no per-request state).
  const shop: ShopCtx = { ...ctx, payments: createPaymentProvider(ctx.config, ctx.db), log: app.log };
  const { payments } = shop;
  // The same single-use proof of work as the public forms (challenge from GET /web/challenge): an
  // order costs a script the same work, and a solution spent on a form is spent here too.
  const altcha = createAltcha(ctx.db, ctx.config.publicForms.altchaHmacKey);
  const assertHuman = async (req: FastifyRequest) => {
    const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
    if (!(await altcha.verify(body[ALTCHA_FIELD]))) throw badRequest(SHOP_ERR.robot);
  };
  const perIp = app.rateLimit({
    max: ctx.config.publicForms.rateLimit,
    timeWindow: 10 * 60 * 1000,
    errorResponseBuilder: () => new HttpError(429, COMMON_MSG.tooManyRequests),
  });

  // Invoices committed while the process stopped before their PDF was written.
  app.addHook('onReady', async () => {
    await writeMissingInvoicePdfs(shop);
  });

  app.get(
    '/web/rksv-products',
    {
      config: { access: publicAccess },
      schema: {
        operationId: 'listRksvProducts',
        tags: ['shop'],
        summary: 'Products of the shop: the signature unit (kind main) and shipping (kind shipping), gross cents',
        response: { ...errorResponses(400), 200: rksvProductsResponseSchema },
      },
    },
    async () => listProducts(ctx),
  );

  const orderSchema = {
    body: rksvOrderRequestSchema,
    response: {
      200: checkoutResponseSchema,
      400: messageSchema,
      409: messageSchema,
      429: messageSchema,
      502: messageSchema,
    },
  };

  const orderCheck = {
    config: { access: publicAccess, idempotent: true },
    onRequest: perIp,
    // Before the body schema, as on the public forms: without the work a caller learns nothing.
    preValidation: assertHuman,
  };

  app.post(
    '/web/create-rksv-payment',
    {
      ...orderCheck,
      schema: {
        operationId: 'createRksvPayment',
        ...orderSchema,
        tags: ['shop'],
        summary: 'Order and pay now: stores the order as pending and opens the checkout; invoice issued once paid',
        description:
          'Needs a solved proof of work in `altcha` (GET /web/challenge, single use; 400 without). ' +
          'The server prices the order from the products and the quantity; an `amount` that differs is refused ' +
          '(400). Answers the hosted checkout page as `data.sessionUrl`. The invoice (gap-free number, PDF, mail) ' +
          'is issued when the provider reports the payment. `Idempotency-Key` answers a retry with the first answer.',
      },
    },
    async (req) => ({ data: await createOrder(shop, { order: req.body, mode: 'payment' }) }),
  );

  app.post(
    '/web/create-rksv-invoice',
    {
      ...orderCheck,
      schema: {
        operationId: 'createRksvInvoice',
        ...orderSchema,
        tags: ['shop'],
        summary: 'Order on invoice: stores the order with a pro-forma; the invoice is issued once paid',
        description:
          'Same body, proof of work and pricing as /web/create-rksv-payment. Answers the payment page as ' +
          '`data.sessionUrl` and a pro-forma: `data.proformaNumber` (PF-<order number>, not from the invoice ' +
          'sequence) and `data.proformaUrl` (its PDF). No mail is sent and no invoice number taken: the invoice ' +
          '(gap-free number, PDF, mail) is issued when the provider reports the payment, as in payment mode.',
      },
    },
    async (req) => ({ data: await createOrder(shop, { order: req.body, mode: 'invoice' }) }),
  );

  app.get(
    '/web/rksv-order-details',
    {
      config: { access: publicAccess },
      schema: {
        operationId: 'getRksvOrderDetails',
        tags: ['shop'],
        summary: 'The order of a checkout session with the provider’s payment status (404 for an unknown session)',
        querystring: orderDetailsQuerySchema,
        response: { ...errorResponses(400, 429), 200: orderDetailsSchema, 404: messageSchema },
      },
    },
    async (req) => orderDetails(shop, { sessionId: req.query.session_id }),
  );

  app.post(
    '/web/update-rksv-order-status',
    {
      config: { access: publicAccess },
      preHandler: perIp,
      schema: {
        operationId: 'updateRksvOrderStatus',
        tags: ['shop'],
        summary: 'The buyer came back without paying: marks an unpaid order failed (a paid order: 409, unchanged)',
        body: updateOrderStatusSchema,
        response: {
          ...errorResponses(429),
          200: updateOrderStatusResponseSchema,
          400: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (req) => ({ data: await markOrderFailed(ctx, { sessionId: req.body.session_id }) }),
  );

  app.get(
    '/web/rksv-invoice/:token',
    {
      config: { access: publicAccess },
      schema: {
        operationId: 'getRksvInvoice',
        response: { 200: fileResponse('application/pdf'), ...errorResponses(400, 404) },
        tags: ['shop'],
        summary: 'The invoice PDF; the unguessable token of the link is the key',
        params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, SHOP_ERR.invoiceNotFound) }),
      },
    },
    async (req, reply) => {
      const { body, filename, size } = await invoiceDownload(ctx, { accessToken: req.params.token });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Length', String(size))
        .header('Content-Disposition', contentDisposition(filename, true))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(body);
    },
  );

  app.get(
    '/web/rksv-proforma/:ref',
    {
      config: { access: publicAccess },
      schema: {
        operationId: 'getRksvProforma',
        response: { 200: fileResponse('application/pdf'), ...errorResponses(400, 404) },
        tags: ['shop'],
        summary: 'The pro-forma PDF of an order on invoice; the unguessable reference of the link is the key',
        params: z.object({ ref: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, SHOP_ERR.proformaNotFound) }),
      },
    },
    async (req, reply) => {
      const found = await proformaDownload(ctx, { returnRef: req.params.ref });
      if (!found) throw notFound(SHOP_ERR.proformaNotFound);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(found.filename, true))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(found.pdf);
    },
  );

  app.get(
    '/web/rksv-checkout-cancelled',
    {
      config: { access: publicAccess },
      schema: {
        operationId: 'getRksvCheckoutCancelled',
        response: errorResponses(400, 404),
        tags: ['shop'],
        summary: 'Cancel link of the checkout: back to the result page with the session and status failed',
        querystring: z.object({ ref: z.string().max(100).optional() }),
      },
    },
    async (req, reply) => {
      const sessionId = req.query.ref ? await sessionForReturnRef(ctx, { ref: req.query.ref }) : null;
      const q = new URLSearchParams(sessionId ? { session_id: sessionId, status: 'failed' } : { status: 'failed' });
      return reply.redirect(`/rksv/result?${q}`, 303);
    },
  );

  // Stripe's webhook, verified against the raw body: its own parser, in a child context of its own.
  await app.register(async (child) => {
    const raw = child.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    raw.post(
      '/web/stripe-webhook',
      {
        config: { access: publicAccess },
        schema: {
          operationId: 'receiveStripeWebhook',
          tags: ['shop'],
          summary:
            'Stripe webhook (signed): checkout.session.completed, async_payment_succeeded, async_payment_failed, expired',
          response: { 200: z.object({ received: z.boolean(), outcome: z.string() }), 400: messageSchema },
        },
      },
      async (req) => {
        if (!(payments instanceof StripePaymentProvider)) throw notFound();
        let event;
        try {
          event = payments.verifyWebhook(req.body as Buffer, req.headers['stripe-signature'] as string | undefined);
        } catch (err) {
          req.log.warn({ err: { message: (err as Error).message } }, 'stripe webhook refused');
          throw badRequest(SHOP_ERR.badSignature);
        }
        if (await isEventProcessed(ctx, { eventId: event.id })) return { received: true, outcome: 'duplicate' };
        const pe = await payments.toPaymentEvent(event);
        if (!pe) return { received: true, outcome: 'ignored' };
        return { received: true, outcome: await processPaymentEvent(shop, { event: pe }) };
      },
    );
  });

  // The built-in test checkout (`local` provider): a page served here, plain HTML forms.
  await app.register(async (child) => {
    const forms = child.withTypeProvider<ZodTypeProvider>();
    if (!forms.hasContentTypeParser(FORM)) {
      forms.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
    }
    const local = payments instanceof LocalPaymentProvider ? payments : null;
    const formOrigin = new URL(ctx.config.publicUrl).origin;
    const params = z.object({ id: z.string().max(200) });
    const send = (reply: FastifyReply, p: LocalPage, status = 200) =>
      reply
        .status(status)
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Content-Security-Policy', p.csp)
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Referrer-Policy', 'no-referrer')
        .send(p.html);
    const actionBase = (id: string) => `/web/checkout/${encodeURIComponent(id)}`;

    forms.get(
      '/web/checkout/:id',
      {
        config: { access: publicAccess },
        schema: {
          operationId: 'getTestCheckout',
          response: errorResponses(400, 404),
          tags: ['shop'],
          summary: 'Test checkout page (local provider): choose card, EPS or SEPA',
          params,
        },
      },
      async (req, reply) => {
        if (!local) throw notFound();
        const expired = await local.expireIfDue(req.params.id);
        if (expired) await processPaymentEvent(shop, { event: expired });
        const s = await local.find(req.params.id);
        if (!s) return send(reply, renderNotFoundPage(formOrigin), 404);
        if (s.status !== 'open') {
          const continueUrl = s.payment_status === 'paid' ? s.success_url : '/rksv';
          return send(reply, renderClosedPage(s, { formOrigin, continueUrl }));
        }
        return send(reply, renderCheckoutPage(s, { actionBase: actionBase(s.id), formOrigin }));
      },
    );

    forms.post(
      '/web/checkout/:id/pay',
      {
        config: { access: publicAccess },
        schema: {
          operationId: 'payTestCheckout',
          response: errorResponses(400, 404),
          tags: ['shop'],
          summary: 'Test checkout: pay (completes the session through the same fulfilment as a provider webhook)',
          params,
          body: z.object({ method: z.string().max(40).optional() }).optional(),
        },
      },
      async (req, reply) => {
        if (!local) throw notFound();
        const expired = await local.expireIfDue(req.params.id);
        if (expired) await processPaymentEvent(shop, { event: expired });
        const s = await local.find(req.params.id);
        if (!s) return send(reply, renderNotFoundPage(formOrigin), 404);
        const method = req.body?.method;
        if (s.status === 'open' && !isPaymentMethod(method)) {
          return send(
            reply,
            renderCheckoutPage(s, {
              actionBase: actionBase(s.id),
              formOrigin,
              error: 'Bitte wählen Sie eine Zahlungsart.',
            }),
            400,
          );
        }
        const paid = s.status === 'open' && isPaymentMethod(method) ? await local.pay(s.id, method) : null;
        if (!paid) {
          const fresh = (await local.find(s.id))!;
          const continueUrl = fresh.payment_status === 'paid' ? fresh.success_url : '/rksv';
          return send(reply, renderClosedPage(fresh, { formOrigin, continueUrl }), 409);
        }
        for (const ev of paid.events) await processPaymentEvent(shop, { event: ev });
        return reply.redirect(paid.session.success_url, 303);
      },
    );

    forms.post(
      '/web/checkout/:id/cancel',
      {
        config: { access: publicAccess },
        schema: {
          operationId: 'cancelTestCheckout',
          response: errorResponses(400, 404),
          tags: ['shop'],
          summary: 'Test checkout: cancel (back to the shop; the session stays open, as at Stripe)',
          params,
          body: z.object({ method: z.string().max(40).optional() }).optional(),
        },
      },
      async (req, reply) => {
        if (!local) throw notFound();
        const s = await local.find(req.params.id);
        if (!s) return send(reply, renderNotFoundPage(formOrigin), 404);
        return reply.redirect(s.cancel_url, 303);
      },
    );
  });
};
