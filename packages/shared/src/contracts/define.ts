import type { z } from 'zod';
import type { Flag, Role } from '../enums.js';
import type { AuditSubject } from '../schemas/audit.js';

/**
 * One declaration per call: what the server registers (schema, access, idempotency, OpenAPI entry)
 * and what the web fetches (path, query, body, answer) are both read from it, so neither side can
 * drift from the other. About a hundred lines of our own instead of a library: ts-rest still wants
 * zod 3, and neither it nor oRPC knows our access presets, multipart limits or file answers
 * (ARCHITECTURE.md "One declaration per call").
 */

/** Who may call: nobody signed in, a session (roles, any one / every one of some flags), or a key of its own. */
export type CallAccess =
  | { readonly kind: 'public' }
  | {
      readonly kind: 'session';
      readonly roles?: readonly Role[];
      /** Any one of these flags. */
      readonly anyFlag?: readonly Flag[];
      /** Every one of these flags. */
      readonly allFlags?: readonly Flag[];
    }
  | { readonly kind: 'key'; readonly key: string };

const STAFF = ['admin', 'agent'] as const satisfies Role[];

/** The access presets: every call declares exactly one. Flags gate admins too (one rule for sidebar and server). */
export const access = {
  /** Anyone, no token (public forms, shop, health, sign-in). */
  public: { kind: 'public' },
  /** Any signed-in account, whatever its role and flags. */
  signedIn: { kind: 'session' },
  /** Customer accounts only (the business dashboard). */
  customerOnly: { kind: 'session', roles: ['customer'] },
  /** Admins and agents. */
  staff: { kind: 'session', roles: STAFF },
  /** Admins only. */
  admin: { kind: 'session', roles: ['admin'] },
  /** Staff with any one of the flags. */
  staffWith: (...flags: Flag[]) => ({ kind: 'session', roles: STAFF, anyFlag: flags }) as const,
  /** Staff with every one of the flags (the RKSV order lists need `rksv` and `rksv_orders`). */
  staffWithAll: (...flags: Flag[]) => ({ kind: 'session', roles: STAFF, allFlags: flags }) as const,
  /** Admins with any one of the flags. */
  adminWith: (...flags: Flag[]) => ({ kind: 'session', roles: ['admin'], anyFlag: flags }) as const,
  /** Callers holding a key of their own (`Authorization: Device <key>`): the server's area checks it. */
  keyHolder: <K extends string>(key: K) => ({ kind: 'key', key }) as const,
} as const satisfies Record<string, CallAccess | ((...a: never[]) => CallAccess)>;

/** The areas that work with customers: the customer register is open to staff with one of them. */
export const CUSTOMER_REGISTER_FLAGS = ['tasks', 'rksv', 'digital_signage', 'cashbook'] as const satisfies Flag[];

/** The 4XX answers a call may give (and 502: the shop's payment provider failed); each leaves as `{message, code, params?, errors?}`. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 416 | 429 | 502;

/** An answer that is a file (PDF, CSV, a stored upload, a media stream), not JSON. */
export interface FileAnswer {
  readonly file: readonly string[];
}
/** An answer that sends the browser elsewhere (303), e.g. back from a checkout. */
export interface RedirectAnswer {
  readonly redirect: true;
}
export const fileAnswer = (...types: string[]): FileAnswer => ({ file: types });
export const redirectAnswer: RedirectAnswer = { redirect: true };

