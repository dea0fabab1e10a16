import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageSchema,
  playlistSchema,
  registerAnswerSchema,
  registerDeviceSchema,
  signageIdParamSchema,
} from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
import { keyHolder, publicAccess } from '../../platform/access.js';
import { notFound, unauthorized } from '../../platform/errors.js';
import { MSG } from './common.js';
import { signageMime } from './media-upload.js';
import { deviceByKey, mediaForDevice, playlistFor, registerDevice, type DeviceRecord } from './player.js';
import { sendMedia } from './send-media.js';
import { errorResponses } from '../../platform/openapi.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The screen whose `Authorization: Device <key>` the guard checked (routes with the `device` preset). */
    device?: DeviceRecord;
  }
}

/** The device, on a route whose `device` preset has checked the key. */
function currentDevice(req: FastifyRequest): DeviceRecord {
  if (!req.device) throw unauthorized(MSG.deviceKeyInvalid);
  return req.device;
}

const tags = ['signage-device'];
// No session: the device key travels as `Authorization: Device <key>` (not an OpenAPI scheme of the app).
const security: never[] = [];

/**
 * The screens' API. No session: registration is open (a new screen has nothing yet, and what it gets
 * is a pending device that staff must activate), the rest answers only to `Authorization: Device <key>`.
 */
export const signagePlayerRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // Per address: a screen registers once; a flood of pending devices would bury the real ones.
  const registerLimit = app.rateLimit({ max: 30, timeWindow: 10 * 60 * 1000 });
  // The screen's key, checked by the guard before the body is read (401 without a valid one).
  const device = keyHolder('device', async (req) => {
    req.device = await deviceByKey(ctx, { authorization: req.headers.authorization });
  });

  app.post(
    '/ds/api/register',
    {
      config: { access: publicAccess },
      onRequest: registerLimit,
      schema: {
        operationId: 'registerSignageScreen',
        tags,
        summary:
          'A screen registers: 201 with its device key (shown once, kept hashed) and the activation code it shows; a known uuid whose device is not pending needs its current key (Authorization: Device <key>), else 409',
        security: [],
        body: registerDeviceSchema,
        response: { ...errorResponses(400, 429), 201: registerAnswerSchema, 409: messageSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await registerDevice(ctx, { ...req.body, authorization: req.headers.authorization })),
  );

  app.get(
    '/ds/api/playlist',
    {
      config: { access: device },
      schema: {
        operationId: 'getSignagePlaylist',
        tags,
        summary:
          'What the screen plays now (Vienna time), its status, and a version; records the poll (401 without a valid key)',
        security,
        response: { ...errorResponses(400, 401), 200: playlistSchema },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return playlistFor(ctx, { device: currentDevice(req) });
    },
  );

  app.get(
    '/ds/api/media/:fileId',
    {
      config: { access: device },
      schema: {
        operationId: 'getSignageMedia',
        response: errorResponses(400, 401, 404),
        tags,
        summary: "A file of the screen's playlist (or of its schedules), with byte ranges for video",
        security,
        params: z.object({ fileId: signageIdParamSchema.shape.id }),
      },
    },
    async (req, reply) => {
      const f = await mediaForDevice(ctx, { device: currentDevice(req), fileId: req.params.fileId });
      if (!f) throw notFound(MSG.fileNotFound);
      return sendMedia(ctx, req, reply, { storedName: f.stored_name, size: f.size, mime: signageMime(f.stored_name) });
    },
  );
};
