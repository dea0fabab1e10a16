import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { messageSchema } from '@portal/shared';
import {
  pathParams,
  schemaKeys,
  type Call,
  type CallAccess,
  type CallSpec,
  type ServerInput,
} from '@portal/shared/contracts';
import type { Access } from './auth.js';
import { currentUser, type SessionUser } from './auth.js';
import { fileResponse } from './openapi.js';
import { parseFields } from './validation.js';
import { contentDisposition } from './uploads.js';
import { auditedCall, isAudited } from './audited-call.js';
import { Reply } from './reply.js';
import { storeAnswer } from './idempotency.js';
import type { Db } from '../db/client.js';

/**
 * The one way a call is registered: `serve(app, ctx, calls.x, service)`. From the declaration it
 * builds Fastify's schema (params, query, body, answer and error answers: the OpenAPI entry), the
 * access the guard enforces, the idempotency flag, the answer's status and `Cache-Control`; the
 * service gets `(ctx, viewer, input)` (or `(ctx, input)` for a public call), `input` being params,
 * query, body (and declared headers, multipart fields and files) as one object. Every JSON answer is
 * checked against its declared schema on the way out (fastify-type-provider-zod's serializer, in
 * every environment). `test/declared-routes.test.ts` fails on a route registered any other way.
 */

/** What the service sees of the request besides its input: the caller's address and session. */
export interface RequestInfo {
  ip: string;
  sessionId: number | null;
}
export type CallCtx<Ctx> = Ctx & { request: RequestInfo };
type AuditCtx = Parameters<typeof auditedCall>[0];

/** The holders of a key of their own, by key name (the signage area adds `device`). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface KeyHolders {}

type ViewerOf<A extends CallAccess> = A extends { kind: 'key'; key: infer K }
  ? K extends keyof KeyHolders
    ? KeyHolders[K]
    : unknown
  : SessionUser;

type AnswerOf<C extends CallSpec> = C['answer'] extends z.ZodType ? z.input<C['answer']> : unknown;

/** A service of the one shape for this call. */
export type ServiceOf<C extends CallSpec, Ctx> = C['access'] extends { kind: 'public' }
  ? (ctx: CallCtx<Ctx>, input: ServerInput<C> & Extra<C>) => Promise<AnswerOf<C> | Reply> | AnswerOf<C> | Reply
  : (
      ctx: CallCtx<Ctx>,
      viewer: ViewerOf<C['access']>,
      input: ServerInput<C> & Extra<C>,
    ) => Promise<AnswerOf<C> | Reply> | AnswerOf<C> | Reply;

type Extra<C extends CallSpec> = (C extends { multipart: object } ? { files: unknown } : unknown) &
  (C extends { rawBody: true } ? { rawBody: Buffer } : unknown);

export { Reply } from './reply.js';

export const redirectTo = (url: string, status = 303) => new Reply(status, undefined, { location: url });

/** A file to download (`name`) or show in place (`inline`), with its media type. */
export function fileReply(
  body: Buffer | Readable | string,
  type: string,
  opts: { name?: string; inline?: boolean; status?: number; headers?: Record<string, string> } = {},
): Reply {
  const headers: Record<string, string> = { 'content-type': type, ...opts.headers };
  if (opts.name) headers['content-disposition'] = contentDisposition(opts.name, opts.inline);
  return new Reply(opts.status ?? 200, body, headers);
}

/** A multipart body read and staged by the area's reader (platform/uploads.ts `readMultipart` and its kin). */
export interface UploadRead {
  fields: Record<string, string>;
  files: unknown;
  discard(): Promise<void>;
}

export interface ServeOptions {
  /** The key check of a `keyHolder` call: finds the holder or throws 401 (runs before the body is read). */
  key?: (req: FastifyRequest) => Promise<unknown>;
  /** Reads a multipart call's body (the area's limits): its fields are parsed with the declared schema. */
  upload?: (req: FastifyRequest) => Promise<UploadRead>;
  /** Request hooks of the HTTP layer (an in-memory rate limit before anything is read). */
  onRequest?: RouteOptions['onRequest'];
  preHandler?: RouteOptions['preHandler'];
  /** Runs before the body is checked against its schema (a public form's robot check: a robot learns nothing of the fields). */
  preValidation?: RouteOptions['preValidation'];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration a route was registered from (`serve`): the route test lists routes without one. */
    call?: string;
  }
  interface FastifyRequest {
    /** What a `keyHolder` call's check found (a signage screen). */
    keyHolder?: unknown;
  }
}

/** The guard's view of a declared access (platform/auth.ts). */
function guardAccess(a: CallAccess, key: ServeOptions['key'], name: string): Access {
  if (a.kind === 'public') return 'public';
  if (a.kind === 'key') {
    if (!key) throw new Error(`${name}: a keyHolder call needs its key check`);
    return {
      key: a.key,
      check: async (req) => {
        req.keyHolder = await key(req);
      },
    };
  }
  // Only the keys that are set: the guard and the OpenAPI check read a session call without roles as `signedIn` ({}).
  return {
    ...(a.roles && { roles: a.roles }),
    ...(a.anyFlag && { flag: a.anyFlag }),
    ...(a.allFlags && { allFlags: a.allFlags }),
  };
}

/** Fastify's `response` schema: the success answer and every declared error answer. */
function responseSchema(call: Call) {
  const status = call.status ?? 200;
  const out: Record<number, unknown> = {};
  const a = call.answer;
  if (a && 'file' in a) out[status] = fileResponse(a.file.join(', '));
  else if (a && 'redirect' in a) out[status] = z.null().describe('Redirect (see Location)');
  else if (a === null) out[status] = z.null().describe('No content');
  else out[status] = a;
  for (const e of call.errors) out[e] = messageSchema;
  return out;
}

