import type { z } from 'zod';
import { fieldErrors, invalidInput } from './errors.js';

/**
 * Parses what the route schemas cannot see (multipart text fields) with a shared schema: on failure
 * 400 with the first German message and every failing field in `errors`, as the schema-validated routes answer.
 */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const r = schema.safeParse(fields);
  // As the schema-validated routes answer: every failing field named, with its message.
  if (!r.success) throw invalidInput(fieldErrors(r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))));
  return r.data;
}
