import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { serialise } from '../../platform/realtime.js';

/** A user's notifications after `lastId` (at most 100, oldest first): what a reconnecting client missed. */
export async function missedNotifications(db: Db, userId: number, lastId: number) {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), gt(notifications.id, lastId)))
    .orderBy(asc(notifications.id))
    .limit(100);
  return rows.map(serialise);
}
