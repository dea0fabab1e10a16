import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { playlistSchema, registerAnswerSchema, registerDeviceSchema, signageIdParamSchema } from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
import { publicAccess } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { MSG } from './common.js';
import { signageMime } from './media-upload.js';
import { deviceByKey, mediaForDevice, playlistFor, registerDevice } from './player.js';
import { sendMedia } from './send-media.js';

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

  app.post(
    '/ds/api/register',
    {
      config: { access: publicAccess },
      onRequest: registerLimit,
      schema: {
        tags,
        summary:
          'A screen registers: 201 with its device key (shown once, kept hashed) and the activation code it shows',
        security: [],
        body: registerDeviceSchema,
        response: { 201: registerAnswerSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await registerDevice(ctx, req.body)),
  );

  app.get(
    '/ds/api/playlist',
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary:
          'What the screen plays now (Vienna time), its status, and a version; records the poll (401 without a valid key)',
        security,
        response: { 200: playlistSchema },
      },
    },
    async (req, reply) => {
      const device = await deviceByKey(ctx, { authorization: req.headers.authorization });
      reply.header('Cache-Control', 'no-store');
      return playlistFor(ctx, { device });
    },
  );

  app.get(
    '/ds/api/media/:fileId',
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary: "A file of the screen's playlist (or of its schedules), with byte ranges for video",
        security,
        params: z.object({ fileId: signageIdParamSchema.shape.id }),
      },
    },
    async (req, reply) => {
      const device = await deviceByKey(ctx, { authorization: req.headers.authorization });
      const f = await mediaForDevice(ctx, { device, fileId: req.params.fileId });
      if (!f) throw notFound(MSG.fileNotFound);
      return sendMedia(ctx, req, reply, { storedName: f.stored_name, size: f.size, mime: signageMime(f.stored_name) });
    },
  );
};
