import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SESSION_TTL_SECONDS, LOGIN_RATE_LIMIT } from '@portal/shared';
import { parseStorageUrl, StorageUrlError, type StorageLocation } from './platform/storage/location.js';
import { Cron } from 'croner';

/** What a variable expects and what it got: every message of a bad setting reads like this. */
const expected = (what: string, input: unknown) => `erwartet ${what}, erhalten: ${String(input)}`;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: (i) => expected('true oder false', i.input) })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A whole number in [min, max] (z.coerce would report "expected number, received NaN"). */
const int = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.string().transform((v, ctx) => {
    const n = /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
    if (Number.isSafeInteger(n) && n >= min && n <= max) return n;
    const range = max === Number.MAX_SAFE_INTEGER ? `ab ${min}` : `von ${min} bis ${max}`;
    ctx.addIssue({ code: 'custom', message: expected(`eine ganze Zahl ${range}`, v) });
    return z.NEVER;
  });

/** A number above 0 and at most max (decimals allowed). */
const positive = (max: number) =>
  z.string().transform((v, ctx) => {
    const n = v.trim() === '' ? NaN : Number(v);
    if (Number.isFinite(n) && n > 0 && n <= max) return n;
    ctx.addIssue({ code: 'custom', message: expected(`eine Zahl über 0 bis ${max}`, v) });
    return z.NEVER;
  });

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (i) => expected(`einen der Werte ${values.join(', ')}`, i.input) });

/** A phone number as people write it: digits, spaces, slashes, dashes, brackets, an optional leading +. */
const PHONE = /^\+?[0-9][0-9 ()/-]{5,24}$/;

const url = (protocols: string[]) =>
  z
    .string()
    .url('muss eine URL sein')
    .refine((v) => protocols.some((p) => v.startsWith(`${p}:`)), `muss mit ${protocols.join(': oder ')}: beginnen`);

/** A customer source (sync): `file:PATH`, an http(s) address of a CSV or JSON file, or `stripe`. */
const customerSource = z
  .string()
  .refine(
    (v) => v === 'stripe' || /^file:.+/.test(v) || /^https?:\/\/./.test(v),
    'erwartet file:PFAD, eine http(s)-Adresse oder stripe',
  );
