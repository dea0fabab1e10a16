import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cashbookCustomerSchema,
  categorySchema,
  createCategorySchema,
  customerNumberParams,
  periodQuerySchema,
  reportParamsSchema,
  settingsResponseSchema,
  settingsSchema,
} from '@portal/shared';
import { staffWith } from '../../platform/access.js';
import { currentUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { createCategory, listCategories } from './categories.js';
import { customerByNumber } from './customers.js';
import { exportCsv } from './export-csv.js';
import { monthReportPdf } from './report-pdf.js';
import { getSettings, saveSettings } from './settings.js';
import { errorResponses, fileResponse } from '../../platform/openapi.js';

const access = staffWith('cashbook');
const tags = ['cashbook'];

/** Categories, settings, the customer lookup, and the two files for the tax advisor (CSV, PDF). */
export const cashbookBookRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/api/cashbook/categories',
    {
      config: { access },
      schema: {
        operationId: 'listCashbookCategories',
        tags,
        summary: 'Categories',
        response: { ...errorResponses(400, 401, 403), 200: z.array(categorySchema) },
      },
    },
    (req) => listCategories(ctx, currentUser(req)),
  );

  app.post(
    '/api/cashbook/categories',
    {
      config: { access },
      schema: {
        operationId: 'createCashbookCategory',
        tags,
        summary: 'Add a category',
        body: createCategorySchema,
        response: { ...errorResponses(400, 401, 403, 409), 201: categorySchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createCategory(ctx, currentUser(req), req.body)),
  );

  app.get(
    '/api/cashbook/settings',
    {
      config: { access },
      schema: {
        operationId: 'getCashbookSettings',
        tags,
        summary: 'Register and starting balance',
        response: { ...errorResponses(400, 401, 403), 200: settingsResponseSchema },
      },
    },
    (req) => getSettings(ctx, currentUser(req)),
  );

  app.put(
    '/api/cashbook/settings',
    {
      config: { access },
      schema: {
        operationId: 'updateCashbookSettings',
        tags,
        summary: 'Save register name and address; the starting balance only before the first entry',
        body: settingsSchema,
        response: { ...errorResponses(400, 401, 403, 409), 200: settingsResponseSchema },
      },
    },
    (req) => saveSettings(ctx, currentUser(req), req.body),
  );

  app.get(
    '/api/cashbook/customers/:kundennummer',
    {
      config: { access },
      schema: {
        operationId: 'getCashbookCustomer',
        tags,
        summary: 'The id of a customer found by the customer search (this country only)',
        params: customerNumberParams,
        response: { ...errorResponses(400, 401, 403, 404), 200: cashbookCustomerSchema },
      },
    },
    (req) => customerByNumber(ctx, currentUser(req), req.params),
  );

  app.get(
    '/api/cashbook/export.csv',
    {
      config: { access },
      schema: {
        operationId: 'exportCashbookCsv',
        response: { 200: fileResponse('text/csv'), ...errorResponses(400, 401, 403) },
        tags,
        summary: 'Entries of a period as CSV (semicolon, decimal comma, UTF-8 with BOM)',
        querystring: periodQuerySchema,
      },
    },
    (req, reply) => {
      const { start_date, end_date } = req.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="kassenbuch_${start_date}_${end_date}.csv"`)
        .send(exportCsv(ctx, currentUser(req), req.query));
    },
  );

  app.get(
    '/api/cashbook/report/:month.pdf',
    {
      config: { access },
      schema: {
        operationId: 'getCashbookMonthReport',
        response: { 200: fileResponse('application/pdf'), ...errorResponses(400, 401, 403, 404) },
        tags,
        summary: 'Monthly report (YYYY-MM) as PDF',
        params: reportParamsSchema,
      },
    },
    async (req, reply) => {
      const pdf = await monthReportPdf(ctx, currentUser(req), req.params);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="kassenbericht_${req.params.month}.pdf"`)
        .send(pdf);
    },
  );
};