function checkDeclaration(call: Call): void {
  // An idempotent call's work and answer commit together or not at all; a kept refusal commits without its answer.
  if (call.idempotent && call.audit?.keepRefused)
    throw new Error(`${call.name}: an idempotent call cannot keep a refused try (audit.keepRefused)`);
  const named = pathParams(call.path);
  const declared = Object.keys((call.params as { shape?: object } | undefined)?.shape ?? {});
  if (
    named.join() !== [...declared].sort((x, y) => named.indexOf(x) - named.indexOf(y)).join() ||
    named.length !== declared.length
  )
    throw new Error(`${call.name}: path parameters ${named.join(',')} differ from the declared ${declared.join(',')}`);
  // The input is one object: a name in two parts (a path parameter and a query filter) would lose one.
  const seen = new Set<string>();
  for (const part of [call.params, call.query, call.body, call.headers, call.multipart?.fields])
    for (const key of schemaKeys(part)) {
      if (seen.has(key)) throw new Error(`${call.name}: "${key}" is declared twice (path, query, body or headers)`);
      seen.add(key);
    }
}

/**
 * An answer as a retry gets it: the JSON the route's serializer writes, or a Reply's own text; null
 * for a stream, which is not kept (its key is released when it is sent).
 */
function storedAnswer(reply: FastifyReply, result: unknown, status: number, empty: boolean) {
  if (result instanceof Reply) {
    if (result.body !== undefined && typeof result.body !== 'string' && !Buffer.isBuffer(result.body)) return null;
    return {
      status: result.status,
      contentType: result.headers['content-type'] ?? null,
      body: String(result.body ?? ''),
    };
  }
  if (empty) return { status, contentType: null, body: '' };
  reply.status(status);
  return { status, contentType: 'application/json; charset=utf-8', body: String(reply.serialize(result)) };
}

export function serve<C extends Call, Ctx extends object>(
  app: FastifyInstance,
  ctx: Ctx,
  call: C,
  service: ServiceOf<C, Ctx>,
  options: ServeOptions = {},
): void {
  checkDeclaration(call);
  const publicCall = call.access.kind === 'public';
  const status = call.status ?? 200;
  app.route({
    method: call.method,
    url: call.path,
    config: { access: guardAccess(call.access, options.key, call.name), idempotent: call.idempotent, call: call.name },
    onRequest: options.onRequest,
    preHandler: options.preHandler,
    preValidation: options.preValidation,
    schema: {
      operationId: call.name,
      tags: [call.area],
      summary: call.summary,
      ...(call.description && { description: call.description }),
      ...(call.params && { params: call.params }),
      ...(call.query && { querystring: call.query }),
      ...(call.body && { body: call.body }),
      ...(call.headers && { headers: call.headers }),
      ...(call.multipart && {
        consumes: call.multipart.orJson ? ['application/json', 'multipart/form-data'] : ['multipart/form-data'],
      }),
      response: responseSchema(call),
      // Public calls and key holders need no session: the document says so (its default is the bearer).
      ...(call.access.kind !== 'session' && { security: [] }),
    },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const callCtx = { ...ctx, request: { ip: req.ip, sessionId: req.sessionId } } as CallCtx<Ctx>;
      let input: Record<string, unknown> = {
        ...(req.params as object),
        ...(req.query as object),
      };
      const headers = req.headers as Record<string, unknown>;
      for (const h of schemaKeys(call.headers)) input[h] = headers[h];
      if (call.rawBody) input.rawBody = req.body;
      let upload: UploadRead | null = null;
      try {
        if (call.multipart && (!call.multipart.orJson || req.isMultipart())) {
          upload = await options.upload!(req);
          // Inside the try: files staged for fields that are then refused are removed at once.
          const fields = call.multipart.fields ? parseFields(call.multipart.fields, upload.fields) : {};
          input = { ...input, ...(fields as object), files: upload.files };
        } else if (call.multipart?.fields && call.multipart.orJson)
          input = { ...input, ...(parseFields(call.multipart.fields, (req.body ?? {}) as never) as object), files: [] };
        else if (call.body && !call.rawBody) input = { ...input, ...(req.body as object) };
        const viewer = publicCall ? null : call.access.kind === 'key' ? req.keyHolder : currentUser(req);
        const run = (c: CallCtx<Ctx>) =>
          publicCall
            ? (service as (c: unknown, i: unknown) => unknown)(c, input)
            : (service as (c: unknown, v: unknown, i: unknown) => unknown)(c, viewer, input);
        // A staff member's write runs in one transaction with its audit row (platform/audited-call.ts).
        const work = (c: CallCtx<Ctx>) =>
          isAudited(call, viewer) ? auditedCall(c as CallCtx<Ctx> & AuditCtx, call, viewer, input, run) : run(c);
        // A create call sent with an Idempotency-Key: its answer commits in the transaction of its work
        // (platform/idempotency.ts, storeAnswer), so a process that dies between the two leaves neither.
        const held = call.idempotent ? req.idempotency : null;
        const result = held
          ? await (callCtx as unknown as { db: Db }).db.transaction(async (tx) => {
              const answer = await work({ ...callCtx, db: tx });
              const stored = storedAnswer(reply, answer, status, call.answer === null);
              if (stored) await storeAnswer(tx, held, stored);
              return answer;
            })
          : await work(callCtx);
        if (call.cacheControl) reply.header('cache-control', call.cacheControl);
        if (result instanceof Reply) {
          reply.status(result.status).headers(result.headers);
          return reply.send(typeof result.body === 'string' ? Buffer.from(result.body) : result.body);
        }
        return reply.status(status).send(call.answer === null ? undefined : result);
      } finally {
        await upload?.discard();
      }
    },
  });
}
