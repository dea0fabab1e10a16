import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignedContentSchema,
  scheduleContentSchema,
  scheduleInputSchema,
  scheduleListQuerySchema,
  scheduleListSchema,
  scheduleRowSchema,
  signageIdParamSchema,
  signageScheduleUploadFieldsSchema,
} from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
import { staffWith } from '../../platform/access.js';
import { currentUser } from '../../platform/auth.js';
import { parseFields } from '../../platform/validation.js';
import { MSG } from './common.js';
import { storeContentFile } from './files.js';
import { readMediaUpload } from './media-upload.js';
import {
  appendScheduleContent,
  assertSchedule,
  createSchedule,
  deleteSchedule,
  getScheduleContent,
  listSchedules,
  setScheduleContent,
  updateSchedule,
} from './schedules.js';
import { scheduleContent } from './content.js';
import { errorResponses } from '../../platform/openapi.js';

const access = staffWith('digital_signage');
const tags = ['signage'];

/** Staff: schedules and their content. */
export const signageScheduleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/api/okds-schedules',
    {
      config: { access },
      schema: {
        operationId: 'listSignageSchedules',
        tags,
        summary: 'Schedules (status filter, default active; paged)',
        querystring: scheduleListQuerySchema,
        response: { ...errorResponses(400, 401, 403), 200: scheduleListSchema },
      },
    },
    (req) => listSchedules(ctx, currentUser(req), req.query),
  );

  app.post(
    '/api/okds-schedules',
    {
      config: { access },
      schema: {
        operationId: 'createSignageSchedule',
        tags,
        summary: 'Create a schedule {schedule_name, stripe_customer_id or customer_id, start_time, end_time, days}',
        body: scheduleInputSchema,
        response: {
          ...errorResponses(400, 401, 403, 404, 409),
          201: z.object({ message: z.string(), schedule: scheduleRowSchema }),
        },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send({ message: MSG.scheduleSaved, schedule: await createSchedule(ctx, currentUser(req), req.body) }),
  );

  app.put(
    '/api/okds-schedules/:id',
    {
      config: { access },
      schema: {
        operationId: 'updateSignageSchedule',
        tags,
        summary: 'Change a schedule',
        params: signageIdParamSchema,
        body: scheduleInputSchema,
        response: {
          ...errorResponses(400, 401, 403, 404, 409),
          200: z.object({ message: z.string(), schedule: scheduleRowSchema }),
        },
      },
    },
    async (req) => ({
      message: MSG.scheduleSaved,
      schedule: await updateSchedule(ctx, currentUser(req), { ...req.body, scheduleId: req.params.id }),
    }),
  );

  app.delete(
    '/api/okds-schedules/:id',
    {
      config: { access },
      schema: {
        operationId: 'deleteSignageSchedule',
        tags,
        summary: 'Delete a schedule with its content list (the files stay)',
        params: signageIdParamSchema,
        response: { ...errorResponses(400, 401, 403, 404), 200: z.object({ message: z.string() }) },
      },
    },
    async (req) => {
      await deleteSchedule(ctx, currentUser(req), { scheduleId: req.params.id });
      return { message: MSG.scheduleDeleted };
    },
  );

  app.get(
    '/api/okds-content-schedule/:id',
    {
      config: { access },
      schema: {
        operationId: 'getSignageContentSchedule',
        tags,
        summary: "A schedule's content in display order",
        params: signageIdParamSchema,
        response: { ...errorResponses(400, 401, 403, 404), 200: z.object({ content: z.array(assignedContentSchema) }) },
      },
    },
    async (req) => ({ content: await getScheduleContent(ctx, currentUser(req), { scheduleId: req.params.id }) }),
  );

  app.post(
    '/api/okds-content-schedule/:id',
    {
      config: { access },
      schema: {
        operationId: 'saveSignageContentSchedule',
        tags,
        summary:
          "Replace a schedule's content {content: [{file_id, display_order, duration, start_time, end_time, days_of_week}]}",
        params: signageIdParamSchema,
        body: scheduleContentSchema,
        response: {
          ...errorResponses(400, 401, 403, 404, 409),
          200: z.object({ message: z.string(), content: z.array(assignedContentSchema) }),
        },
      },
    },
    async (req) => ({
      message: MSG.scheduleSaved,
      content: await setScheduleContent(ctx, currentUser(req), {
        scheduleId: req.params.id,
        content: req.body.content,
      }),
    }),
  );

  app.post(
    '/api/okds-content-schedule/:id/upload',
    {
      config: { access },
      schema: {
        operationId: 'uploadSignageScheduleFiles',
        tags,
        summary:
          'Upload a file into a schedule (multipart: file, duration, start_time 00:00, end_time 23:59, days_of_week 1-7)',
        consumes: ['multipart/form-data'],
        params: signageIdParamSchema,
        response: {
          ...errorResponses(400, 401, 403, 404, 413, 415),
          201: z.object({ message: z.string(), content: z.array(assignedContentSchema) }),
        },
      },
    },
    async (req, reply) => {
      const scheduleId = req.params.id;
      await assertSchedule(ctx.db, scheduleId);
      const mp = await readMediaUpload(req, {
        dir: ctx.config.uploads.dir,
        maxImageBytes: ctx.config.uploads.maxFileBytes,
        maxVideoBytes: ctx.config.signage.maxVideoBytes,
      });
      try {
        const f = parseFields(signageScheduleUploadFieldsSchema, mp.fields);
        await storeContentFile(ctx, currentUser(req), { file: mp.file, duration: f.duration }, async (tx, file) => {
          await assertSchedule(tx, scheduleId, true);
          await appendScheduleContent(tx, {
            scheduleId,
            item: {
              file_id: file.id,
              display_order: 0,
              duration: f.duration,
              start_time: f.start_time,
              end_time: f.end_time,
              days_of_week: f.days_of_week,
            },
          });
        });
        return reply.code(201).send({ message: MSG.fileUploaded, content: await scheduleContent(ctx.db, scheduleId) });
      } finally {
        await mp.discard();
      }
    },
  );
};
