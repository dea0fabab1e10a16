import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  balanceResponseSchema,
  CASHBOOK_MSG,
  createTransactionSchema,
  overviewResponseSchema,
  periodPageQuerySchema,
  periodQuerySchema,
  reverseTransactionSchema,
  summaryResponseSchema,
  transactionIdParams,
  transactionListQuerySchema,
  transactionListResponseSchema,
  transactionSchema,
  verifyResponseSchema,
} from '@portal/shared';
import { staffWith } from '../../platform/access.js';
import { currentUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { countryOf } from './common.js';
import { balance, overview, summary } from './figures.js';
import { listEntries } from './queries.js';
import { createTransaction, reverseTransaction } from './transactions.js';
import { verify } from './verify.js';
import { errorResponses } from '../../platform/openapi.js';

const access = staffWith('cashbook');
const tags = ['cashbook'];

/** Entries: post, reverse, list, period, summary, balance, overview, chain check. */
export const cashbookTransactionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/api/cashbook/transactions',
    {
      config: { access },
      schema: {
        operationId: 'listCashbookTransactions',
        tags,
        summary: 'Entries of the caller’s cashbook, newest first, with filters and keyset paging',
        querystring: transactionListQuerySchema,
        response: { ...errorResponses(400, 401, 403), 200: transactionListResponseSchema },
      },
    },
    async (req) => {
      const { limit, cursor, ...filter } = req.query;
      return listEntries(ctx.db, { countryId: countryOf(currentUser(req)), ...filter }, { limit, cursor });
    },
  );

  app.post(
    '/api/cashbook/transactions',
    {
      config: { access, idempotent: true },
      schema: {
        operationId: 'createCashbookTransaction',
        tags,
        summary: 'Post an entry (amount in cents); only admins may date it',
        body: createTransactionSchema,
        response: { ...errorResponses(400, 401, 403, 409), 201: transactionSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createTransaction(ctx, currentUser(req), req.body)),
  );

  // Entries are never changed or deleted (§131 BAO): these methods exist only to say so, as JSON.
  const refuse = async () => {
    throw new HttpError(405, CASHBOOK_MSG.methodNotAllowed);
  };
  // One route per method: each operation has its own name in the OpenAPI document.
  const refused = {
    '/api/cashbook/transactions': {
      PUT: 'putCashbookTransactions',
      PATCH: 'patchCashbookTransactions',
      DELETE: 'deleteCashbookTransactions',
    },
    '/api/cashbook/transactions/:id': {
      PUT: 'putCashbookTransaction',
      PATCH: 'patchCashbookTransaction',
      DELETE: 'deleteCashbookTransaction',
    },
  } as const;
  for (const [url, methods] of Object.entries(refused))
    for (const [method, operationId] of Object.entries(methods))
      app.route({
        method,
        url,
        config: { access },
        schema: {
          operationId,
          tags,
          summary: 'Not allowed: entries are corrected by a reversal, never changed',
          response: errorResponses(400, 401, 403, 405),
        },
        handler: refuse,
      });

  app.post(
    '/api/cashbook/transactions/:id/reverse',
    {
      config: { access, idempotent: true },
      schema: {
        operationId: 'reverseCashbookTransaction',
        tags,
        summary: 'Reverse an entry: a new entry with the amount negated, pointing to it (once)',
        params: transactionIdParams,
        body: reverseTransactionSchema,
        response: { ...errorResponses(400, 401, 403, 404, 409), 201: transactionSchema },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await reverseTransaction(ctx, currentUser(req), { id: req.params.id, reason: req.body.reason })),
  );

  app.get(
    '/api/cashbook/transactions/period',
    {
      config: { access },
      schema: {
        operationId: 'listCashbookTransactionsOfPeriod',
        tags,
        summary: 'Entries of a period (yyyy-MM-dd, Vienna days, both ends included), paged like the list',
        querystring: periodPageQuerySchema,
        response: { ...errorResponses(400, 401, 403), 200: transactionListResponseSchema },
      },
    },
    async (req) => {
      const { limit, cursor, ...period } = req.query;
      return listEntries(ctx.db, { countryId: countryOf(currentUser(req)), ...period }, { limit, cursor });
    },
  );

  app.get(
    '/api/cashbook/transactions/summary',
    {
      config: { access },
      schema: {
        operationId: 'getCashbookSummary',
        tags,
        summary: 'Income and expense totals of a period',
        querystring: periodQuerySchema,
        response: { ...errorResponses(400, 401, 403), 200: summaryResponseSchema },
      },
    },
    (req) => summary(ctx, currentUser(req), req.query),
  );

  app.get(
    '/api/cashbook/balance',
    {
      config: { access },
      schema: {
        operationId: 'getCashbookBalance',
        tags,
        summary: 'Current balance',
        response: { ...errorResponses(400, 401, 403), 200: balanceResponseSchema },
      },
    },
    (req) => balance(ctx, currentUser(req)),
  );

  app.get(
    '/api/cashbook/overview',
    {
      config: { access },
      schema: {
        operationId: 'getCashbookOverview',
        tags,
        summary: 'Overview figures, 6 months, 5 newest',
        response: { ...errorResponses(400, 401, 403), 200: overviewResponseSchema },
      },
    },
    (req) => overview(ctx, currentUser(req)),
  );

  app.get(
    '/api/cashbook/verify',
    {
      config: { access },
      schema: {
        operationId: 'verifyCashbook',
        tags,
        summary: 'Recompute the hash chain',
        response: { ...errorResponses(400, 401, 403), 200: verifyResponseSchema },
      },
    },
    (req) => verify(ctx, currentUser(req)),
  );
};
