import { eq, inArray } from 'drizzle-orm';
import { COUNTRY, TASK_TYPE } from '@portal/shared';
import type { Db } from '../db/client.js';
import { audits, customers, tasks, users } from '../db/schema/index.js';
import { customerOfTask } from './demo-tasks.js';

const HOUR = 3600_000;
const PAST_WORK: [number, string][] = [
  [TASK_TYPE.support, 'Bondrucker druckt nicht'],
  [TASK_TYPE.menu, 'Neue Wochenkarte einspielen'],
  [TASK_TYPE.rksv, 'Signaturkarte tauschen'],
  [TASK_TYPE.emergency, 'Kassa startet nicht'],
  [TASK_TYPE.dep, 'DEP-Export für das Finanzamt'],
  [TASK_TYPE.integration, 'Anbindung Lieferdienst'],
  [TASK_TYPE.switch, 'Firmenwechsel übernehmen'],
];

/**
 * Demo data of the stats area: the demo tasks cover the last two weeks only, so this adds tasks spread
 * over the five months before, most of them done or closed (with their audit), a few still open and
 * overdue, so the statistics screens show every month. Deterministic (no random numbers).
 */
export async function seedDemoStats(db: Db): Promise<void> {
  const staff = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['admin@demo.at', 'agent.at@demo.at', 'agent.eg@demo.at']));
  const by = (email: string) => staff.find((s) => s.email === email);
  const admin = by('admin@demo.at');
  const at = by('agent.at@demo.at');
  const eg = by('agent.eg@demo.at');
  if (!admin || !at || !eg) return;
  const atCustomers = await db.select().from(customers).where(eq(customers.source, 'AT')).limit(30);
  const egCustomers = await db.select().from(customers).where(eq(customers.source, 'EG')).limit(10);
  if (!atCustomers.length || !egCustomers.length) return;
  const now = Date.now();

  await db.transaction(async (tx) => {
    for (let i = 0; i < 72; i++) {
      const egTask = i % 8 === 7;
      const c = egTask ? egCustomers[i % egCustomers.length]! : atCustomers[(i * 7) % atCustomers.length]!;
      const [typ, titel] = PAST_WORK[i % PAST_WORK.length]!;
      // From 15 to about 160 days back, a little more work in the recent months.
      const created = new Date(now - (15 + Math.round(i ** 1.18 * 1.2)) * 24 * HOUR - (i % 9) * HOUR);
      const status = i % 9 === 4 ? 'offen' : i % 3 === 0 ? 'erledigt' : 'abgeschlossen';
      const done = status === 'offen' ? null : new Date(created.getTime() + (4 + ((i * 13) % 70)) * HOUR);
      const assignee = egTask ? eg.id : i % 4 === 0 ? admin.id : at.id;
      const [row] = await tx
        .insert(tasks)
        .values({
          titel,
          beschreibung: `${titel} – erledigt im Rahmen des laufenden Supports.`,
          frist: new Date(created.getTime() + 72 * HOUR),
          erstellt_am: created,
          erledigt_am: done,
          abgeschlossen_am: status === 'abgeschlossen' && done ? new Date(done.getTime() + 6 * HOUR) : null,
          status,
          typ,
          country_id: egTask ? COUNTRY.EG : COUNTRY.AT,
          user_id: assignee,
          created_by_userid: assignee,
          ...customerOfTask(c),
          has_audit: status === 'abgeschlossen',
        })
        .returning({ id: tasks.id });
      if (status === 'abgeschlossen' && done) {
        await tx.insert(audits).values({
          task_id: row!.id,
          created_by: assignee,
          contacted: i % 2 === 0,
          description: 'Problem behoben und mit dem Kunden getestet.',
          reason: null,
          created_at: new Date(done.getTime() + 6 * HOUR),
        });
      }
    }
  });
}
