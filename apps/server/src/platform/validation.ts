import { COMMON_MSG } from '@portal/shared';
import type { z } from 'zod';
import { badRequest, ZOD_DEFAULT_MESSAGE } from './errors.js';

/**
 * Parses what the route schemas cannot see (multipart text fields) with a shared schema: 400 with
 * the first German message on failure, as the schema-validated routes answer.
 */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const r = schema.safeParse(fields);
  if (!r.success) {
    // As the schema-validated routes: a zod default text (English, no catalogue code) becomes the generic message.
    const first = r.error.issues[0]?.message;
    throw badRequest(first && !ZOD_DEFAULT_MESSAGE.test(first) ? first : COMMON_MSG.badRequest);
  }
  return r.data;
}
