import type { FastifyInstance } from 'fastify';
import { COMMON_MSG, containsNul } from '@portal/shared';
import { badRequest } from './errors.js';

/**
 * One check for every route before its schema runs: a NUL anywhere in the path parameters, the
 * query or a parsed body is refused with 400 (PostgreSQL refuses the byte in text, which would
 * otherwise surface as a 500). Multipart fields are read by the handler; readMultipart applies the
 * same rule to them.
 */
export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (containsNul(req.params) || containsNul(req.query) || containsNul(req.body))
      throw badRequest(COMMON_MSG.invalidChars);
  });
}
