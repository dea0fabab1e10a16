import { COMMON_MSG } from '@portal/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * Board pages (up to 500 rows) leave as the JSON text PostgreSQL built (`listBoardJson`): no zod check
 * and no serialising on the way out. The response schema still documents the answer; the API tests
 * hold it to that schema.
 */
export const prebuiltJson = () => (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data));
export const sendJsonText = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json);
export const id = (m: string = COMMON_MSG.invalidId) => z.coerce.number({ error: m }).int(m).positive(m);
