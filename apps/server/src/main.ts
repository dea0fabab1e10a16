import { pino } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseLockedError } from './db/client.js';
import { seedDemo } from './db/seed-demo.js';
import { openAndMigrate } from './bootstrap.js';
import { createMailer } from './platform/mail.js';

async function main() {
  const config = loadConfig();
  const database = await openAndMigrate(config, 'Server');
  const { db } = database;

  const log = pino({ level: config.logLevel });
  const mailer = createMailer(db, log, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  const app = await buildApp({ config, db, mailer }, { loggerInstance: log });

  if (config.seedDemo) {
    const created = await seedDemo(db);
    if (created.length) {
      app.log.info('Demo-Daten angelegt. Demo-Zugänge:');
      for (const a of created) app.log.info(`  ${a.role.padEnd(8)} ${a.email}  /  ${a.password}`);
    }
  }

  // Mails that failed earlier (or were queued while the process stopped) are retried every minute.
  const retry = setInterval(() => void mailer.flush(), 60_000);
  retry.unref();
  void mailer.flush();

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    clearInterval(retry);
    await app.close();
    mailer.close();
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
