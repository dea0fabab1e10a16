import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALTCHA_FIELD,
  classicSupportRequestSchema,
  COMMON_MSG,
  companySwitchRequestSchema,
  depRequestSchema,
  emergencySupportRequestSchema,
  HONEYPOT_FIELD,
  menuChangeRequestSchema,
  messageSchema,
  PUBLIC_FORM_MSG,
  PUBLIC_FORM_SUCCESS,
  publicFormResponseSchema,
} from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
import { publicAccess } from '../../platform/access.js';
import { hitRateLimit } from '../../platform/db-rate-limit.js';
import { HttpError, badRequest } from '../../platform/errors.js';
import { readMultipart, type StagedFile } from '../../platform/uploads.js';
import { parseFields } from '../../platform/validation.js';
import { createAltcha, CHALLENGE_TTL_MS } from './altcha.js';
import {
  submitCompanySwitch,
  submitDep,
  submitMenuChange,
  submitSupport,
  type Submitted,
} from './service.js';
import { errorResponses } from '../../platform/openapi.js';

const WINDOW_MS = 10 * 60 * 1000;
const MSG_TOO_MANY = COMMON_MSG.tooManyRequests;

const challengeSchema = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string(),
});

/**
 * The public request forms under /web/ (DEP export, menu change, company switch, emergency and
 * classic support). Each call passes, in this order: the per-IP limit (PUBLIC_FORM_RATE_LIMIT per
 * 10 minutes, 429), the honeypot, the single-use ALTCHA solution (400 robot message for both), the
 * shared schema (400 with its German message); only then is anything stored.
 */
export const publicFormRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db, config } = ctx;
  const limits = config.uploads;
  const altcha = createAltcha(db, config.publicForms.altchaHmacKey);

  const perIp = async (req: FastifyRequest) => {
    if (!(await hitRateLimit(db, `public-form:${req.ip}`, config.publicForms.rateLimit, WINDOW_MS)))
      throw new HttpError(429, MSG_TOO_MANY);
  };
  /** Honeypot filled or no valid, unused proof of work: a robot, and nothing is stored. */
  const assertHuman = async (fields: Record<string, unknown>) => {
    const trap = fields[HONEYPOT_FIELD];
    if (trap !== undefined && String(trap).trim() !== '') throw badRequest(PUBLIC_FORM_MSG.robot);
    if (!(await altcha.verify(fields[ALTCHA_FIELD]))) throw badRequest(PUBLIC_FORM_MSG.robot);
  };
  // The confirmation mail (if any) leaves after commit through the unit of work (tasks/conversations.ts).
  const answer = (created: Submitted, message: string) => {
    return { message, reference: created.taskId };
  };
  const responses = {
    200: publicFormResponseSchema,
    400: messageSchema,
    413: messageSchema,
    415: messageSchema,
    429: messageSchema,
  };

  // Challenges are cheap but not free: a generous in-memory limit per address.
  const challengeLimit = app.rateLimit({
    max: config.publicForms.rateLimit * 5,
    timeWindow: WINDOW_MS,
    errorResponseBuilder: () => new HttpError(429, MSG_TOO_MANY),
  });

  app.get(
    '/web/challenge',
    {
      config: { access: publicAccess },
      onRequest: challengeLimit,
      schema: {
        operationId: 'getChallenge',
        tags: ['public-forms'],
        summary: `A proof-of-work challenge (ALTCHA, SHA-256) for one form call; valid ${CHALLENGE_TTL_MS / 60000} minutes, single use`,
        response: { ...errorResponses(400), 200: challengeSchema, 429: messageSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const challenge = await altcha.create();
      return { parameters: { ...challenge.parameters }, signature: challenge.signature! };
    },
  );

  app.post(
    '/web/deprequest',
    {
      config: { access: publicAccess, idempotent: true },
      onRequest: perIp,
      // Before the body schema: a robot learns nothing about the fields.
      preValidation: async (req) => {
        const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
        await assertHuman(body);
      },
      schema: {
        operationId: 'submitDepRequest',
        tags: ['public-forms'],
        summary: 'DEP export request (DEP7 and DEP131) → task of type DEP Export',
        body: depRequestSchema,
        response: responses,
      },
    },
    async (req) => answer(await submitDep(ctx, { request: req.body }), PUBLIC_FORM_SUCCESS.dep),
  );

  /** Reads the multipart body, checks it like every form call, and hands the fields and files on. */
  async function multipartForm<T extends z.ZodType>(
    req: FastifyRequest,
    schema: T,
    submit: (input: z.infer<T>, files: StagedFile[]) => Promise<Submitted>,
    message: string,
  ) {
    // The proof of work comes before any file: a robot's files are never read, let alone stored.
    let human = false;
    const checkHuman = async (fields: Record<string, string>) => {
      human = true;
      await assertHuman(fields);
    };
    const mp = await readMultipart(req, limits, 'files', checkHuman);
    try {
      if (!human) await checkHuman(mp.fields);
      // The second support form variant calls the description "comment".
      if (mp.fields.description === undefined && mp.fields.comment !== undefined)
        mp.fields.description = mp.fields.comment;
      const input = parseFields(schema, mp.fields);
      return answer(await submit(input, mp.files), message);
    } finally {
      await mp.discard();
    }
  }

  const multipartRoute = (operationId: string, summary: string) => ({
    config: { access: publicAccess, idempotent: true },
    onRequest: perIp,
    schema: { operationId, tags: ['public-forms'], summary, consumes: ['multipart/form-data'], response: responses },
  });

  app.post(
    '/web/menuechange',
    multipartRoute(
      'submitMenuChange',
      'Menu change (multipart; files file0, file1, …) → task of type Menüänderung due on the chosen day',
    ),
    (req) => multipartForm(req, menuChangeRequestSchema, (r, f) => submitMenuChange(ctx, { request: r, files: f }), PUBLIC_FORM_SUCCESS.menu),
  );

  app.post(
    '/web/companyswitch',
    multipartRoute('submitCompanySwitch', 'Company switch (multipart; files file0, …) → task of type Firmenwechsel'),
    (req) =>
      multipartForm(req, companySwitchRequestSchema, (r, f) => submitCompanySwitch(ctx, { request: r, files: f }), PUBLIC_FORM_SUCCESS.switch),
  );

  app.post(
    '/web/emergency-support',
    multipartRoute(
      'submitEmergencySupport',
      'Emergency support (multipart; files) → task of type Emergency Support due in 24 hours',
    ),
    (req) =>
      multipartForm(
        req,
        emergencySupportRequestSchema,
        (r, f) => submitSupport(ctx, { kind: 'emergency', request: r, files: f }),
        PUBLIC_FORM_SUCCESS.emergency,
      ),
  );

  app.post(
    '/web/classic-support',
    multipartRoute('submitClassicSupport', 'Regular support (multipart; files) → task of type Support due in 3 days'),
    (req) =>
      multipartForm(
        req,
        classicSupportRequestSchema,
        (r, f) => submitSupport(ctx, { kind: 'classic', request: r, files: f }),
        PUBLIC_FORM_SUCCESS.classic,
      ),
  );
};
