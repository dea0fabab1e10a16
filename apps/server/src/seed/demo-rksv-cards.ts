import { and, eq, isNotNull, notInArray } from 'drizzle-orm';
import { addDays, viennaDay } from '@portal/shared';
import { loadConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { customers, rksvCards, rksvJahresbelege, rksvOrders, rksvOutages, users } from '../db/schema/index.js';
import { refreshCardDeadline } from '../modules/rksv-orders/card-deadline.js';
import { insertSampleOrder } from '../modules/rksv-orders/sample-orders.js';

const DAY = 86_400_000;

type CardRowSet = Partial<typeof rksvCards.$inferInsert>;

/**
 * Signature cards in the states of their life (issue 32), so the staff's deadline list
 * (/agent-dashboard/rksvactivations) has rows of every kind: registration due, Startbeleg due, in use
 * with the Jahresbeleg ahead, an outage over 48 hours to report, a certificate that runs out, an
 * ACOS-ID 2.1 card to replace and a defective one. The demo agent's orders, deadlines refreshed.
 */
export async function seedDemoRksvCards(db: Db): Promise<void> {
  const [agent] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'agent.at@demo.at'));
  const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.country_id, 1)).limit(1);
  const config = loadConfig(process.env);
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * DAY);
  const plan: {
    companyname: string;
    customername: string;
    activatedDaysAgo: number;
    set: (a: Date) => CardRowSet;
    outageHoursAgo?: number;
    jahresbeleg?: number;
    /** Last year's Jahresbeleg not checked yet (it is due, or overdue, by 15 February). */
    lastYearOpen?: boolean;
  }[] = [
    { companyname: 'Gasthof Zur Post Demo', customername: 'Paula Post', activatedDaysAgo: 2, set: () => ({}) },
    {
      companyname: 'Café Sacher Demo',
      customername: 'Sebastian Sacher',
      activatedDaysAgo: 10,
      set: (a) => ({ registered_at: new Date(a.getTime() + 2 * DAY) }),
    },
    {
      companyname: 'Hotel Stadtkrug Demo',
      customername: 'Helga Krug',
      activatedDaysAgo: 120,
      set: (a) => ({
        registered_at: new Date(a.getTime() + DAY),
        startbeleg_checked_at: new Date(a.getTime() + 2 * DAY),
      }),
    },
    {
      companyname: 'Weinbar Ottakring Demo',
      customername: 'Otto Weinmann',
      activatedDaysAgo: 200,
      set: (a) => ({
        registered_at: new Date(a.getTime() + DAY),
        startbeleg_checked_at: new Date(a.getTime() + 2 * DAY),
      }),
      outageHoursAgo: 60,
    },
    {
      companyname: 'Imbiss Naschmarkt Demo',
      customername: 'Nadia Imbiss',
      activatedDaysAgo: 5 * 365 - 40,
      set: (a) => ({
        registered_at: new Date(a.getTime() + DAY),
        startbeleg_checked_at: new Date(a.getTime() + 2 * DAY),
        valid_until: addDays(viennaDay(new Date(now)), 60),
      }),
      jahresbeleg: 1,
    },
    {
      companyname: 'Pension Alpenblick Demo',
      customername: 'Alois Alpen',
      activatedDaysAgo: 400,
      set: (a) => ({
        card_type: 'ACOS-ID 2.1',
        registered_at: new Date(a.getTime() + DAY),
        startbeleg_checked_at: new Date(a.getTime() + 2 * DAY),
      }),
      jahresbeleg: 1,
    },
    {
      companyname: 'Bäckerei Jahresbeleg Demo',
      customername: 'Berta Brot',
      activatedDaysAgo: 600,
      set: (a) => ({
        registered_at: new Date(a.getTime() + DAY),
        startbeleg_checked_at: new Date(a.getTime() + 2 * DAY),
      }),
      jahresbeleg: 1,
      lastYearOpen: true,
    },
    {
      companyname: 'Kebap Favoriten Demo',
      customername: 'Kemal Kaya',
      activatedDaysAgo: 30,
      set: (a) => ({ registered_at: new Date(a.getTime() + DAY), defective_at: ago(1) }),
    },
  ];
  const ids: number[] = [];
  for (const [i, p] of plan.entries()) {
    const activated = ago(p.activatedDaysAgo);
    const order = await insertSampleOrder(db, config, {
      companyname: p.companyname,
      customername: p.customername,
      email: `karte${i + 1}@demo.at`,
      stage: 'completed',
      agentId: agent?.id ?? null,
      payedAt: new Date(activated.getTime() - 3 * DAY),
    });
    const cardId = order.cardIds[0]!;
    ids.push(cardId);
    await db
      .update(rksvCards)
      .set({ activated_at: activated, card_type: 'CardOS 5.3', ...p.set(activated) })
      .where(eq(rksvCards.id, cardId));
    if (customer && i % 2 === 0)
      await db.update(rksvOrders).set({ customer_id: customer.id }).where(eq(rksvOrders.id, order.id));
    if (p.outageHoursAgo)
      await db.insert(rksvOutages).values({
        card_id: cardId,
        order_id: order.id,
        started_at: new Date(now - p.outageHoursAgo * 3_600_000),
        reason: 'Kartenleser defekt',
      });
    // Every year from the activation to last year checked.
    if (p.jahresbeleg) {
      const first = Number(viennaDay(activated).slice(0, 4));
      const lastYear = Number(viennaDay(new Date(now)).slice(0, 4)) - (p.lastYearOpen ? 2 : 1);
      const years = Array.from({ length: Math.max(0, lastYear - first + 1) }, (_, k) => first + k);
      if (years.length) {
        await db
          .insert(rksvJahresbelege)
          .values(
            years.map((year) => ({ card_id: cardId, year, checked_at: new Date(`${year + 1}-01-20T10:00:00Z`) })),
          );
        await db.update(rksvCards).set({ jahresbeleg_year: lastYear }).where(eq(rksvCards.id, cardId));
      }
    }
  }
  // The cards the order seed activated over the past year: in use (registered, Startbeleg checked, last
  // year's Jahresbeleg checked), the last weeks' ones still to be registered.
  const older = await db
    .select({ id: rksvCards.id, activated_at: rksvCards.activated_at })
    .from(rksvCards)
    .where(and(isNotNull(rksvCards.activated_at), notInArray(rksvCards.id, ids)));
  const thisYear = Number(viennaDay(new Date(now)).slice(0, 4));
  for (const c of older) {
    const a = c.activated_at!;
    if (now - a.getTime() < 14 * DAY) continue;
    await db
      .update(rksvCards)
      .set({ registered_at: new Date(a.getTime() + 2 * DAY), startbeleg_checked_at: new Date(a.getTime() + 3 * DAY) })
      .where(eq(rksvCards.id, c.id));
    const first = Number(viennaDay(a).slice(0, 4));
    if (first < thisYear) {
      const years = Array.from({ length: thisYear - first }, (_, k) => first + k);
      await db
        .insert(rksvJahresbelege)
        .values(years.map((year) => ({ card_id: c.id, year, checked_at: new Date(`${year + 1}-01-20T10:00:00Z`) })));
      await db
        .update(rksvCards)
        .set({ jahresbeleg_year: thisYear - 1 })
        .where(eq(rksvCards.id, c.id));
    }
  }
  // Their deadlines as the nightly job keeps them.
  await db.transaction((tx) => refreshCardDeadline(tx, [...ids, ...older.map((c) => c.id)], new Date(now)));
}
