import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALTCHA_FIELD, COMMON_MSG } from '@portal/shared';
import { shopCalls as calls } from '@portal/shared/contracts';
import type { AppContext } from '../../platform/context.js';
import { HttpError, badRequest, notFound } from '../../platform/errors.js';
import { Reply, fileReply, redirectTo, serve } from '../../platform/serve.js';
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
import { optionalSession } from './replacement.js';
import { submissionOf } from '../../platform/idempotency.js';

const FORM = 'application/x-www-form-urlencoded';

/** A page of the built-in test checkout, as it leaves (its own CSP, never cached). */
const page = (p: LocalPage, status = 200) =>
  new Reply(status, p.html, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': p.csp,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });

/**
 * The RKSV signature-unit shop under /web/ (products, order, payment, invoice), declared in
 * packages/shared/src/contracts/shop.ts.
 */
export const shopRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // One context for every call of the shop, built once (the provider holds no per-request state).
  const shop: ShopCtx = { ...ctx, payments: createPaymentProvider(ctx.config, ctx.db), log: app.log };
  const { payments } = shop;
  // The same single-use proof of work as the public forms (challenge from GET /web/challenge): an
  // order costs a script the same work, and a solution spent on a form is spent here too.
  const altcha = createAltcha(ctx.db, ctx.config.publicForms.altchaHmacKey);
  const assertHuman = async (req: FastifyRequest) => {
    const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
    if (!(await altcha.verify(body[ALTCHA_FIELD], submissionOf(req)))) throw badRequest(SHOP_ERR.robot);
  };
  const perIp = app.rateLimit({
    max: ctx.config.publicForms.rateLimit,
    timeWindow: 10 * 60 * 1000,
    errorResponseBuilder: () => new HttpError(429, COMMON_MSG.tooManyRequests),
  });
  // Before the body schema, as on the public forms: without the work a caller learns nothing.
  // The caller's session when one is sent: an order naming the card it replaces needs it (replacement.ts).
  const orderCheck = { onRequest: perIp, preValidation: assertHuman, preHandler: optionalSession(ctx.db) };

  // Invoices committed while the process stopped before their PDF was written.
  app.addHook('onReady', async () => {
    await writeMissingInvoicePdfs(shop);
  });

  serve(app, shop, calls.listRksvProducts, (c) => listProducts(c));
  serve(
    app,
    shop,
    calls.createRksvPayment,
    async (c, order) => ({ data: await createOrder(c, { order, mode: 'payment' }) }),
    orderCheck,
  );
  serve(
    app,
    shop,
    calls.createRksvInvoice,
    async (c, order) => ({ data: await createOrder(c, { order, mode: 'invoice' }) }),
    orderCheck,
  );
  serve(app, shop, calls.getRksvOrderDetails, (c, input) => orderDetails(c, { sessionId: input.session_id }));
  serve(
    app,
    shop,
    calls.updateRksvOrderStatus,
    async (c, input) => ({ data: await markOrderFailed(c, { sessionId: input.session_id }) }),
    { preHandler: perIp },
  );
  serve(app, shop, calls.getRksvInvoice, async (c, input) => {
    const { body, filename, size } = await invoiceDownload(c, { accessToken: input.token });
    return fileReply(body, 'application/pdf', {
      name: filename,
      inline: true,
      headers: { 'content-length': String(size), 'x-content-type-options': 'nosniff' },
    });
  });
  serve(app, shop, calls.getRksvProforma, async (c, input) => {
    const found = await proformaDownload(c, { returnRef: input.ref });
    if (!found) throw notFound(SHOP_ERR.proformaNotFound);
    return fileReply(found.pdf, 'application/pdf', {
      name: found.filename,
      inline: true,
      headers: { 'x-content-type-options': 'nosniff' },
    });
  });
  serve(app, shop, calls.getRksvCheckoutCancelled, async (c, input) => {
    const sessionId = input.ref ? await sessionForReturnRef(c, { ref: input.ref }) : null;
    const q = new URLSearchParams(sessionId ? { session_id: sessionId, status: 'failed' } : { status: 'failed' });
    return redirectTo(`/rksv/result?${q}`, 303);
  });

  // Stripe's webhook, verified against the raw body: its own parser, in a child context of its own.
  await app.register(async (child) => {
    child.removeAllContentTypeParsers();
    child.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    serve(child, shop, calls.receiveStripeWebhook, async (c, input) => {
      if (!(payments instanceof StripePaymentProvider)) throw notFound();
      let event;
      try {
        event = payments.verifyWebhook(input.rawBody, input['stripe-signature']);
      } catch (err) {
        c.log.warn({ err: { message: (err as Error).message } }, 'stripe webhook refused');
        throw badRequest(SHOP_ERR.badSignature);
      }
      if (await isEventProcessed(c, { eventId: event.id })) return { received: true, outcome: 'duplicate' };
      const pe = await payments.toPaymentEvent(event);
      if (!pe) return { received: true, outcome: 'ignored' };
      return { received: true, outcome: await processPaymentEvent(c, { event: pe }) };
    });
  });

  // The built-in test checkout (`local` provider): a page served here, plain HTML forms.
  await app.register(async (child) => {
    if (!child.hasContentTypeParser(FORM)) {
      child.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
    }
    const local = payments instanceof LocalPaymentProvider ? payments : null;
    const formOrigin = new URL(ctx.config.publicUrl).origin;
    const actionBase = (id: string) => `/web/checkout/${encodeURIComponent(id)}`;

    serve(child, shop, calls.getTestCheckout, async (c, input) => {
      if (!local) throw notFound();
      const expired = await local.expireIfDue(input.id);
      if (expired) await processPaymentEvent(c, { event: expired });
      const s = await local.find(input.id);
      if (!s) return page(renderNotFoundPage(formOrigin), 404);
      if (s.status !== 'open') {
        const continueUrl = s.payment_status === 'paid' ? s.success_url : '/rksv';
        return page(renderClosedPage(s, { formOrigin, continueUrl }));
      }
      return page(renderCheckoutPage(s, { actionBase: actionBase(s.id), formOrigin }));
    });

    serve(child, shop, calls.payTestCheckout, async (c, input) => {
      if (!local) throw notFound();
      const expired = await local.expireIfDue(input.id);
      if (expired) await processPaymentEvent(c, { event: expired });
      const s = await local.find(input.id);
      if (!s) return page(renderNotFoundPage(formOrigin), 404);
      const method = input.method;
      if (s.status === 'open' && !isPaymentMethod(method)) {
        const error = 'Bitte wählen Sie eine Zahlungsart.';
        return page(renderCheckoutPage(s, { actionBase: actionBase(s.id), formOrigin, error }), 400);
      }
      const paid = s.status === 'open' && isPaymentMethod(method) ? await local.pay(s.id, method) : null;
      if (!paid) {
        const fresh = (await local.find(s.id))!;
        // Paid already: a second click of "Jetzt bezahlen" (or the browser repeating the form) lands on
        // the success page like the first, never on "bereits abgeschlossen" about the buyer's own payment.
        if (fresh.payment_status === 'paid') return redirectTo(fresh.success_url, 303);
        return page(renderClosedPage(fresh, { formOrigin, continueUrl: '/rksv' }), 409);
      }
      for (const ev of paid.events) await processPaymentEvent(c, { event: ev });
      return redirectTo(paid.session.success_url, 303);
    });

    serve(child, shop, calls.cancelTestCheckout, async (_c, input) => {
      if (!local) throw notFound();
      const s = await local.find(input.id);
      if (!s) return page(renderNotFoundPage(formOrigin), 404);
      return redirectTo(s.cancel_url, 303);
    });
  });
};
