import { and, asc, eq, gt, gte, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { serialise, type MissedNotifications } from '../../platform/realtime.js';

/** The most a call hands over (the contract's "at most 100"); the client asks again from the last id. */
const PAGE = 100;
/**
 * The most a socket replay hands one user: a busy user's share of a few seconds' outage in one message
 * (the load test's agent gets 20 a second), instead of the first 100 and silence about the rest.
 */
const REPLAY_CAP = 1000;

/**
 * What a client missed, for the realtime hub: a reconnecting client's notifications after the id it
 * last saw, and after an outage of Redis the notifications of the users connected here since it began.
 */
export const missedNotifications = {
  async afterId(db: Db, userId: number, lastId: number, limit: number = PAGE, recentSince?: Date) {
    const after = gt(notifications.id, lastId);
    const rows = await db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.user_id, userId),
          recentSince ? or(after, gte(notifications.created_at, recentSince)) : after,
        ),
      )
      .orderBy(asc(notifications.id))
      .limit(Math.min(limit, REPLAY_CAP));
    return rows.map(serialise);
  },
  async since(db: Db, userIds: number[], since: Date) {
    const byUser = new Map<number, ReturnType<typeof serialise>[]>();
    if (userIds.length === 0) return byUser;
    // The users' index (user_id, id) narrows the rows; the outage is minutes, so few remain to filter.
    const rows = await db
      .select()
      .from(notifications)
      .where(and(inArray(notifications.user_id, userIds), gte(notifications.created_at, since)))
      .orderBy(asc(notifications.id))
      .limit(REPLAY_CAP * userIds.length);
    for (const r of rows) {
      const list = byUser.get(r.user_id) ?? [];
      if (list.length < REPLAY_CAP) list.push(serialise(r));
      byUser.set(r.user_id, list);
    }
    return byUser;
  },
} satisfies MissedNotifications;
