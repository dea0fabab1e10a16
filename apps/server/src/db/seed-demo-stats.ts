import type { Db } from './client.js';

/** Demo data of the stats area, seeded into a fresh embedded database after the tasks. */
export async function seedDemoStats(_db: Db): Promise<void> {}
