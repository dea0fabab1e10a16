import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customersCalls as calls } from '@portal/shared/contracts';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/serve.js';
import { searchCustomers } from './service.js';
import { customerRecord, customerTimeline } from './timeline.js';

/** The customer search of every picker, one register per country, and one customer's page (contracts/customers.ts). */
export const customerRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  serve(app, ctx, calls.listCustomers, (c, viewer, input) => searchCustomers(c, viewer, { ...input, source: 'AT' }));
  serve(app, ctx, calls.listCustomersEG, (c, viewer, input) => searchCustomers(c, viewer, { ...input, source: 'EG' }));
  serve(app, ctx, calls.getCustomerRecord, customerRecord);
  serve(app, ctx, calls.getCustomerTimeline, customerTimeline);
};
