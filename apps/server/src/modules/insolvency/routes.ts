import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { insolvencyCalls as calls } from '@portal/shared/contracts';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/serve.js';
import { closeCase, createCase, listCases, searchCustomers, setMonth } from './cases.js';

/**
 * Insolvency cases (declared in packages/shared/src/contracts/insolvency.ts), each served by its service:
 * staff with the tasks flag; customers and anonymous callers refused.
 */
export const insolvencyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  serve(app, ctx, calls.getInsolvencies, listCases);
  serve(app, ctx, calls.searchInsolvencyCustomers, searchCustomers);
  serve(app, ctx, calls.createInsolvency, createCase);
  serve(app, ctx, calls.setInsolvencyMonth, setMonth);
  serve(app, ctx, calls.closeInsolvency, closeCase);
};
