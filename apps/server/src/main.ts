import { pino } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseLockedError } from './db/client.js';
import { seedDemo } from './db/seed-demo.js';
import { openAndMigrate } from './bootstrap.js';
import { createMailer } from './platform/mail.js';
import { RealtimeHub } from './platform/realtime.js';
import { notifyOverdueTasks, OVERDUE_LOCK } from './modules/tasks/overdue.js';

/** Advisory lock key of the demo seed. */
const SEED_LOCK = 727_003;

async function main() {
  const config = loadConfig();
  const database = await openAndMigrate(config, 'Server');
  const { db } = database;

  const log = pino({ level: config.logLevel });
  const mailer = createMailer(db, log, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  const realtime = new RealtimeHub(db, log);
  const app = await buildApp({ config, db, mailer, realtime }, { loggerInstance: log });
  await realtime.attach(app.server, config.redisUrl);

  if (config.seedDemo) {
    // Several processes may start together on one database: one seeds, the others find it done.
    const created = await database.withLock(SEED_LOCK, () => seedDemo(db));
    if (created.length) {
      app.log.info('Demo-Daten angelegt. Demo-Zugänge:');
      for (const a of created) app.log.info(`  ${a.role.padEnd(8)} ${a.email}  /  ${a.password}`);
    }
  }

  // Mails that failed earlier (or were queued while the process stopped) are retried every minute.
  const retry = setInterval(() => void mailer.flush(), 60_000);
  retry.unref();
  // Overdue check every minute, on one process of a cluster at a time (advisory lock).
  const overdue = setInterval(() => {
    void database
      .tryLock(OVERDUE_LOCK, async () => realtime.push(await notifyOverdueTasks(db)))
      .catch((err) => log.error({ err }, 'overdue check failed'));
  }, 60_000);
  overdue.unref();
  void mailer.flush();

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    clearInterval(retry);
    clearInterval(overdue);
    await realtime.close();
    await app.close();
    await mailer.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

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
