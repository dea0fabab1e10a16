import type { Db } from './client.js';

/** Demo data of the rksv-orders area, seeded into a fresh embedded database after the tasks. */
export async function seedDemoRksvOrders(_db: Db): Promise<void> {}
