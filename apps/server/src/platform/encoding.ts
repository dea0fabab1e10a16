import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer in, from the caller's Accept-Encoding, as @fastify/compress chooses for every
 * other answer (app.ts: br before gzip, a q of 0 refuses): for answers kept in memory and compressed
 * once (the board cache) instead of on every send.
 */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  let best: { name: Encoding; q: number } | null = null;
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = rawName?.trim().toLowerCase();
    if (name !== 'br' && name !== 'gzip') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    if (!best || q > best.q || (q === best.q && name === 'br')) best = { name, q };
  }
  return best?.name ?? null;
}

/** The text compressed as @fastify/compress would (brotli quality 4, gzip's default level). */
export function compressText(encoding: Encoding, text: string): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
    : zlib.gzipSync(text);
}
