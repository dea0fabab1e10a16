import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageSchema,
  rksvActivateCardSchema,
  rksvCardKeySchema,
  rksvCardSchema,
  rksvCreateOutageSchema,
  rksvIdParamSchema,
  rksvOutageListQuerySchema,
  rksvOutageSchema,
  rksvUpdateCardSchema,
} from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
import { staffWith } from '../../platform/access.js';
import { currentUser } from '../../platform/auth.js';
import { activateCard, revealCardKey, updateCardSerial } from './commands.js';
import { createOutage, listOutages } from './outages.js';
import { errorResponses } from '../../platform/openapi.js';

const tags = ['rksv-orders'];
const errors = { 400: messageSchema, 404: messageSchema, 409: messageSchema };

/** The card-level calls: serial number, activation, the AES key reveal, outages. */
export const cardRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const rksv = staffWith('rksv');

  app.post(
    '/api/rksv-update-card',
    {
      config: { access: rksv },
      schema: {
        operationId: 'updateRksvCard',
        tags,
        summary: 'Saves a card’s serial number (trimmed, not blank) and marks it cert_done; 409 once shipped or when another card holds it',
        body: rksvUpdateCardSchema,
        response: { ...errorResponses(401, 403), 200: rksvCardSchema, ...errors },
      },
    },
    async (req) => updateCardSerial(ctx, currentUser(req), req.body),
  );

  app.post(
    '/api/rksv-activate-card',
    {
      config: { access: rksv },
      schema: {
        operationId: 'activateRksvCard',
        tags,
        summary: 'Activates a card of a shipped or pickup-ready order (409 before); the AES key is write-only',
        body: rksvActivateCardSchema,
        response: { ...errorResponses(401, 403), 200: rksvCardSchema, ...errors },
      },
    },
    async (req) => activateCard(ctx, currentUser(req), req.body),
  );

  app.get(
    '/api/rksv-card-key/:id',
    {
      config: { access: rksv },
      schema: {
        operationId: 'getRksvCardKey',
        tags,
        summary: 'Reveals a card’s AES key; every reveal is written to the order’s activity',
        params: rksvIdParamSchema,
        response: { ...errorResponses(400, 401, 403), 200: rksvCardKeySchema, 404: messageSchema },
      },
    },
    async (req, reply) => {
      const key = await revealCardKey(ctx, currentUser(req), { cardId: req.params.id });
      void reply.header('Cache-Control', 'no-store');
      return key;
    },
  );

  app.post(
    '/api/rksv-outages',
    {
      config: { access: rksv },
      schema: {
        operationId: 'createRksvOutage',
        tags,
        summary: 'Records an outage of an activated card; over 48 h it is reportable within a week (§ 17 RKSV)',
        body: rksvCreateOutageSchema,
        response: { ...errorResponses(401, 403), 201: rksvOutageSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createOutage(ctx, currentUser(req), req.body)),
  );

  app.get(
    '/api/rksv-outages',
    {
      config: { access: rksv },
      schema: {
        operationId: 'listRksvOutages',
        tags,
        summary: 'The outages of a card, newest first',
        querystring: rksvOutageListQuerySchema,
        response: { ...errorResponses(400, 401, 403), 200: z.array(rksvOutageSchema), 404: messageSchema },
      },
    },
    async (req) => listOutages(ctx, currentUser(req), { cardId: req.query.cardId }),
  );
};
