import { COMMON_MSG } from '@portal/shared';
import type { z } from 'zod';
import { badRequest } from './errors.js';

/**
 * Parses what the route schemas cannot see (multipart text fields) with a shared schema: 400 with
 * the first German message on failure, as the schema-validated routes answer.
 */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const r = schema.safeParse(fields);
  if (!r.success) throw badRequest(r.error.issues[0]?.message ?? COMMON_MSG.badRequest);
  return r.data;
}
