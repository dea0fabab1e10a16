import { acceptedEncoding, compressText } from '../../platform/encoding.js';
import { Reply } from '../../platform/serve.js';
import type { KeptPage } from './board-cache.js';

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/**
 * Board pages (up to 500 rows) leave as the JSON text PostgreSQL built (`listBoardJson`): no zod check
 * and no serialising on the way out. The declared answer still documents it; the API tests hold it to
 * that schema. A kept page (board-cache.ts) leaves compressed once per encoding and version, so a
 * browser's page costs what an uncompressed one does; any other goes through @fastify/compress.
 */
export function boardPageReply(page: { json: string; kept: KeptPage | null }, acceptEncoding: string | undefined) {
  const encoding = page.kept ? acceptedEncoding(acceptEncoding) : null;
  if (!page.kept || !encoding) return new Reply(200, page.json, JSON_TYPE);
  const body = (page.kept.encoded[encoding] ??= compressText(encoding, page.json));
  return new Reply(200, body, { ...JSON_TYPE, 'content-encoding': encoding, vary: 'accept-encoding' });
}
