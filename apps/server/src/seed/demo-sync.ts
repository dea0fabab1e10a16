import type { Db } from '../db/client.js';

/** Demo data of the sync area, seeded into a fresh embedded database after the tasks. */
export async function seedDemoSync(_db: Db): Promise<void> {}
