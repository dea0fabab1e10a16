import path from 'node:path';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { ensureReferenceData } from './db/reference-data.js';

/** Opens the configured database, migrates it and ensures reference data: shared by server and CLI. */
export async function openAndMigrate(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  holder: string,
): Promise<Database> {
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.resolve(config.dataDir), holder },
  );
  try {
    await runMigrations(database);
    await ensureReferenceData(database.db);
  } catch (e) {
    await database.close();
    throw e;
  }
  return database;
}