/** The files a multipart call takes: the field they come in, how many and how large is the server's config. */
export interface MultipartSpec {
  /** The text fields, checked like a body. */
  readonly fields?: z.ZodType;
  /** The field the files come in (`files` for several, `file` for one). */
  readonly fileField: string;
  /** The call also takes a JSON body of the same fields (no files). */
  readonly orJson?: boolean;
  /** Files come numbered, `file0`, `file1`, … (the spec's menu change and company switch), not as one repeated field. */
  readonly indexedFiles?: boolean;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a staff write changes, for the audit trail (platform/audit.ts on the server): the subject's
 * kind and the input field holding its id. Without `id` the subject is the answer's field `answer`
 * (`id` unless said: a create) or, with `id: 'viewer'`, the caller's own user. The server reads the subject's row before and after the
 * call in the same transaction and stores what changed. Every write a staff member may make declares
 * one (`apps/server/test/audit-trail.test.ts` walks them); `read: true` audits a read (a key reveal).
 */
export interface AuditSpec {
  readonly subject: AuditSubject | null;
  readonly id?: string;
  /** A create's answer field with the new subject's id (`id` unless said). */
  readonly answer?: string;
  readonly read?: true;
  /** Audited for every signed-in caller, not only staff (a password change). */
  readonly anyRole?: true;
  /**
   * A refusal (4XX) still commits what the call counted, with its row naming the refusal: a code's
   * tries must stay counted when the code is wrong (the signage activation).
   */
  readonly keepRefused?: true;
}

export interface CallSpec {
  readonly method: Method;
  /** Fastify syntax (`/api/cashbook/transactions/:id`). */
  readonly path: string;
  readonly access: CallAccess;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  readonly description?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * Request headers the service reads (a media `range`, a webhook signature), as `z.looseObject`:
   * Fastify replaces the request's headers by the checked value, so a strict object would drop the rest
   * (the session, the Idempotency-Key).
   */
  readonly headers?: z.ZodType;
  readonly multipart?: MultipartSpec;
  /** The body reaches the service unparsed, as bytes (signed webhooks). */
  readonly rawBody?: boolean;
  /** The success answer: a schema, a file, a redirect, or null (no content). */
  readonly answer: z.ZodType | FileAnswer | RedirectAnswer | null;
  /** The success status (200 unless said). */
  readonly status?: 200 | 201 | 202 | 204 | 303;
  /** The error answers this call may give, besides what every call may give (500, 503). */
  readonly errors: readonly ErrorStatus[];
  /** A create call a client may retry with an `Idempotency-Key`. */
  readonly idempotent?: boolean;
  /** `Cache-Control` of the success answer. */
  readonly cacheControl?: string;
  /** The audit trail's subject of a staff write (or an audited read). */
  readonly audit?: AuditSpec;
}

/** A declared call: its spec with its name (the OpenAPI `operationId`) and its area (the tag). */
export type Call<S extends CallSpec = CallSpec> = S & { readonly name: string; readonly area: string };

/**
 * Declares an area's calls: `defineCalls('cashbook', { listCashbookTransactions: {...} })`. The key is
 * the call's name (camelCase, its `operationId`); every call of the area is tagged with the area.
 */
export function defineCalls<const T extends Record<string, CallSpec>>(
  area: string,
  calls: T,
): { readonly [K in keyof T]: T[K] & { readonly name: K & string; readonly area: string } } {
  const out: Record<string, Call> = {};
  for (const [name, spec] of Object.entries(calls)) out[name] = { ...spec, name, area };
  return out as never;
}

type In<S> = S extends z.ZodType ? z.input<S> : unknown;
type Out<S> = S extends z.ZodType ? z.output<S> : unknown;
type Field<C, K extends string> = C extends { readonly [P in K]: infer S } ? S : undefined;
type Clean<T> = unknown extends T ? Record<never, never> : T;

/** What a client sends: path parameters, query and body fields as one object (a multipart call adds `files`). */
export type CallInput<C extends CallSpec> = Clean<
  In<Field<C, 'params'>> &
    In<Field<C, 'query'>> &
    In<Field<C, 'body'>> &
    (C extends { multipart: MultipartSpec } ? In<C['multipart']['fields']> & { files?: readonly Blob[] } : unknown)
>;

/** What the server's service function gets: the same fields parsed (its defaults and coercions applied). */
export type ServerInput<C extends CallSpec> = Clean<
  Out<Field<C, 'params'>> &
    Out<Field<C, 'query'>> &
    Out<Field<C, 'body'>> &
    Out<Field<C, 'headers'>> &
    (C extends { multipart: MultipartSpec } ? Out<C['multipart']['fields']> : unknown)
>;

/** What a successful call answers in JSON (the web's view); a file is a Blob. */
export type CallAnswer<C extends CallSpec> = C['answer'] extends z.ZodType
  ? z.output<C['answer']>
  : C['answer'] extends FileAnswer
    ? Blob
    : void;

/** The names of `:params` in a path, in order. */
export const pathParams = (path: string): string[] => [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]!);

/** The keys of an object schema (zod 4 keeps them on `shape`); none for another schema. */
export function schemaKeys(schema: z.ZodType | undefined): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}
