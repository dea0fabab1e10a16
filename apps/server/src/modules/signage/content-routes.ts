import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignContentSchema,
  assignedContentSchema,
  contentFileListSchema,
  contentFileSchema,
  moveContentSchema,
  signageIdParamSchema,
  signagePageQuerySchema,
  signageUploadFieldsSchema,
} from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
import { staffWith } from '../../platform/access.js';
import { currentUser } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { contentDisposition } from '../../platform/uploads.js';
import { parseFields } from '../../platform/validation.js';
import { MSG, SIGNAGE_FOLDER } from './common.js';
import { assignToDevice, deviceContent, moveToDevice, removeContent } from './content.js';
import { findFileByStoredName, listFiles, storeContentFile } from './files.js';
import { readMediaUpload, SIGNAGE_STORED_NAME, signageMime } from './media-upload.js';
import { sendMedia } from './send-media.js';
import { errorResponses } from '../../platform/openapi.js';

const access = staffWith('digital_signage');
const tags = ['signage'];

/** Staff: content files (upload, list, protected download) and content on devices. */
export const signageContentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const mediaLimits = {
    dir: ctx.config.uploads.dir,
    maxImageBytes: ctx.config.uploads.maxFileBytes,
    maxVideoBytes: ctx.config.signage.maxVideoBytes,
  };

  app.get(
    '/api/okds-files',
    {
      config: { access },
      schema: {
        operationId: 'listSignageFiles',
        tags,
        summary: 'Content files, newest first (paged)',
        querystring: signagePageQuerySchema,
        response: { ...errorResponses(400, 401, 403), 200: contentFileListSchema },
      },
    },
    (req) => listFiles(ctx, currentUser(req), req.query),
  );

  app.post(
    '/api/okds-upload',
    {
      config: { access },
      schema: {
        operationId: 'uploadSignageFiles',
        tags,
        summary:
          'Upload a picture (PNG, JPEG, WebP) or video (MP4, WebM), checked by content (multipart: file, duration)',
        consumes: ['multipart/form-data'],
        response: {
          ...errorResponses(400, 401, 403, 413, 415),
          201: z.object({ message: z.string(), file: contentFileSchema }),
        },
      },
    },
    async (req, reply) => {
      const mp = await readMediaUpload(req, mediaLimits);
      try {
        const { duration } = parseFields(signageUploadFieldsSchema, mp.fields);
        const { file } = await storeContentFile(ctx, currentUser(req), { file: mp.file, duration });
        return reply.code(201).send({ message: MSG.fileUploaded, file });
      } finally {
        await mp.discard();
      }
    },
  );

  app.get(
    `/protected-files/uploads/${SIGNAGE_FOLDER}/:file`,
    {
      config: { access },
      schema: {
        operationId: 'downloadSignageFile',
        tags,
        summary: 'A content file for staff (preview), with byte ranges for video',
        params: z.object({ file: z.string().max(100) }),
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (req, reply) => {
      if (!SIGNAGE_STORED_NAME.test(req.params.file)) throw notFound(MSG.fileNotFound);
      const f = await findFileByStoredName(ctx, currentUser(req), { name: req.params.file });
      if (!f) throw notFound(MSG.fileNotFound);
      reply.header('Content-Disposition', contentDisposition(f.file_name, true));
      return sendMedia(ctx, req, reply, { storedName: f.stored_name, size: f.size, mime: signageMime(f.stored_name) });
    },
  );

  app.get(
    '/api/okds-content/:id',
    {
      config: { access },
      schema: {
        operationId: 'getSignageContent',
        tags,
        summary: "A device's own content (the :id is the device)",
        params: signageIdParamSchema,
        response: { ...errorResponses(400, 401, 403, 404), 200: z.array(assignedContentSchema) },
      },
    },
    (req) => deviceContent(ctx, currentUser(req), { deviceId: req.params.id }),
  );

  app.post(
    '/api/okds-content/update-device',
    {
      config: { access },
      schema: {
        operationId: 'updateSignageContentDevice',
        tags,
        summary: 'Move content items (assignment ids) to another device',
        body: moveContentSchema,
        response: {
          ...errorResponses(400, 401, 403, 404),
          200: z.object({ message: z.string(), moved: z.number().int() }),
        },
      },
    },
    async (req) => ({ message: MSG.contentMoved, ...(await moveToDevice(ctx, currentUser(req), req.body)) }),
  );

  app.post(
    '/api/okds-content/:id',
    {
      config: { access },
      schema: {
        operationId: 'saveSignageContent',
        tags,
        summary:
          'Assign content to a device (the :id is the device; at least one item; a file it shows already is updated)',
        params: signageIdParamSchema,
        body: assignContentSchema,
        response: {
          ...errorResponses(400, 401, 403, 404, 409),
          200: z.object({ message: z.string(), content: z.array(assignedContentSchema) }),
        },
      },
    },
    async (req) => ({
      message: MSG.contentAssigned,
      content: await assignToDevice(ctx, currentUser(req), { deviceId: req.params.id, content: req.body.content }),
    }),
  );

  app.delete(
    '/api/okds-content/:id',
    {
      config: { access },
      schema: {
        operationId: 'deleteSignageContent',
        tags,
        summary: 'Take a content item (assignment id) off its device',
        params: signageIdParamSchema,
        response: { ...errorResponses(400, 401, 403, 404), 200: z.object({ message: z.string() }) },
      },
    },
    async (req) => {
      await removeContent(ctx, currentUser(req), { contentId: req.params.id });
      return { message: MSG.contentRemoved };
    },
  );
};
