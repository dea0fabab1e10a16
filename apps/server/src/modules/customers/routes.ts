import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerHitSchema, customerSearchQuerySchema } from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
import { CUSTOMER_REGISTER_FLAGS, staffWith } from '../../platform/access.js';
import { currentUser } from '../../platform/auth.js';
import { searchCustomers } from './service.js';
import { errorResponses } from '../../platform/openapi.js';

/** The customer register is data of the areas that work with customers; staff without one of them has no business there. */
const registerAccess = staffWith(CUSTOMER_REGISTER_FLAGS);

export const customerRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const schema = (source: string, operationId: string) => ({
    operationId,
    tags: ['customers'],
    summary: `Customer search (${source}): number prefix or company substring, at least 3 characters, at most 20 rows`,
    querystring: customerSearchQuerySchema,
    response: { ...errorResponses(400, 401, 403), 200: z.array(customerHitSchema) },
  });
  app.get('/api/customers', { config: { access: registerAccess }, schema: schema('AT', 'listCustomers') }, (req) =>
    searchCustomers(ctx, currentUser(req), { source: 'AT', search: req.query.search }),
  );
  app.get('/api/customersEG', { config: { access: registerAccess }, schema: schema('EG', 'listCustomersEG') }, (req) =>
    searchCustomers(ctx, currentUser(req), { source: 'EG', search: req.query.search }),
  );

};
