import type { Db } from './client.js';

/** Demo data of the signage area, seeded into a fresh embedded database after the tasks. */
export async function seedDemoSignage(_db: Db): Promise<void> {}
