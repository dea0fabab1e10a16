import { eq, inArray } from 'drizzle-orm';
import { insolvencyMonths as monthsOf, insolvencyToday } from '@portal/shared';
import type { Db } from '../db/client.js';
import { customers, insolvencyActivity, insolvencyCases, insolvencyMonths, users } from '../db/schema/index.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** The first day of the month `back` months before the current one (Vienna), yyyy-MM-dd. */
function monthStart(back: number): string {
  const [y, m] = insolvencyToday().split('-').map(Number) as [number, number];
  const i = y * 12 + (m - 1) - back;
  return `${Math.floor(i / 12)}-${pad((i % 12) + 1)}-01`;
}

/**
 * Demo data of the insolvency area: an active case with the invoice numbers of its past months (the
 * current one still open, so the grid has something to enter), and an ended one. The task modal
 * shows "Insolvenz" for tasks of the active case's customer (10003).
 */
export async function seedDemoInsolvency(db: Db): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.at'));
  const found = await db
    .select({ id: customers.id, kundennummer: customers.kundennummer })
    .from(customers)
    .where(inArray(customers.kundennummer, ['10003', '11007']));
  const idOf = (k: string) => found.find((c) => c.kundennummer === k)?.id;
  const active = idOf('10003');
  const ended = idOf('11007');
  if (!admin || !active || !ended) return;
  const start = monthStart(3);
  const [a] = await db
    .insert(insolvencyCases)
    .values({
      customer_id: active,
      administrator_name: 'Dr. Herta Masseverwalterin',
      administrator_email: 'kanzlei@masseverwaltung-demo.at',
      administrator_phone: '+43 662 870 123',
      start_date: start,
      created_by: admin.id,
    })
    .returning({ id: insolvencyCases.id });
  const past = monthsOf(start, null).slice(0, -1);
  if (past.length) {
    await db.insert(insolvencyMonths).values(
      past.map((m, i) => ({
        case_id: a!.id,
        year: m.year,
        month: m.month,
        invoice_number: `RE-${m.year}-${pad(m.month)}-${String(101 + i)}`,
        updated_by: admin.id,
      })),
    );
  }
  const [b] = await db
    .insert(insolvencyCases)
    .values({
      customer_id: ended,
      administrator_name: 'Mag. Paul Sanierer',
      start_date: monthStart(8),
      end_date: monthStart(2),
      status: 'closed',
      created_by: admin.id,
    })
    .returning({ id: insolvencyCases.id });
  await db.insert(insolvencyActivity).values([
    { case_id: a!.id, user_id: admin.id, action: 'created', details: { customer_id: active, start_date: start } },
    {
      case_id: b!.id,
      user_id: admin.id,
      action: 'created',
      details: { customer_id: ended, start_date: monthStart(8) },
    },
    { case_id: b!.id, user_id: admin.id, action: 'closed', details: { from: 'active', end_date: monthStart(2) } },
  ]);
}
