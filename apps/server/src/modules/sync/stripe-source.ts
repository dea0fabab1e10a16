import Stripe from 'stripe';
import type { Config } from '../../config.js';
import { createStripeClient } from '../../platform/payments/stripe.js';
import { SourceError, type SourceRecord } from './source-error.js';

/**
 * The customers of a Stripe account as a source, read page by page (100 a page) with the stripe
 * package: `id` → stripe_cu_id (the key), `name` → firma, `metadata.kundennummer` → kundennummer,
 * email, phone, address; contact person and UID from `metadata.kontaktperson` / `metadata.uid`.
 */

const PAGE = 100;

function columnsOf(c: Stripe.Customer): Record<string, string> {
  const a = c.address;
  return {
    kundennummer: c.metadata?.kundennummer ?? '',
    firma: c.name ?? '',
    kontaktperson: c.metadata?.kontaktperson ?? c.shipping?.name ?? '',
    email: c.email ?? '',
    telefon: c.phone ?? '',
    adresse: [a?.line1, a?.line2].filter(Boolean).join(', '),
    plz: a?.postal_code ?? '',
    ort: a?.city ?? '',
    uid: c.metadata?.uid ?? '',
  };
}

function sourceError(e: unknown, variable: string): SourceError {
  if (e instanceof Stripe.errors.StripeAuthenticationError || e instanceof Stripe.errors.StripePermissionError) {
    return new SourceError('stripeKeyInvalid', variable);
  }
  return new SourceError('stripeUnreachable', e instanceof Error ? e.message : undefined);
}

/**
 * The account's customers, one page at a time. The first page is asked for when the generator is
 * first advanced: a wrong key or an unreachable Stripe shows there, before anything is written.
 */
export async function* stripePages(
  payments: Config['payments'],
  key: string | undefined,
  variable: string,
  signal?: AbortSignal,
): AsyncGenerator<SourceRecord[]> {
  if (!key) throw new SourceError('stripeKeyMissing', variable);
  const stripe = createStripeClient({ ...payments, stripeSecretKey: key });
  let after: string | undefined;
  let position = 0;
  for (;;) {
    signal?.throwIfAborted();
    let page: Stripe.ApiList<Stripe.Customer>;
    try {
      page = await stripe.customers.list({ limit: PAGE, ...(after ? { starting_after: after } : {}) });
    } catch (e) {
      throw sourceError(e, variable);
    }
    yield page.data.map((c) => ({ line: ++position, record: columnsOf(c), stripeId: c.id }));
    const last = page.data.at(-1);
    if (!page.has_more || !last) return;
    after = last.id;
  }
}
