import type { Db } from './client.js';

/** Demo data of the cashbook area, seeded into a fresh embedded database after the tasks. */
export async function seedDemoCashbook(_db: Db): Promise<void> {}
