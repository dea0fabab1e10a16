import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseLockedError } from './db/client.js';
import { seedDemo } from './seed/demo.js';
import { openAndMigrate } from './bootstrap.js';
import { createLogger } from './platform/logging.js';
import { embeddedSizeWarning } from './platform/embedded-limit.js';
import { createMailer } from './platform/mail.js';
import { createStorage } from './platform/storage/index.js';
import { RealtimeHub } from './platform/realtime.js';
import { LOCKS, startScheduler } from './platform/jobs/index.js';
import { scheduledJobs } from './scheduled-jobs.js';

/** How long running requests get to finish after SIGTERM. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
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
  const app = await buildApp({ config, db, mailer, realtime, storage }, { loggerInstance: log });
  await realtime.attach(app.server, config.redisUrl);

  if (config.seedDemo) {
    // Several processes may start together on one database: one seeds, the others find it done.
    const created = await database.withLock(LOCKS.seed, () => seedDemo(db));
    if (created.length) {
      app.log.info('Demo-Daten angelegt. Demo-Zugänge:');
      for (const a of created) app.log.info(`  ${a.role.padEnd(8)} ${a.email}  /  ${a.password}`);
    }
  }

  // Mail retry, overdue check and orphan-file cleaning: each due slot on one process of the cluster.
  const stopScheduler = startScheduler(database, scheduledJobs({ database, config, mailer, storage, release: app.release, log }), log, {
    jobRan: app.metrics?.jobRan,
  });

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
      log.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      await stopScheduler();
      await realtime.close();
      await app.close();
      await mailer.close();
      storage.close();
      await database.close();
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