/** A cron expression (croner: 5 or 6 fields, e.g. `0 3 * * *`). */
const cron = z.string().refine((v) => {
  try {
    new Cron(v, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}, 'erwartet einen Cron-Ausdruck wie 0 3 * * *');

const envSchema = z.object({
  PORT: int(0, 65535).default(3000),
  // Loopback unless told otherwise: the demo accounts' passwords are in the README.
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().default('Service-Portal <noreply@portal.local>'),
  PUBLIC_URL: url(['http', 'https']).optional(),
  NODE_ENV: oneOf(['development', 'production', 'test']).default('development'),
  SEED_DEMO: bool.optional(),
  SESSION_TTL_SECONDS: int(60).default(DEFAULT_SESSION_TTL_SECONDS),
  LOGIN_RATE_LIMIT: int(1).default(LOGIN_RATE_LIMIT.max),
  UPLOAD_MAX_FILE_MB: positive(1024).default(10),
  UPLOAD_MAX_FILES: int(1, 100).default(10),
  /** Largest signage video (pictures keep UPLOAD_MAX_FILE_MB). */
  SIGNAGE_MAX_VIDEO_MB: positive(10240).default(200),
  /** Where stored files go: `file:` (DATA_DIR/uploads), `file:/folder` or `s3://bucket[/folder]?endpoint=…&region=…`. */
  STORAGE_URL: z.string().default('file:'),
  PUBLIC_FORM_RATE_LIMIT: int(1).default(60),
  ALTCHA_HMAC_KEY: z.string().min(16, 'mindestens 16 Zeichen').optional(),
  /** No default: production must choose (the built-in test checkout moves no money). */
  PAYMENT_PROVIDER: oneOf(['local', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Only for tests: where the stripe package sends its calls (a local stand-in of Stripe's API). */
  STRIPE_API_BASE: url(['http', 'https']).optional(),
  /** Customer sync (AT, EG): the source (default: the sample file shipped), Stripe keys, cron schedule (off by default). */
  CUSTOMER_SOURCE_AT: customerSource.optional(),
  CUSTOMER_SOURCE_EG: customerSource.optional(),
  STRIPE_SECRET_KEY_AT: z.string().optional(),
  STRIPE_SECRET_KEY_EG: z.string().optional(),
  SYNC_SCHEDULE_AT: cron.optional(),
  SYNC_SCHEDULE_EG: cron.optional(),
  /** An http(s) source: time for connection and headers, then for the whole body; its size after unpacking. */
  SYNC_CONNECT_TIMEOUT_MS: int(100, 600_000).default(30_000),
  DOWNLOAD_TIMEOUT_MS: int(100, 24 * 3_600_000).default(10 * 60_000),
  SYNC_MAX_SOURCE_MB: positive(102_400).default(200),
  /** Loopback, private and link-local addresses as sources (on-premise servers, tests); refused by default. */
  SYNC_ALLOW_PRIVATE_SOURCES: bool.default(false),
  SELLER_NAME: z.string().default('Kassenservice Muster GmbH'),
  SELLER_ADDRESS: z.string().default('Musterstraße 1, 1190 Wien, Österreich'),
  SELLER_UID: z.string().default('ATU12345678'),
  // The imprint's further data (§ 5 ECG, § 14 UGB, § 25 MedienG), served by GET /web/site-info.
  SELLER_EMAIL: z
    .string()
    .email({ error: (i) => expected('eine E-Mail-Adresse', i.input) })
    .default('office@kassenservice-muster.at'),
  SELLER_PHONE: z
    .string()
    .regex(PHONE, { error: (i) => expected('eine Telefonnummer wie +43 1 234 56 78', i.input) })
    .default('+43 1 234 56 78'),
  SELLER_REGISTER: z.string().default('FN 123456a'),
  SELLER_COURT: z.string().default('Handelsgericht Wien'),
  SELLER_AUTHORITY: z.string().default('Magistratisches Bezirksamt für den 19. Bezirk'),
  /** The emergency hotline on the emergency form (shown as a tel: link). */
  SUPPORT_HOTLINE: z
    .string()
    .regex(PHONE, { error: (i) => expected('eine Telefonnummer wie +43 1 234 56 99', i.input) })
    .default('+43 1 234 56 99'),
  /** Behind a load balancer: true, a hop count, or the proxies' addresses (so rate limits see the client's address). */
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL: how long to wait for a connection, and for one statement, before answering 503. */
  DB_CONNECT_TIMEOUT_MS: int(100, 600_000).default(5000),
  DB_STATEMENT_TIMEOUT_MS: int(100, 3_600_000).default(10_000),
  /** Bearer token of GET /metrics (Prometheus); without it the route does not exist. */
  METRICS_TOKEN: z.string().min(16, 'mindestens 16 Zeichen').optional(),
  /** Requests slower than this are logged (warn) with their route and time. */
  SLOW_REQUEST_MS: int(1).default(500),
  /** Board pages kept per process, answered again while the country's board data is unchanged; 0: none. */
  BOARD_CACHE_ENTRIES: int(0, 100_000).default(500),
  /** After SIGTERM, how long /readyz answers 503 before the listener closes (behind a load balancer). */
  SHUTDOWN_DRAIN_MS: int(0, 60_000).default(0),
  WEB_DIST: z.string().optional(),
});

/** Every environment variable the server reads (the README's configuration table lists each). */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  /**
   * The address people reach the portal at (mailed links, the checkout's return, OpenAPI servers):
   * PUBLIC_URL, by default the address the server listens on (`listenUrl`).
   */
  publicUrl: string;
  /** false when PUBLIC_URL was not set and publicUrl is the listening address. */
  publicUrlSet: boolean;
  nodeEnv: 'development' | 'production' | 'test';
  /** Demo data and accounts: by default only outside production and on a loopback address. */
  seedDemo: boolean;
  /** PostgreSQL pool: wait for a connection, and for one statement (migrations run without the latter). */
  dbTimeouts: { connectMs: number; statementMs: number };
  /** GET /metrics answers only with this bearer token; undefined: no metrics route. */
  metricsToken?: string;
  /** Requests slower than this (ms) are logged with route and time. */
  slowRequestMs: number;
  /** Board pages kept per process (modules/tasks/board-cache.ts); 0 turns the cache off. */
  boardCacheEntries: number;
  /** platform/drain.ts: 0 closes at once (one process, no balancer). */
  shutdownDrainMs: number;
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
  /** Customer sync per country: source (undefined: the shipped sample), Stripe key, cron schedule. */
  sync: Record<'AT' | 'EG', { source?: string; stripeKey?: string; schedule?: string }>;
  /** How an http(s) source is downloaded (modules/sync/download.ts). */
  syncDownload: { connectTimeoutMs: number; downloadTimeoutMs: number; maxBytes: number; allowPrivate: boolean };
  /** The seller on invoices (§ 11 UStG). */
  seller: {
    name: string;
    address: string;
    uid: string;
    /** Imprint data (§ 5 ECG, § 25 MedienG). */
    email: string;
    phone: string;
    /** Firmenbuchnummer and Firmenbuchgericht. */
    register: string;
    court: string;
    /** Gewerbebehörde (supervisory authority). */
    authority: string;
  };
  /** The emergency hotline, shown on the emergency form. */
  supportHotline: string;
  /** Uploads are staged under DATA_DIR/uploads/tmp while checked; limits per file and per request. */
  uploads: { dir: string; maxFileBytes: number; maxFiles: number };
  /** Digital signage: the largest video a screen may be sent. */
  signage: { maxVideoBytes: number };
  /** Where stored files (task and audit files, invoices) live: STORAGE_URL, by default DATA_DIR/uploads. */
  storage: StorageLocation;
  webDist: string;
}

export class ConfigError extends Error {}

function parseTrustProxy(v: string | undefined): boolean | number | string {
  if (!v || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

export const isLoopback = (host: string) => /^(127\.|::1$|\[::1\]$|localhost$)/i.test(host);

/**
 * The address the server listens on as a browser writes it (what main.ts prints): a wildcard
 * address (every interface) as `localhost`, an IPv6 address in brackets.
 */
export function listenUrl(host: string, port: number): string {
  const h = /^(0\.0\.0\.0|::|\[::\])$/.test(host)
    ? 'localhost'
    : host.includes(':') && !host.startsWith('[')
      ? `[${host}]`
      : host;
  return `http://${h}:${port}`;
}

/** Reads the environment once; an invalid value stops the start with a line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    // zod's own (English) texts must not reach an operator: every field above words its messages.
    const lines = parsed.error.issues.map(
      (i) =>
        `  ${i.path.join('.')}: ${/^(Invalid|Expected|Too|Required)/.test(i.message) ? 'ungültiger Wert' : i.message}`,
    );
    throw new ConfigError(`Ungültige Konfiguration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.PAYMENT_PROVIDER) {
    throw new ConfigError(
      'Ungültige Konfiguration:\n  PAYMENT_PROVIDER: in Produktion erforderlich: stripe, oder local für die Testzahlung (es wird kein Geld bewegt)',
    );
  }
  // An invoice is a legal document (§ 11 UStG) whichever provider took the money: in production it must
  // name the real seller, never the placeholder.
  const missingSeller = (['SELLER_NAME', 'SELLER_ADDRESS', 'SELLER_UID'] as const).filter((k) => !cleaned[k]?.trim());
  if (production && missingSeller.length) {
    throw new ConfigError(
      `Ungültige Konfiguration:\n  ${missingSeller.join(', ')}: in Produktion erforderlich (Verkäufer auf den Rechnungen)`,
    );
  }
  if (e.PAYMENT_PROVIDER === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Ungültige Konfiguration:\n  PAYMENT_PROVIDER=stripe braucht STRIPE_SECRET_KEY und STRIPE_WEBHOOK_SECRET',
    );
  }
  let storage: StorageLocation;
  try {
    storage = parseStorageUrl(e.STORAGE_URL, path.join(path.resolve(e.DATA_DIR), 'uploads'));
  } catch (err) {
    if (!(err instanceof StorageUrlError)) throw err;
    throw new ConfigError(`Ungültige Konfiguration:\n  STORAGE_URL: ${err.message}`);
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
    // Without PUBLIC_URL, links point where the server listens, so the test checkout's return and mailed
    // links stay on the origin the browser is on (HOST=127.0.0.1: http://127.0.0.1:3000, not localhost).
    publicUrl: (e.PUBLIC_URL ?? listenUrl(e.HOST, port)).replace(/\/$/, ''),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    nodeEnv: e.NODE_ENV,
    seedDemo: e.SEED_DEMO ?? (!production && isLoopback(e.HOST)),
    dbTimeouts: { connectMs: e.DB_CONNECT_TIMEOUT_MS, statementMs: e.DB_STATEMENT_TIMEOUT_MS },
    metricsToken: e.METRICS_TOKEN,
    slowRequestMs: e.SLOW_REQUEST_MS,
    boardCacheEntries: e.BOARD_CACHE_ENTRIES,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    loginRateLimit: { max: e.LOGIN_RATE_LIMIT, windowMs: LOGIN_RATE_LIMIT.windowMs },
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    publicForms: {
      rateLimit: e.PUBLIC_FORM_RATE_LIMIT,
      altchaHmacKey: e.ALTCHA_HMAC_KEY ?? randomBytes(32).toString('hex'),
    },
    payments: {
      provider: e.PAYMENT_PROVIDER ?? 'local',
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripeApiBase: e.STRIPE_API_BASE,
    },
    sync: {
      AT: { source: e.CUSTOMER_SOURCE_AT, stripeKey: e.STRIPE_SECRET_KEY_AT, schedule: e.SYNC_SCHEDULE_AT },
      EG: { source: e.CUSTOMER_SOURCE_EG, stripeKey: e.STRIPE_SECRET_KEY_EG, schedule: e.SYNC_SCHEDULE_EG },
    },
    syncDownload: {
      connectTimeoutMs: e.SYNC_CONNECT_TIMEOUT_MS,
      downloadTimeoutMs: e.DOWNLOAD_TIMEOUT_MS,
      maxBytes: Math.round(e.SYNC_MAX_SOURCE_MB * 1024 * 1024),
      allowPrivate: e.SYNC_ALLOW_PRIVATE_SOURCES,
    },
    seller: {
      name: e.SELLER_NAME,
      address: e.SELLER_ADDRESS,
      uid: e.SELLER_UID,
      email: e.SELLER_EMAIL,
      phone: e.SELLER_PHONE,
      register: e.SELLER_REGISTER,
      court: e.SELLER_COURT,
      authority: e.SELLER_AUTHORITY,
    },
    supportHotline: e.SUPPORT_HOTLINE,
    uploads: {
      dir: path.join(path.resolve(e.DATA_DIR), 'uploads'),
      maxFileBytes: Math.round(e.UPLOAD_MAX_FILE_MB * 1024 * 1024),
      maxFiles: e.UPLOAD_MAX_FILES,
    },
    signage: { maxVideoBytes: Math.round(e.SIGNAGE_MAX_VIDEO_MB * 1024 * 1024) },
    storage,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
