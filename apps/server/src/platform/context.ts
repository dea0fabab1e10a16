import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Mailer } from './mail.js';
import type { RealtimeHub } from './realtime.js';
import type { Storage } from './storage/index.js';
import type { Drain } from './drain.js';

/** What every module gets: one object built in main.ts (or by the tests), no globals. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Pushes committed notifications to sockets; attached to the HTTP server in main.ts (and in socket tests). */
  realtime: RealtimeHub;
  /** Stored files (STORAGE_URL): on the disk or in an S3-compatible store shared by every process. */
  storage: Storage;
  /** Set on SIGTERM (main.ts): `/readyz` answers 503 so a load balancer stops sending (platform/drain.ts). */
  drain?: Drain;
  /** "Now" for every service (platform/service.ts `now(ctx)`); the system clock unless a test sets one. */
  clock?: () => Date;
}
