import { z } from 'zod';
import { SHOP_ERR } from '../messages/shop.js';
import {
  checkoutResponseSchema,
  orderDetailsQuerySchema,
  orderDetailsSchema,
  rksvOrderRequestSchema,
  rksvProductsResponseSchema,
  updateOrderStatusResponseSchema,
  updateOrderStatusSchema,
} from '../schemas/shop.js';
import { access, defineCalls, fileAnswer, redirectAnswer, type CallSpec } from './define.js';

/** An order: the body, its proof of work and the server's pricing; a retry with an `Idempotency-Key` answers the first answer. */
const order = {
  method: 'POST',
  access: access.public,
  body: rksvOrderRequestSchema,
  answer: checkoutResponseSchema,
  idempotent: true,
  errors: [400, 409, 429, 502],
} as const satisfies Omit<CallSpec, 'path' | 'summary'>;

const testCheckoutParams = z.object({ id: z.string().max(200) });
const testCheckoutForm = z.object({ method: z.string().max(40).optional() }).optional();

/** The RKSV signature-unit shop under /web/ (products, order, payment, invoice; shop.md). */
export const shopCalls = defineCalls('shop', {
  listRksvProducts: {
    method: 'GET',
    path: '/web/rksv-products',
    access: access.public,
    summary: 'Products of the shop: the signature unit (kind main) and shipping (kind shipping), gross cents',
    answer: rksvProductsResponseSchema,
    errors: [400],
  },
  createRksvPayment: {
    ...order,
    path: '/web/create-rksv-payment',
    summary: 'Order and pay now: stores the order as pending and opens the checkout; invoice issued once paid',
    description:
      'Needs a solved proof of work in `altcha` (GET /web/challenge, single use; 400 without). ' +
      'The server prices the order from the products and the quantity; an `amount` that differs is refused ' +
      '(400). Answers the hosted checkout page as `data.sessionUrl`. The invoice (gap-free number, PDF, mail) ' +
      'is issued when the provider reports the payment. `Idempotency-Key` answers a retry with the first answer.',
  },
  createRksvInvoice: {
    ...order,
    path: '/web/create-rksv-invoice',
    summary: 'Order on invoice: stores the order with a pro-forma; the invoice is issued once paid',
    description:
      'Same body, proof of work and pricing as /web/create-rksv-payment. Answers the payment page as ' +
      '`data.sessionUrl` and a pro-forma: `data.proformaNumber` (PF-<order number>, not from the invoice ' +
      'sequence) and `data.proformaUrl` (its PDF). No mail is sent and no invoice number taken: the invoice ' +
      '(gap-free number, PDF, mail) is issued when the provider reports the payment, as in payment mode.',
  },
  getRksvOrderDetails: {
    method: 'GET',
    path: '/web/rksv-order-details',
    access: access.public,
    summary: 'The order of a checkout session with the provider’s payment status (404 for an unknown session)',
    query: orderDetailsQuerySchema,
    answer: orderDetailsSchema,
    errors: [400, 404, 429],
  },
  updateRksvOrderStatus: {
    method: 'POST',
    path: '/web/update-rksv-order-status',
    access: access.public,
    summary: 'The buyer came back without paying: marks an unpaid order failed (a paid order: 409, unchanged)',
    body: updateOrderStatusSchema,
    answer: updateOrderStatusResponseSchema,
    errors: [400, 404, 409, 429],
  },
  getRksvInvoice: {
    method: 'GET',
    path: '/web/rksv-invoice/:token',
    access: access.public,
    summary: 'The invoice PDF; the unguessable token of the link is the key',
    params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, SHOP_ERR.invoiceNotFound.code) }),
    answer: fileAnswer('application/pdf'),
    errors: [400, 404],
    cacheControl: 'private, no-store',
  },
  getRksvProforma: {
    method: 'GET',
    path: '/web/rksv-proforma/:ref',
    access: access.public,
    summary: 'The pro-forma PDF of an order on invoice; the unguessable reference of the link is the key',
    params: z.object({ ref: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, SHOP_ERR.proformaNotFound.code) }),
    answer: fileAnswer('application/pdf'),
    errors: [400, 404],
    cacheControl: 'private, no-store',
  },
  getRksvCheckoutCancelled: {
    method: 'GET',
    path: '/web/rksv-checkout-cancelled',
    access: access.public,
    summary: 'Cancel link of the checkout: back to the result page with the session and status failed',
    query: z.object({ ref: z.string().max(100).optional() }),
    answer: redirectAnswer,
    status: 303,
    errors: [400, 404],
  },
  receiveStripeWebhook: {
    method: 'POST',
    path: '/web/stripe-webhook',
    access: access.public,
    summary:
      'Stripe webhook (signed): checkout.session.completed, async_payment_succeeded, async_payment_failed, expired',
    headers: z.looseObject({ 'stripe-signature': z.string().optional() }),
    rawBody: true,
    answer: z.object({ received: z.boolean(), outcome: z.string() }),
    errors: [400],
  },
  getTestCheckout: {
    method: 'GET',
    path: '/web/checkout/:id',
    access: access.public,
    summary: 'Test checkout page (local provider): choose card, EPS or SEPA',
    params: testCheckoutParams,
    answer: fileAnswer('text/html'),
    errors: [400, 404],
    cacheControl: 'no-store',
  },
  payTestCheckout: {
    method: 'POST',
    path: '/web/checkout/:id/pay',
    access: access.public,
    summary: 'Test checkout: pay (completes the session through the same fulfilment as a provider webhook)',
    params: testCheckoutParams,
    body: testCheckoutForm,
    answer: redirectAnswer,
    status: 303,
    errors: [400, 404],
  },
  cancelTestCheckout: {
    method: 'POST',
    path: '/web/checkout/:id/cancel',
    access: access.public,
    summary: 'Test checkout: cancel (back to the shop; the session stays open, as at Stripe)',
    params: testCheckoutParams,
    body: testCheckoutForm,
    answer: redirectAnswer,
    status: 303,
    errors: [400, 404],
  },
});
