import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignCustomerSchema,
  deviceListQuerySchema,
  deviceListSchema,
  deviceRowSchema,
  deviceStatusListSchema,
  signageCustomerHitSchema,
  signageCustomerListSchema,
  signageCustomerSearchSchema,
  signageIdParamSchema,
  signageOverviewSchema,
  signagePageQuerySchema,
  updateDeviceSchema,
  verifyActivationSchema,
} from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
import { staffWith } from '../../platform/access.js';
import { currentUser } from '../../platform/auth.js';
import { errorBody } from '../../platform/errors.js';
import { customersWithScreens, searchSignageCustomers } from './customers.js';
import {
  assignCustomer,
  deviceStatus,
  listDevices,
  overview,
  removeCustomer,
  updateDevice,
  verifyActivation,
} from './devices.js';
import { MSG } from './common.js';
import { errorResponses } from '../../platform/openapi.js';

const access = staffWith('digital_signage');
const tags = ['signage'];

/** Staff: overview, devices, their customers and activation, the status board, customer search. */
export const signageDeviceRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/api/okds-overview',
    {
      config: { access },
      schema: {
        operationId: 'getSignageOverview',
        tags,
        summary: 'Device counts by effective status, registrations per month (12), devices by type',
        response: { ...errorResponses(400, 401, 403), 200: signageOverviewSchema },
      },
    },
    (req) => overview(ctx, currentUser(req)),
  );

  app.get(
    '/api/okds-devices',
    {
      config: { access },
      schema: {
        operationId: 'listSignageDevices',
        tags,
        summary: 'Devices (newest first, paged) with effective status, days remaining and customer',
        querystring: deviceListQuerySchema,
        response: { ...errorResponses(400, 401, 403), 200: deviceListSchema },
      },
    },
    (req) => listDevices(ctx, currentUser(req), req.query),
  );

  app.put(
    '/api/okds-devices/:id',
    {
      config: { access },
      schema: {
        operationId: 'updateSignageDevice',
        tags,
        summary: 'Name, location, licence end, lock or unlock a device',
        params: signageIdParamSchema,
        body: updateDeviceSchema,
        response: { ...errorResponses(400, 401, 403, 404, 409), 200: deviceRowSchema },
      },
    },
    (req) => updateDevice(ctx, currentUser(req), { deviceId: req.params.id, patch: req.body }),
  );

  app.post(
    '/api/okds-devices/:id/assign-customer',
    {
      config: { access },
      schema: {
        operationId: 'assignSignageDeviceCustomer',
        tags,
        summary: 'Give the device a customer',
        params: signageIdParamSchema,
        body: assignCustomerSchema,
        response: { ...errorResponses(400, 401, 403, 404, 409), 200: deviceRowSchema },
      },
    },
    (req) => assignCustomer(ctx, currentUser(req), { deviceId: req.params.id, customerId: req.body.customer_id }),
  );

  app.post(
    '/api/okds-devices/:id/remove-customer',
    {
      config: { access },
      schema: {
        operationId: 'removeSignageDeviceCustomer',
        tags,
        summary: "Take the device's customer away",
        params: signageIdParamSchema,
        response: { ...errorResponses(400, 401, 403, 404), 200: deviceRowSchema },
      },
    },
    (req) => removeCustomer(ctx, currentUser(req), { deviceId: req.params.id }),
  );

  app.post(
    '/api/okds-devices/:id/verify-activation',
    {
      config: { access },
      schema: {
        operationId: 'verifySignageActivation',
        tags,
        summary:
          "Check the code the screen shows and set the customer with it (customer_id, else the device's own): right activates it for that customer; wrong 400 {error} and only the try counts; five wrong tries end the code's life",
        params: signageIdParamSchema,
        body: verifyActivationSchema,
        response: {
          ...errorResponses(401, 403, 404, 409),
          200: z.object({ message: z.string(), device: deviceRowSchema }),
          400: z.object({ error: z.string().optional(), message: z.string(), code: z.string().optional() }),
        },
      },
    },
    async (req, reply) => {
      const r = await verifyActivation(ctx, currentUser(req), {
        deviceId: req.params.id,
        code: req.body.activation_code,
        customerId: req.body.customer_id,
      });
      // The spec's screen reads the `error` field; `message` and `code` as every error answer has them.
      if (!r.ok) return reply.code(400).send({ error: r.message, ...errorBody(r.message) });
      return { message: MSG.deviceActivated, device: r.device };
    },
  );

  app.get(
    '/api/okds-search-customers',
    {
      config: { access },
      schema: {
        operationId: 'searchSignageCustomers',
        tags,
        summary: 'Customers by company, customer number or e-mail (at least 2 characters, at most 20 rows)',
        querystring: signageCustomerSearchSchema,
        response: { ...errorResponses(400, 401, 403), 200: z.array(signageCustomerHitSchema) },
      },
    },
    (req) => searchSignageCustomers(ctx, currentUser(req), { query: req.query.query }),
  );

  app.get(
    '/api/okds-customers',
    {
      config: { access },
      schema: {
        operationId: 'listSignageCustomers',
        tags,
        summary: 'Customers that have screens, each with its screens, schedule and content counts (paged)',
        querystring: signagePageQuerySchema,
        response: { ...errorResponses(400, 401, 403), 200: signageCustomerListSchema },
      },
    },
    (req) => customersWithScreens(ctx, currentUser(req), req.query),
  );

  app.get(
    '/api/okds-status',
    {
      config: { access },
      schema: {
        operationId: 'getSignageStatus',
        tags,
        summary: 'Every device online or offline by its last poll, and what it plays (paged)',
        querystring: signagePageQuerySchema,
        response: { ...errorResponses(400, 401, 403), 200: deviceStatusListSchema },
      },
    },
    (req) => deviceStatus(ctx, currentUser(req), req.query),
  );
};
