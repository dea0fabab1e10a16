import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { taskRatings, tasks } from '../db/schema/index.js';

const COMMENTS = [
  'Sehr schnelle Hilfe, danke!',
  null,
  'Freundlich und kompetent.',
  null,
  'Hat etwas gedauert, aber jetzt läuft alles.',
  'Top Service am Wochenende.',
  null,
  'Der Techniker hat alles gut erklärt.',
];

/**
 * Demo data of the ratings area: about three of four closed demo tasks are rated, a day or two after
 * they were closed, for the task's agent, so the rating statistics show several months. Deterministic.
 */
export async function seedDemoRatings(db: Db): Promise<void> {
  const closed = await db
    .select({ id: tasks.id, user_id: tasks.user_id, country_id: tasks.country_id, closed_at: tasks.abgeschlossen_am })
    .from(tasks)
    .where(and(eq(tasks.status, 'abgeschlossen'), isNotNull(tasks.abgeschlossen_am)))
    .orderBy(tasks.id);
  const now = Date.now();
  const rows = closed
    .filter((_, i) => i % 4 !== 3)
    .map((t, i) => {
      const at = Math.min(now - 3600_000, t.closed_at!.getTime() + (20 + (i % 3) * 14) * 3600_000);
      return {
        task_id: t.id,
        agent_id: t.user_id,
        country_id: t.country_id,
        time_rating: [5, 4, 5, 3, 4, 5, 2, 4][i % 8]!,
        satisfaction_rating: [5, 5, 4, 3, 4, 5, 3, 4][i % 8]!,
        friendliness_rating: [5, 5, 5, 4, 5, 4, 4, 5][i % 8]!,
        comment: COMMENTS[i % COMMENTS.length]!,
        created_at: new Date(at),
      };
    });
  if (rows.length) await db.insert(taskRatings).values(rows).onConflictDoNothing();
}
