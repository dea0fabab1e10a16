import { said } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signageCalls as calls, signagePlayCalls } from '@portal/shared/contracts';
import type { AppContext } from '../../platform/context.js';
import { badRequest, errorBody, notFound } from '../../platform/errors.js';
import { fileReply, Reply, serve } from '../../platform/serve.js';
import { contentDisposition } from '../../platform/uploads.js';
import { MSG } from './common.js';
import { assignToDevice, deviceContent, moveToDevice, removeContent, scheduleContent } from './content.js';
import { customersWithScreens, searchSignageCustomers } from './customers.js';
import {
  assignCustomer,
  deviceStatus,
  listDevices,
  overview,
  removeCustomer,
  updateDevice,
  verifyActivation,
  activateByCode,
} from './devices.js';
import { findFileByStoredName, listFiles, storeContentFile } from './files.js';
import { readMediaUpload, SIGNAGE_STORED_NAME, signageMime, type StagedMedia } from './media-upload.js';
import { deviceByKey, mediaForDevice, nowPlaying, playlistFor, registerDevice } from './player.js';
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
import { staffPlayReportPdf } from './play-report-pdf.js';
import { playSummary, recordPlays } from './plays.js';
import { playlistsChanged } from './push.js';
import { heartbeatsOf } from './heartbeats.js';
import type { VersionedDevice } from './content-cache.js';
import { mediaReply } from './send-media.js';

declare module '../../platform/serve.js' {
  interface KeyHolders {
    /** The screen whose `Authorization: Device <key>` the guard checked, with its content version. */
    device: VersionedDevice;
  }
}

/**
 * The signage area's calls (declared in packages/shared/src/contracts/signage.ts; backoffice.md,
 * issue 18): staff under /api/okds-…, screens under /ds/api/… with their device key.
 */
