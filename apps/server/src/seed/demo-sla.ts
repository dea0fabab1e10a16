import { eq, isNull } from 'drizzle-orm';
import type { ServiceCalendar } from '@portal/shared';
import type { Db } from '../db/client.js';
import { tasks } from '../db/schema/index.js';
import { loadServiceCalendar, loadSlaPolicies, policyFor, slaColumns } from '../modules/service-levels/index.js';

const HOUR = 3600_000;

/**
 * The demo tasks' service levels (issue 31), as the commands would have left them: finished tasks and
 * every second open one were answered an hour after creation, so the board shows running response and
 * resolution deadlines, met and breached ones. Only tasks without deadlines (the demo's, a few hundred).
 */
export async function seedDemoSla(db: Db) {
  const policies = await loadSlaPolicies(db);
  const calendars = new Map<number, ServiceCalendar>();
  const rows = await db.select().from(tasks).where(isNull(tasks.sla_response_due_at));
  await db.transaction(async (tx) => {
    for (const t of rows) {
      let cal = calendars.get(t.country_id);
      if (!cal) calendars.set(t.country_id, (cal = await loadServiceCalendar(tx, t.country_id)));
      const responded = t.status !== 'offen' || t.id % 2 === 0 ? new Date(+t.erstellt_am + HOUR) : null;
      const cols = slaColumns(cal, policyFor(policies, t.typ), {
        created_at: t.erstellt_am,
        frist: t.frist,
        responded_at: responded,
        paused_at: null,
        paused_minutes: 0,
        status: t.status,
      });
      await tx
        .update(tasks)
        .set({ ...cols, sla_responded_at: responded })
        .where(eq(tasks.id, t.id));
    }
  });
}
