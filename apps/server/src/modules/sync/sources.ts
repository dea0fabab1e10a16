import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SyncCountry } from '@portal/shared';
import type { Config } from '../../config.js';

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
