import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SESSION_TTL_SECONDS, LOGIN_RATE_LIMIT } from '@portal/shared';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'muss true oder false sein' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = (protocols: string[]) =>
  z
    .string()
    .url('muss eine URL sein')
    .refine((v) => protocols.some((p) => v.startsWith(`${p}:`)), `muss mit ${protocols.join(': oder ')}: beginnen`);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().default('Service-Portal <noreply@portal.local>'),
  PUBLIC_URL: url(['http', 'https']).optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  SEED_DEMO: bool.optional(),
  SESSION_TTL_SECONDS: z.coerce.number().int().min(60).default(DEFAULT_SESSION_TTL_SECONDS),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(LOGIN_RATE_LIMIT.max),
  UPLOAD_MAX_FILE_MB: z.coerce.number().positive().max(1024).default(10),
  UPLOAD_MAX_FILES: z.coerce.number().int().min(1).max(100).default(10),
  PUBLIC_FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  ALTCHA_HMAC_KEY: z.string().min(16, 'mindestens 16 Zeichen').optional(),
  PAYMENT_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Only for tests: where the stripe package sends its calls (a local stand-in of Stripe's API). */
  STRIPE_API_BASE: url(['http', 'https']).optional(),
  SELLER_NAME: z.string().default('Kassenservice Muster GmbH'),
  SELLER_ADDRESS: z.string().default('Musterstraße 1, 1190 Wien, Österreich'),
  SELLER_UID: z.string().default('ATU12345678'),
  /** Behind a load balancer: true, a hop count, or the proxies' addresses (so rate limits see the client's address). */
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  nodeEnv: 'development' | 'production' | 'test';
  seedDemo: boolean;
  sessionTtlSeconds: number;
  /** Sign-in attempts per email in the window; per IP five times as many. */
  loginRateLimit: { max: number; windowMs: number };
  logLevel: string;
  trustProxy: boolean | number | string;
  publicForms: {
    /** Calls of the public form endpoints per IP and 10 minutes. */
    rateLimit: number;
    /** Key of the proof-of-work challenges; shared by all processes when set, random per process otherwise. */
    altchaHmacKey: string;
  };
  payments: {
    provider: 'local' | 'stripe';
    stripeSecretKey?: string;
    stripeWebhookSecret?: string;
    stripeApiBase?: string;
  };
  /** The seller on invoices (§ 11 UStG). */
  seller: { name: string; address: string; uid: string };
  /** Files go under DATA_DIR/uploads; limits per file and per request. */
  uploads: { dir: string; maxFileBytes: number; maxFiles: number };
  webDist: string;
}

export class ConfigError extends Error {}

function parseTrustProxy(v: string | undefined): boolean | number | string {
  if (!v || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

/** Reads the environment once; an invalid value stops the start with a line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Ungültige Konfiguration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.PAYMENT_PROVIDER === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError('Ungültige Konfiguration:\n  PAYMENT_PROVIDER=stripe braucht STRIPE_SECRET_KEY und STRIPE_WEBHOOK_SECRET');
  }
  const port = e.PORT;
  return {
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    nodeEnv: e.NODE_ENV,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    loginRateLimit: { max: e.LOGIN_RATE_LIMIT, windowMs: LOGIN_RATE_LIMIT.windowMs },
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    publicForms: { rateLimit: e.PUBLIC_FORM_RATE_LIMIT, altchaHmacKey: e.ALTCHA_HMAC_KEY ?? randomBytes(32).toString('hex') },
    payments: {
      provider: e.PAYMENT_PROVIDER,
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripeApiBase: e.STRIPE_API_BASE,
    },
    seller: { name: e.SELLER_NAME, address: e.SELLER_ADDRESS, uid: e.SELLER_UID },
    uploads: {
      dir: path.join(path.resolve(e.DATA_DIR), 'uploads'),
      maxFileBytes: Math.round(e.UPLOAD_MAX_FILE_MB * 1024 * 1024),
      maxFiles: e.UPLOAD_MAX_FILES,
    },
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
