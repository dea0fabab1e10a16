import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ALTCHA_FIELD,
  COMMON_MSG,
  HONEYPOT_FIELD,
  PUBLIC_FORM_MSG,
  PUBLIC_FORM_SUCCESS,
  said,
  type Message,
} from '@portal/shared';
import { publicFormsCalls as calls } from '@portal/shared/contracts';
import type { AppContext } from '../../platform/context.js';
import { hitRateLimit } from '../../platform/db-rate-limit.js';
import { HttpError, badRequest } from '../../platform/errors.js';
import { serve } from '../../platform/serve.js';
import { readMultipart, type StagedFile } from '../../platform/uploads.js';
import { parseFields } from '../../platform/validation.js';
import { createAltcha } from './altcha.js';
import { submitCompanySwitch, submitDep, submitMenuChange, submitSupport, type Submitted } from './service.js';
import { submissionOf } from '../../platform/idempotency.js';

const WINDOW_MS = 10 * 60 * 1000;
const MSG_TOO_MANY = COMMON_MSG.tooManyRequests;

// The confirmation mail (if any) leaves after commit through the unit of work (tasks/conversations.ts).
const answer = (created: Submitted, message: Message) => ({
  ...said(message),
  reference: created.taskId,
  // When to expect an answer (issue 31): the task's response deadline; the web words it in the form's language.
  due_at: created.responseDueAt.toISOString(),
  outside_hours: created.outsideHours,
});

/**
 * The public request forms under /web/ (contracts/public-forms.ts). Each call passes, in this order:
 * the per-IP limit (PUBLIC_FORM_RATE_LIMIT per 10 minutes, 429), the honeypot, the single-use ALTCHA
 * solution (400 robot message for both), the shared schema (400 with its German message); only then
 * is anything stored.
 */
export const publicFormRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db, config } = ctx;
  const altcha = createAltcha(db, config.publicForms.altchaHmacKey);

  // Before the body is read: refused calls count too, so a script guessing solutions is limited the same way.
  const perIp = async (req: FastifyRequest) => {
    if (!(await hitRateLimit(db, `public-form:${req.ip}`, config.publicForms.rateLimit, WINDOW_MS)))
      throw new HttpError(429, MSG_TOO_MANY);
  };
  /** Honeypot filled or no valid, unused proof of work: a robot, and nothing is stored. */
  const assertHuman = async (fields: Record<string, unknown>, retryKey: string | undefined) => {
    const trap = fields[HONEYPOT_FIELD];
    if (trap !== undefined && String(trap).trim() !== '') throw badRequest(PUBLIC_FORM_MSG.robot);
    if (!(await altcha.verify(fields[ALTCHA_FIELD], retryKey))) throw badRequest(PUBLIC_FORM_MSG.robot);
  };
  /**
   * Reads a form's multipart body: the proof of work comes before any file, so a robot's files are
   * never read; fields the schema refuses leave nothing staged.
   */
  const upload = (fieldsSchema: z.ZodType) => async (req: FastifyRequest) => {
    let human = false;
    const checkHuman = async (fields: Record<string, string>) => {
      human = true;
      await assertHuman(fields, submissionOf(req));
    };
    const mp = await readMultipart(req, config.uploads, 'files', checkHuman);
    try {
      if (!human) await checkHuman(mp.fields);
      // The second support form variant calls the description "comment".
      if (mp.fields.description === undefined && mp.fields.comment !== undefined)
        mp.fields.description = mp.fields.comment;
      parseFields(fieldsSchema, mp.fields);
    } catch (e) {
      await mp.discard();
      throw e;
    }
    return mp;
  };
  const form = (call: { multipart: { fields: z.ZodType } }) => ({
    onRequest: perIp,
    upload: upload(call.multipart.fields),
  });
  const staged = (files: unknown) => files as StagedFile[];

  // Challenges are cheap but not free: a generous in-memory limit per address.
  const challengeLimit = app.rateLimit({
    max: config.publicForms.rateLimit * 5,
    timeWindow: WINDOW_MS,
    errorResponseBuilder: () => new HttpError(429, MSG_TOO_MANY),
  });
  serve(
    app,
    ctx,
    calls.getChallenge,
    async () => {
      const challenge = await altcha.create();
      return { parameters: { ...challenge.parameters }, signature: challenge.signature! };
    },
    { onRequest: challengeLimit },
  );

  serve(
    app,
    ctx,
    calls.submitDepRequest,
    async (c, input) => answer(await submitDep(c, input), PUBLIC_FORM_SUCCESS.dep),
    {
      onRequest: perIp,
      // Before the body schema: a robot learns nothing about the fields.
      preValidation: async (req) => {
        const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
        await assertHuman(body, submissionOf(req));
      },
    },
  );
  serve(
    app,
    ctx,
    calls.submitMenuChange,
    async (c, input) =>
      answer(await submitMenuChange(c, { ...input, files: staged(input.files) }), PUBLIC_FORM_SUCCESS.menu),
    form(calls.submitMenuChange),
  );
  serve(
    app,
    ctx,
    calls.submitCompanySwitch,
    async (c, input) =>
      answer(await submitCompanySwitch(c, { ...input, files: staged(input.files) }), PUBLIC_FORM_SUCCESS.switch),
    form(calls.submitCompanySwitch),
  );
  serve(
    app,
    ctx,
    calls.submitEmergencySupport,
    async (c, input) =>
      answer(
        await submitSupport(c, { ...input, kind: 'emergency', files: staged(input.files) }),
        PUBLIC_FORM_SUCCESS.emergency,
      ),
    form(calls.submitEmergencySupport),
  );
  serve(
    app,
    ctx,
    calls.submitClassicSupport,
    async (c, input) =>
      answer(
        await submitSupport(c, { ...input, kind: 'classic', files: staged(input.files) }),
        PUBLIC_FORM_SUCCESS.classic,
      ),
    form(calls.submitClassicSupport),
  );
};
