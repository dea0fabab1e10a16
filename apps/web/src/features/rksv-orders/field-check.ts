import type { z } from 'zod';
import { translateMessage } from '../../lib/translate-message';

/**
 * The form's own check with the shared schema the server uses: each failing field's message (the
 * catalogue entry's code of the first issue at that field) in the reader's language, by field name.
 * Empty when the values pass.
 */
export function schemaFieldErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in out)) out[field] = translateMessage(issue.message);
  }
  return out;
}
