import path from 'node:path';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { ensureReferenceData } from './db/reference-data.js';

/** Opens the configured database, migrates it and ensures reference data: shared by server and CLI. */
export async function openAndMigrate(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'dbTimeouts'>>,
  holder: string,
  warn?: (message: string) => void,
): Promise<Database> {
  const timeouts = config.dbTimeouts;
  if (config.databaseUrl) {
    // A migration may rebuild an index of a big table: it runs on a pool of its own, without the
    // statement timeout that the running server's pool has.
    const migrator = await openDatabase({
      databaseUrl: config.databaseUrl,
      poolSize: 3,
      connectTimeoutMs: timeouts?.connectMs,
    });
    try {
      await runMigrations(migrator);
      await ensureReferenceData(migrator.db);
    } finally {
      await migrator.close();
    }
    return openDatabase({
      databaseUrl: config.databaseUrl,
      connectTimeoutMs: timeouts?.connectMs,
      statementTimeoutMs: timeouts?.statementMs,
    });
  }
  const database = await openDatabase({ pgliteDir: path.resolve(config.dataDir), holder, warn });
  try {
    await runMigrations(database);
    await ensureReferenceData(database.db);
  } catch (e) {
    await database.close();
    throw e;
  }
  return database;
}
