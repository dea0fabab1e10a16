import type { Db } from './client.js';

/** Demo data of the ratings area, seeded into a fresh embedded database after the tasks. */
export async function seedDemoRatings(_db: Db): Promise<void> {}
