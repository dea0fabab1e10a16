import { COMMON_MSG } from '@portal/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, compressText } from '../../platform/encoding.js';
import type { KeptPage } from './board-cache.js';
import { z } from 'zod';

/**
 * Board pages (up to 500 rows) leave as the JSON text PostgreSQL built (`listBoardJson`): no zod check
 * and no serialising on the way out. The response schema still documents the answer; the API tests
 * hold it to that schema.
 */
export const prebuiltJson = () => (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data));
export const sendJsonText = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json);
/**
 * A board page: a kept one (board-cache.ts) leaves compressed once per encoding and version, so a
 * browser's page costs what an uncompressed one does; any other goes through @fastify/compress.
 */
export function sendBoardPage(req: FastifyRequest, reply: FastifyReply, page: { json: string; kept: KeptPage | null }) {
  const encoding = page.kept ? acceptedEncoding(req.headers['accept-encoding']) : null;
  if (!page.kept || !encoding) return sendJsonText(reply, page.json);
  const body = (page.kept.encoded[encoding] ??= compressText(encoding, page.json));
  return reply
    .type('application/json; charset=utf-8')
    .header('content-encoding', encoding)
    .header('vary', 'accept-encoding')
    .send(body);
}
export const id = (m: string = COMMON_MSG.invalidId) => z.coerce.number({ error: m }).int(m).positive(m);
