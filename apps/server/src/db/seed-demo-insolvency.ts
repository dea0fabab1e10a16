import type { Db } from './client.js';

/** Demo data of the insolvency area, seeded into a fresh embedded database after the tasks. */
export async function seedDemoInsolvency(_db: Db): Promise<void> {}
