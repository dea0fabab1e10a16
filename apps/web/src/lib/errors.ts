import { ApiError } from './api';
import i18n from './i18n';
import { translateMessage } from './translate-message';

/**
 * The one way a screen turns a failed call into words. The server answers with a German `message`
 * (the spec's texts are the contract); it is shown in the reader's language. A screen passes its
 * own fallback for everything the server did not explain (no answer, a 5xx, an empty message), and
 * may limit which statuses carry a message worth showing (a 5xx text is not for users).
 * Extend here, never in a screen.
 */
export function serverMessage(error: unknown, accept: (status: number) => boolean = () => true): string | undefined {
  if (!(error instanceof ApiError) || !error.message || !accept(error.status)) return undefined;
  // The answer's catalogue code names the text (never looked up by its German wording).
  const { code, params } = (error.body as { code?: unknown; params?: unknown } | undefined) ?? {};
  // A catalogue text with placeholders (a refused file's name) comes with their values.
  const values = params && typeof params === 'object' ? (params as Record<string, string>) : undefined;
  return translateMessage(error.message, typeof code === 'string' ? code : undefined, values);
}

/**
 * The server's message in the current language, else the fallback (already translated by the caller).
 * An answer that was not JSON or not of the declared shape is said so, in the area's words where it
 * has its own (the cashbook's, backoffice.md section 8), else in the app's; a screen that limits the
 * statuses worth a message (the public forms: client errors) gets its fallback for the others,
 * whatever the answer looked like (a proxy's HTML page of a 502 is "try again later").
 */
export function errorMessage(error: unknown, fallback: string, accept?: (status: number) => boolean): string {
  if (error instanceof ApiError && error.kind && (!accept || accept(error.status)))
    return i18n.t([`${error.area}.errors.${error.kind}`, `api.errors.${error.kind}`]);
  return serverMessage(error, accept) ?? fallback;
}

/** Client errors only: their messages name what to fix; a 5xx or no answer gets the screen's fallback. */
export const clientError = (status: number): boolean => status >= 400 && status < 500;

/** True for an answer with this status (0: no answer at all). */
export function hasStatus(error: unknown, ...statuses: number[]): error is ApiError {
  return error instanceof ApiError && statuses.includes(error.status);
}

/** The catalogue code of an error answer (to compare with an entry's `code`), or ''. */
export function errorCode(error: unknown): string {
  const code = error instanceof ApiError ? (error.body as { code?: unknown } | undefined)?.code : undefined;
  return typeof code === 'string' ? code : '';
}

/**
 * A refused input's failing fields (`errors: [{field, message, code}]` of a 400), each message in the
 * reader's language, keyed by field name: what a form shows at each field.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const list = (error.body as { errors?: unknown } | undefined)?.errors;
  const out: Record<string, string> = {};
  if (!Array.isArray(list)) return out;
  for (const e of list as { field?: unknown; message?: unknown; code?: unknown }[])
    if (typeof e.field === 'string' && typeof e.message === 'string' && !(e.field in out))
      out[e.field] = translateMessage(e.message, typeof e.code === 'string' ? e.code : undefined);
  return out;
}
