import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { SyncCountry } from '@portal/shared';
import type { Config } from '../../config.js';
import { SourceError } from './source-error.js';

/**
 * Where a country's customers come from (CUSTOMER_SOURCE_AT / _EG): `file:PATH`, an http(s) address
 * of a CSV or JSON file, or `stripe`. Without a setting, the sample file shipped with the server,
 * so a new install has a source that works.
 */
export type SourceSpec =
  | { kind: 'file'; file: string; label: string }
  | { kind: 'url'; url: URL; label: string }
  | { kind: 'stripe'; key?: string; variable: string; apiBase?: string; label: string };

/** Beside this module in the sources, beside dist/main.js in the build (build.mjs copies them). */
export const SAMPLES_DIR = fileURLToPath(new URL('./samples/', import.meta.url));
export const SAMPLE_FILES: Record<SyncCountry, string> = { AT: 'customers-at.csv', EG: 'customers-eg.json' };

export function sourceOf(config: Config, country: SyncCountry): SourceSpec {
  const { source, stripeKey } = config.sync[country];
  if (!source) {
    const name = SAMPLE_FILES[country];
    return { kind: 'file', file: path.join(SAMPLES_DIR, name), label: `Beispieldatei ${name}` };
  }
  if (source === 'stripe') {
    return {
      kind: 'stripe',
      key: stripeKey,
      variable: `STRIPE_SECRET_KEY_${country}`,
      apiBase: config.payments.stripeApiBase,
      label: 'stripe',
    };
  }
  if (source.startsWith('file:')) {
    const file = path.resolve(source.slice('file:'.length));
    return { kind: 'file', file, label: `file:${path.basename(file)}` };
  }
  const url = new URL(source);
  // The label is shown and stored: no credentials, no query (it may carry a token).
  return { kind: 'url', url, label: `${url.protocol}//${url.host}${url.pathname}` };
}

/** How long an address may take to answer, and to deliver the whole file. */
const CONNECT_TIMEOUT_MS = 30_000;
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;

/**
 * Downloads an address's file to `target` (streamed), so the run reads it twice like a local file
 * (check first, then write) and an address that breaks off mid-way touches nothing.
 * Answers the content type.
 */
export async function download(url: URL, target: string, signal?: AbortSignal): Promise<string | null> {
  const label = `${url.protocol}//${url.host}${url.pathname}`;
  const connect = AbortSignal.timeout(CONNECT_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(url, { signal: signal ? AbortSignal.any([signal, connect]) : connect, redirect: 'follow' });
  } catch (e) {
    signal?.throwIfAborted();
    throw new SourceError(
      'sourceUnreachable',
      `${label} (${(e as Error).cause ? String(((e as Error).cause as Error).message ?? '') : (e as Error).message})`,
    );
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    throw new SourceError('sourceHttpStatus', `HTTP ${res.status}: ${label}`);
  }
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  const done = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
  try {
    await pipeline(
      Readable.fromWeb(res.body as import('node:stream/web').ReadableStream),
      fs.createWriteStream(target),
      {
        signal: signal ? AbortSignal.any([signal, done]) : done,
      },
    );
  } catch {
    signal?.throwIfAborted();
    throw new SourceError('sourceUnreachable', label);
  }
  return res.headers.get('content-type');
}
