import { rksvReplacementPrefillSchema } from '../schemas/shop.js';
import {
  businessSignatureCardListSchema,
  businessCardParamSchema,
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
} from '../schemas/business.js';
import { access, defineCalls, fileAnswer } from './define.js';
import { customerTimelineQuerySchema, customerTimelineSchema } from '../schemas/customer-timeline.js';
import { gdprJobStartedSchema, ownExportSchema } from '../schemas/gdpr.js';

const customer = access.customerOnly;

/**
 * The business dashboard over what the provider holds about the caller's own customer record
 * (orders, invoices, deliveries, support, devices, overview). Customers only; anything not theirs is 404.
 */
export const businessCalls = defineCalls('business', {
  getBusinessOverview: {
    method: 'GET',
    path: '/api/business/overview',
    access: customer,
    summary: 'The customer, counts (open tasks, open orders, in delivery, devices, unread news) and the 3 newest items',
    answer: businessOverviewSchema,
    errors: [400, 401, 403, 404],
  },
  startOwnExport: {
    method: 'POST',
    path: '/api/business/export',
    access: customer,
    summary:
      '“Meine Daten herunterladen”: start the export of everything held about the caller’s customer record (GDPR ' +
      'Art. 15/20), a ZIP built in the background; answers 202 {jobId}, read under GET /api/gdpr-jobs/{jobId}',
    answer: gdprJobStartedSchema,
    status: 202,
    errors: [400, 401, 403, 404],
  },
  getOwnExport: {
    method: 'GET',
    path: '/api/business/export',
    access: customer,
    summary: 'The caller’s latest own export (its state and download), or null',
    answer: ownExportSchema,
    errors: [400, 401, 403, 404],
  },
  getBusinessTimeline: {
    method: 'GET',
    path: '/api/business/timeline',
    access: customer,
    summary:
      'What concerns the caller’s customer record, newest first: their requests, orders, cards, screens, invoices ' +
      'and shared documents (kinds, cursor, limit as the staff timeline; no staff names or notes)',
    query: customerTimelineQuerySchema,
    answer: customerTimelineSchema,
    errors: [400, 401, 403, 404],
  },
  listBusinessOrders: {
    method: 'GET',
    path: '/api/business/orders',
    access: customer,
    summary: 'The customer’s RKSV orders, newest first (keyset): stage, tracking link, card count and activation state',
    query: businessPageQuerySchema,
    answer: businessOrderListSchema,
    errors: [400, 401, 403, 404],
  },
  getBusinessOrder: {
    method: 'GET',
    path: '/api/business/orders/:id',
    access: customer,
    summary: 'One of the customer’s orders with its cards (serial number, activation); 404 for any other',
    params: businessIdParamSchema,
    answer: businessOrderDetailSchema,
    errors: [400, 401, 403, 404],
  },
  listBusinessDeliveries: {
    method: 'GET',
    path: '/api/business/deliveries',
    access: customer,
    summary: 'The customer’s orders in stage delivery (tracking link) or pickup (pickup note), newest first',
    query: businessPageQuerySchema,
    answer: businessOrderListSchema,
    errors: [400, 401, 403, 404],
  },
  listBusinessInvoices: {
    method: 'GET',
    path: '/api/business/invoices',
    access: customer,
    summary: 'Invoices of the customer’s paid orders, newest first (keyset)',
    query: businessPageQuerySchema,
    answer: businessInvoiceListSchema,
    errors: [400, 401, 403, 404],
  },
  getBusinessInvoicePdf: {
    method: 'GET',
    path: '/api/business/invoices/:invoiceRef.pdf',
    access: customer,
    summary: 'The PDF of one of the customer’s invoices (the shop’s file); 404 for any other',
    params: businessInvoiceParamSchema,
    answer: fileAnswer('application/pdf'),
    errors: [400, 401, 403, 404],
  },
  listBusinessSupportRequests: {
    method: 'GET',
    path: '/api/business/support',
    access: customer,
    summary: 'Tasks of the customer’s record, newest first: title, type, status in the customer’s words, dates',
    query: businessPageQuerySchema,
    answer: businessSupportListSchema,
    errors: [400, 401, 403, 404],
  },
  getBusinessSupportRequest: {
    method: 'GET',
    path: '/api/business/support/:id',
    access: customer,
    summary:
      'One of the customer’s tasks with its messages and mails (agents by first name); no notes or help requests',
    params: businessIdParamSchema,
    answer: businessSupportDetailSchema,
    errors: [400, 401, 403, 404],
  },
  createBusinessSupportRequest: {
    method: 'POST',
    path: '/api/business/support',
    access: customer,
    summary:
      'A support request: a task for the customer’s record on their country’s board, contact data from the record',
    description: 'JSON {titel, beschreibung, typ} or multipart with the same fields and files (`files`).',
    multipart: { fields: businessSupportCreateSchema, fileField: 'files', orJson: true },
    answer: businessSupportCreatedSchema,
    idempotent: true,
    errors: [400, 401, 403, 404, 413, 415],
  },
  listBusinessDevices: {
    method: 'GET',
    path: '/api/business/devices',
    access: customer,
    summary: 'Signage screens assigned to the customer’s record with effective status, days remaining, last seen',
    answer: businessDeviceListSchema,
    errors: [400, 401, 403, 404],
  },
  listBusinessCards: {
    method: 'GET',
    path: '/api/business/cards',
    access: customer,
    summary:
      'The signature cards of the customer’s orders: serial number, type, state and next legal deadline (at most 500)',
    answer: businessSignatureCardListSchema,
    errors: [400, 401, 403, 404],
  },
  getBusinessCardReplacement: {
    method: 'GET',
    path: '/api/business/cards/:cardId/replacement',
    access: customer,
    summary:
      '"Ersatz bestellen": the shop form’s data from the order of one of the customer’s cards; 404 for any other',
    params: businessCardParamSchema,
    answer: rksvReplacementPrefillSchema,
    errors: [400, 401, 403, 404],
  },
});
