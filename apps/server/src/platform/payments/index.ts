import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { LocalPaymentProvider } from './local.js';
import { StripePaymentProvider } from './stripe.js';
import type { PaymentProvider } from './types.js';

export * from './types.js';
export { LocalPaymentProvider, isPaymentMethod, LOCAL_SESSION_TTL_MS, type LocalSession } from './local.js';
export { StripePaymentProvider, createStripeClient } from './stripe.js';

/** The provider chosen by PAYMENT_PROVIDER: the built-in test checkout (default) or Stripe. */
export function createPaymentProvider(config: Pick<Config, 'payments' | 'publicUrl'>, db: Db): PaymentProvider {
  return config.payments.provider === 'stripe'
    ? new StripePaymentProvider(config.payments)
    : new LocalPaymentProvider(db, config.publicUrl);
}
