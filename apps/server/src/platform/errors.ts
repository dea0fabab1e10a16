import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error whose message is meant for the client, in German. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (m: string) => new HttpError(400, m);
export const unauthorized = (m = 'Nicht angemeldet oder Sitzung abgelaufen.') => new HttpError(401, m);
export const forbidden = (m = 'Keine Berechtigung für diese Aktion.') => new HttpError(403, m);
export const notFound = (m = 'Nicht gefunden.') => new HttpError(404, m);
export const conflict = (m: string) => new HttpError(409, m);

const GENERIC: Record<number, string> = {
  400: 'Ungültige Anfrage.',
  401: 'Nicht angemeldet oder Sitzung abgelaufen.',
  403: 'Keine Berechtigung für diese Aktion.',
  404: 'Nicht gefunden.',
  405: 'Methode nicht erlaubt.',
  406: 'Nicht akzeptabel.',
  413: 'Die Anfrage ist zu groß.',
  415: 'Nicht unterstütztes Format.',
  429: 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.',
};

export const UNAVAILABLE_MESSAGE = 'Der Dienst ist vorübergehend nicht erreichbar. Bitte später erneut versuchen.';

/** PostgreSQL error classes of a database that is gone, restarting, overloaded, or too slow. */
const UNAVAILABLE_CODES = /^(08|57P0|53300$|57014$|ECONNREFUSED$|ECONNRESET$|ETIMEDOUT$|EHOSTUNREACH$|ENOTFOUND$|EPIPE$)/;
/** node-postgres's own texts for a connection or answer that did not come in time. */
const UNAVAILABLE_TEXTS = /timeout exceeded when trying to connect|Connection terminated|Query read timeout|timeout expired/;

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
 * Every error leaves as `{message}` in German. Validation errors carry the first message of
 * the shared schema; anything unexpected is logged with its stack and answered generically.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const message =
        first?.message && !/^(Invalid|Expected|Required)/.test(first.message) ? first.message : GENERIC[400];
      return reply.status(400).send({ message });
    }
    if (err instanceof HttpError) return reply.status(err.statusCode).send({ message: err.message });
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: { message: err.message, cause: (err.cause as Error | undefined)?.message } }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: UNAVAILABLE_MESSAGE });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      req.log.error({ err }, 'unhandled error');
      return reply
        .status(500)
        .send({ message: 'Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.' });
    }
    req.log.info({ err: { message: err.message, code: err.code } }, 'client error');
    return reply.status(status).send({ message: GENERIC[status] ?? GENERIC[400] });
  });
}
