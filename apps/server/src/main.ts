import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, isLoopback, loadConfig } from './config.js';
import { DatabaseLockedError } from './db/client.js';
import { seedDemo } from './seed/demo.js';
import { demoAccountRows, demoAccountsTable } from './seed/demo-accounts-table.js';
import { openAndMigrate } from './bootstrap.js';
import { createLogger, logFormatFor } from './platform/logging.js';
import { embeddedSizeWarning } from './platform/embedded-limit.js';
import { createMailer } from './platform/mail.js';
import { createStorage } from './platform/storage/index.js';
import { RealtimeHub } from './platform/realtime.js';
import { LOCKS, startScheduler } from './platform/jobs/index.js';
import { scheduledJobs } from './scheduled-jobs.js';
import { closeListener, createDrain, drainAndStop } from './platform/drain.js';
import { releasesSettled } from './platform/unit-of-work.js';

/** How long running requests get to finish after SIGTERM (and the drain, SHUTDOWN_DRAIN_MS). */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  // Pretty lines for a person at a terminal in development; JSON in production and into pipes and files.
  const logFormat = logFormatFor(config.nodeEnv, process.stdout);
  const log = createLogger(config.logLevel, process.stdout, logFormat);
  const database = await openAndMigrate(config, 'Server', (m) => log.warn(m));
  const { db } = database;
  const sizeWarning = await embeddedSizeWarning(database);
  if (sizeWarning) log.warn(sizeWarning);

  const storage = createStorage(config.storage);
  const mailer = createMailer(db, log, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dropDir: path.join(config.dataDir, 'mail'),
    storage,
  });
  const realtime = new RealtimeHub(db, log);
  const drain = createDrain();
  const app = await buildApp({ config, db, mailer, realtime, storage, drain }, { loggerInstance: log });
  await realtime.attach(app.server, config.redisUrl);

  if (config.seedDemo) {
    // Several processes may start together on one database: one seeds, the others find it done.
    const created = await database.withLock(LOCKS.seed, () => seedDemo(db));
    if (created.length && logFormat === 'pretty') {
      app.log.info('Demo-Daten angelegt. Demo-Zugänge:');
      process.stdout.write(`${demoAccountsTable(created)}\n`);
    } else if (created.length) {
      // One entry a log collector can read, not a table spread over lines.
      app.log.info({ demoAccounts: demoAccountRows(created) }, 'Demo-Daten angelegt');
    }
  }

  // Mail retry, overdue check and orphan-file cleaning: each due slot on one process of the cluster.
  const stopScheduler = startScheduler(
    database,
    scheduledJobs({ database, config, mailer, storage, release: app.release, log }),
    log,
    {
      jobRan: app.metrics?.jobRan,
    },
  );

  // A process manager's SIGTERM (or Ctrl+C): stop accepting, let running requests finish, close the
  // sockets, the mailer and the database, then exit. A second signal, or a close that hangs, ends it at once.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error('shutdown took longer than 10 s after draining: exiting');
      process.exit(1);
    }, config.shutdownDrainMs + SHUTDOWN_GRACE_MS).unref();
    try {
      // /readyz says 503 first; the listener closes once the balancer has had time to see it.
      await drainAndStop(drain, config.shutdownDrainMs, {
        stopScheduler,
        closeSockets: () => realtime.close(),
        closeServer: () => closeListener(() => app.close(), app.server),
        closeRest: async () => {
          // What the last answers released (pushes through Redis, mails) goes out before Redis and the database close.
          await releasesSettled();
          await realtime.closeRedis();
          await mailer.close();
          storage.close();
          await database.close();
        },
      });
      log.info('stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Without PUBLIC_URL the links point at the listening address: right on this machine, wrong behind a
  // proxy or for anyone else on the network.
  if (!config.publicUrlSet && (config.nodeEnv === 'production' || !isLoopback(config.host)))
    log.warn(
      `PUBLIC_URL ist nicht gesetzt: Links in Mails und die Rückkehr vom Bezahlen zeigen auf ${config.publicUrl}. Bitte PUBLIC_URL auf die Adresse setzen, unter der das Portal erreichbar ist.`,
    );
  app.log.info(
    `Portal läuft auf ${config.publicUrl} (Datenbank: ${database.kind === 'pglite' ? `eingebettet in ${config.dataDir}/db` : 'PostgreSQL'})`,
  );
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DatabaseLockedError) {
    console.error(err.message);
  } else {
    console.error('Start fehlgeschlagen:', err);
  }
  process.exit(1);
});
