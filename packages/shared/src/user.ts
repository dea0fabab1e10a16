import { z } from 'zod';
import { FLAGS, ROLES, type Flag } from './enums.js';

const flagShape = Object.fromEntries(FLAGS.map((f) => [f, z.boolean()])) as Record<Flag, z.ZodBoolean>;

/** The user record the sign-in calls answer with (spec section 3). */
export const authUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  accessToken: z.string(),
  /** Seconds from now in the server answer; the web app stores it as an absolute time in ms. */
  expiresIn: z.number().int(),
  country_id: z.number().int().nullable(),
  country_name: z.string().nullable(),
  lang_code: z.string(),
  agent_level_id: z.number().int().nullable(),
  agent_level_name: z.string().nullable(),
  ...flagShape,
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** One failing field of a refused input: its path (`titel`, `cards.0.serial_number`), message and code. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string(), code: z.string().optional() });

/**
 * An answer with a German message; errors add its catalogue code (`area.key`, see messages/), the values
 * of its placeholders (`params`, a refused file's name) and, for a refused input, every failing field.
 */
export const messageSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  params: z.record(z.string(), z.string()).optional(),
  errors: z.array(fieldErrorSchema).optional(),
});
