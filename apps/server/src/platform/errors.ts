import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { COMMON_MSG, fillText, messageOfCode, type Message } from '@portal/shared';

/**
 * An error meant for the client: an entry of the shared message catalogue (packages/shared/src/messages),
 * thrown by reference and answered as its German text and its code, so the web shows it in the reader's language.
 */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly entry: Message,
    /** Values of the catalogue text's `{{…}}` placeholders (a refused file's name): filled in the answer. */
    public readonly params?: Record<string, string>,
    /** A refused input: every failing field with its message (the first one is `message`). */
    public readonly fieldErrors?: FieldError[],
  ) {
    super(entry.de);
  }
}

/** One failing input field of a 400: its path (`titel`, `cards.0.serial_number`), message and code. */
export interface FieldError {
  field: string;
  message: string;
  code?: string;
}

/**
 * The failing fields of a refused input, one entry per field. A shared schema's issue carries the
 * code of its catalogue entry as its message; anything else (zod's own English text) becomes the
 * generic German one.
 */
export function fieldErrors(issues: readonly { path: string; message: string | undefined }[]): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of issues) {
    if (out.some((e) => e.field === issue.path)) continue;
    const entry = (issue.message && messageOfCode(issue.message)) || COMMON_MSG.badRequest;
    out.push({ field: issue.path, message: entry.de, code: entry.code });
  }
  return out;
}

/** 400 for a refused input: the first field's message, and every failing field in `errors`. */
export function invalidInput(errors: FieldError[]): HttpError {
  const first = errors[0];
  const entry = first?.code ? messageOfCode(first.code) : undefined;
  return new HttpError(400, entry ?? COMMON_MSG.badRequest, undefined, errors);
}

/**
 * The body of every error answer: the German message (the spec's contract) and its catalogue code; a
 * catalogue text with placeholders is answered filled, with its `params` so the web can fill its translation.
 */
export function errorBody(
  entry: Message,
  params?: Record<string, string>,
  errors?: FieldError[],
): { message: string; code: string; params?: Record<string, string>; errors?: FieldError[] } {
  const text = params ? fillText(entry.de, params) : entry.de;
  return { message: text, code: entry.code, ...(params && { params }), ...(errors && { errors }) };
}

function invalidInputBody(errors: FieldError[]) {
  const e = invalidInput(errors);
  return errorBody(e.entry, undefined, errors);
}

/** 429 with the seconds the caller should wait, answered as `Retry-After`. */
export class RateLimited extends HttpError {
  constructor(
    entry: Message,
    public readonly retryAfterSeconds: number,
  ) {
    super(429, entry);
  }
}

/**
 * The `Retry-After` of a 429 whose limit did not say how long (a database limit whose caller throws a
 * plain 429): the window every limit of the app counts in (sign-in, public forms, ratings: 10 minutes),
 * so waiting that long always suffices.
 */
export const DEFAULT_RETRY_AFTER_SECONDS = 600;

export const badRequest = (m: Message) => new HttpError(400, m);
export const unauthorized = (m: Message = COMMON_MSG.unauthorized) => new HttpError(401, m);
export const forbidden = (m: Message = COMMON_MSG.forbidden) => new HttpError(403, m);
export const notFound = (m: Message = COMMON_MSG.notFound) => new HttpError(404, m);
export const conflict = (m: Message) => new HttpError(409, m);

const GENERIC: Record<number, Message> = {
  400: COMMON_MSG.badRequest,
  401: COMMON_MSG.unauthorized,
  403: COMMON_MSG.forbidden,
  404: COMMON_MSG.notFound,
  405: COMMON_MSG.methodNotAllowed,
  406: COMMON_MSG.notAcceptable,
  413: COMMON_MSG.payloadTooLarge,
  415: COMMON_MSG.unsupportedType,
  429: COMMON_MSG.tooManyRequests,
};

export const UNAVAILABLE_MESSAGE = COMMON_MSG.unavailable;

/** PostgreSQL error classes of a database that is gone, restarting, overloaded, or too slow. */
const UNAVAILABLE_CODES =
  /^(08|57P0|53300$|57014$|ECONNREFUSED$|ECONNRESET$|ETIMEDOUT$|EHOSTUNREACH$|ENOTFOUND$|EPIPE$)/;
/** node-postgres's own texts for a connection or answer that did not come in time. */
const UNAVAILABLE_TEXTS =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|timeout expired|not queryable/;

/** The database could not be reached or did not answer in time (drizzle wraps the driver's error in `cause`). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.test(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_TEXTS.test(message)) return true;
  }
  return false;
}

/**
 * Every error leaves as `{message, code}` (German text, catalogue code). A refused input (400 from a
 * schema) answers `{message, code, errors: [{field, message, code}]}`: the first failing field's message,
 * and every failing field by name; anything unexpected is logged with its stack and answered generically.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  // Every 429 tells when to try again (RFC 9110 delay-seconds): the in-memory limits (@fastify/rate-limit)
  // set it themselves, RateLimited carries its own, any other 429 gets the longest window.
  app.addHook('onSend', async (_req, reply) => {
    if (reply.statusCode === 429 && !reply.hasHeader('retry-after'))
      reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
  });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = fieldErrors(
        err.validation.map((v) => ({
          path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: v.message,
        })),
      );
      return reply.status(400).send(invalidInputBody(errors));
    }
    if (err instanceof RateLimited) reply.header('retry-after', String(err.retryAfterSeconds));
    if (err instanceof HttpError)
      return reply.status(err.statusCode).send(errorBody(err.entry, err.params, err.fieldErrors));
    if (isDatabaseUnavailable(err)) {
      req.log.warn(
        { err: { message: err.message, cause: (err.cause as Error | undefined)?.message } },
        'database unavailable',
      );
      return reply.status(503).header('retry-after', '5').send(errorBody(UNAVAILABLE_MESSAGE));
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send(errorBody(COMMON_MSG.internal));
    }
    req.log.info({ err: { message: err.message, code: err.code } }, 'client error');
    return reply.status(status).send(errorBody(GENERIC[status] ?? COMMON_MSG.badRequest));
  });
}