export const signageRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // One picture or video per upload, staged under the uploads folder with signage's own sizes.
  const upload = async (req: Parameters<typeof readMediaUpload>[0]) => {
    const mp = await readMediaUpload(req, {
      dir: ctx.config.uploads.dir,
      maxImageBytes: ctx.config.uploads.maxFileBytes,
      maxVideoBytes: ctx.config.signage.maxVideoBytes,
    });
    return { fields: mp.fields, files: mp.file, discard: mp.discard };
  };
  const staged = (files: unknown) => files as StagedMedia | null;

  // Devices, their customers and activation, the status board, customer search.
  serve(app, ctx, calls.getSignageOverview, overview);
  serve(app, ctx, calls.listSignageDevices, listDevices);
  serve(app, ctx, calls.updateSignageDevice, (c, viewer, { id, ...patch }) =>
    updateDevice(c, viewer, { deviceId: id, patch }),
  );
  serve(app, ctx, calls.assignSignageDeviceCustomer, (c, viewer, input) =>
    assignCustomer(c, viewer, { deviceId: input.id, customerId: input.customer_id }),
  );
  serve(app, ctx, calls.removeSignageDeviceCustomer, (c, viewer, input) =>
    removeCustomer(c, viewer, { deviceId: input.id }),
  );
  serve(app, ctx, calls.verifySignageActivation, async (c, viewer, input) => {
    const r = await verifyActivation(c, viewer, {
      deviceId: input.id,
      code: input.activation_code,
      customerId: input.customer_id,
    });
    // The spec's screen reads the `error` field; `message` and `code` as every error answer has them.
    if (!r.ok)
      return new Reply(400, JSON.stringify({ error: r.message.de, ...errorBody(r.message) }), {
        'content-type': 'application/json; charset=utf-8',
      });
    return { ...said(MSG.deviceActivated), device: r.device };
  });
  serve(app, ctx, calls.activateSignageDeviceByCode, async (c, viewer, input) => {
    const r = await activateByCode(c, viewer, {
      code: input.activation_code,
      customerId: input.customer_id,
      deviceName: input.device_name,
    });
    if (!r.ok) throw badRequest(r.message);
    return r.device;
  });
  serve(app, ctx, calls.searchSignageCustomers, searchSignageCustomers);
  serve(app, ctx, calls.listSignageCustomers, customersWithScreens);
  serve(app, ctx, calls.getSignageStatus, deviceStatus);
  serve(app, ctx, calls.getSignageNowPlaying, (c, viewer, input) => nowPlaying(c, viewer, { deviceId: input.id }));

  // Content files (upload, list, protected download) and content on devices.
  serve(app, ctx, calls.listSignageFiles, listFiles);
  serve(
    app,
    ctx,
    calls.uploadSignageFiles,
    async (c, viewer, input) => {
      const { file } = await storeContentFile(c, viewer, { file: staged(input.files), duration: input.duration });
      return { ...said(MSG.fileUploaded), file };
    },
    { upload },
  );
  serve(app, ctx, calls.downloadSignageFile, async (c, viewer, input) => {
    if (!SIGNAGE_STORED_NAME.test(input.file)) throw notFound(MSG.fileNotFound);
    const f = await findFileByStoredName(c, viewer, { name: input.file });
    if (!f) throw notFound(MSG.fileNotFound);
    return mediaReply(
      c,
      { storedName: f.stored_name, size: f.size, mime: signageMime(f.stored_name), range: input.range },
      { 'content-disposition': contentDisposition(f.file_name, true) },
    );
  });
  serve(app, ctx, calls.getSignageContent, (c, viewer, input) => deviceContent(c, viewer, { deviceId: input.id }));
  serve(app, ctx, calls.updateSignageContentDevice, async (c, viewer, input) => ({
    ...said(MSG.contentMoved),
    ...(await moveToDevice(c, viewer, input)),
  }));
  serve(app, ctx, calls.saveSignageContent, async (c, viewer, input) => ({
    ...said(MSG.contentAssigned),
    content: await assignToDevice(c, viewer, { deviceId: input.id, content: input.content }),
  }));
  serve(app, ctx, calls.deleteSignageContent, async (c, viewer, input) => {
    await removeContent(c, viewer, { contentId: input.id });
    return { ...said(MSG.contentRemoved) };
  });

  // Schedules and their content.
  serve(app, ctx, calls.listSignageSchedules, listSchedules);
  serve(app, ctx, calls.createSignageSchedule, async (c, viewer, input) => ({
    ...said(MSG.scheduleSaved),
    schedule: await createSchedule(c, viewer, input),
  }));
  serve(app, ctx, calls.updateSignageSchedule, async (c, viewer, { id, ...fields }) => ({
    ...said(MSG.scheduleSaved),
    schedule: await updateSchedule(c, viewer, { ...fields, scheduleId: id }),
  }));
  serve(app, ctx, calls.deleteSignageSchedule, async (c, viewer, input) => {
    await deleteSchedule(c, viewer, { scheduleId: input.id });
    return { ...said(MSG.scheduleDeleted) };
  });
  serve(app, ctx, calls.getSignageContentSchedule, async (c, viewer, input) => ({
    content: await getScheduleContent(c, viewer, { scheduleId: input.id }),
  }));
  serve(app, ctx, calls.saveSignageContentSchedule, async (c, viewer, input) => ({
    ...said(MSG.scheduleSaved),
    content: await setScheduleContent(c, viewer, { scheduleId: input.id, content: input.content }),
  }));
  serve(
    app,
    ctx,
    calls.uploadSignageScheduleFiles,
    async (c, viewer, input) => {
      const { duration, start_time, end_time, days_of_week } = input;
      await storeContentFile(c, viewer, { file: staged(input.files), duration }, async (tx, file) => {
        const schedule = await assertSchedule(tx, input.id, true);
        await appendScheduleContent(tx, {
          scheduleId: input.id,
          item: { file_id: file.id, display_order: 0, duration, start_time, end_time, days_of_week },
        });
        await playlistsChanged(tx, { customerIds: [schedule.customer_id] });
      });
      return { ...said(MSG.fileUploaded), content: await scheduleContent(c.db, input.id) };
    },
    {
      upload,
      // An unknown schedule answers 404 before its upload is read.
      preHandler: async (req) => {
        await assertSchedule(ctx.db, (req.params as { id: number }).id);
      },
    },
  );

  // The screens. Registration is open: a new screen has nothing yet, and what it gets is a pending
  // device staff must activate; per address, so a flood of pending devices cannot bury the real ones.
  serve(app, ctx, calls.registerSignageScreen, registerDevice, {
    onRequest: app.rateLimit({ max: 30, timeWindow: 10 * 60 * 1000 }),
  });
  // The rest answers only to the screen's key, checked by the guard before the body is read (else 401).
  // The polls' heartbeats are written in batches (heartbeats.ts): the last one before the database closes.
  const heartbeats = heartbeatsOf(ctx.db, app.log);
  app.addHook('onClose', () => heartbeats.flush());
  const key = (req: { headers: { authorization?: string | undefined } }) =>
    deviceByKey(ctx, { authorization: req.headers.authorization });
  serve(app, ctx, calls.getSignagePlaylist, playlistFor, { key });
  serve(
    app,
    ctx,
    calls.getSignageMedia,
    async (c, device, input) => {
      const f = await mediaForDevice(c, device, input);
      if (!f) throw notFound(MSG.fileNotFound);
      return mediaReply(c, {
        storedName: f.stored_name,
        size: f.size,
        mime: signageMime(f.stored_name),
        range: input.range,
      });
    },
    { key },
  );
  // Proof of play (issue 33): the screens' log, staff's figures per customer and its monthly PDF.
  serve(app, ctx, signagePlayCalls.uploadSignagePlays, recordPlays, { key });
  serve(app, ctx, signagePlayCalls.getSignagePlays, playSummary);
  serve(app, ctx, signagePlayCalls.getSignagePlayReportPdf, async (c, viewer, input) =>
    fileReply(await staffPlayReportPdf(c, viewer, input), 'application/pdf', {
      name: `wiedergaben_${input.customerId}_${input.month}.pdf`,
    }),
  );
};
