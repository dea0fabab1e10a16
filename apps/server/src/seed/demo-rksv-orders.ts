import { inArray } from 'drizzle-orm';
import type { RksvStage } from '@portal/shared';
import { loadConfig } from '../config.js';
import { insertSampleOrder, type SampleOrder } from '../modules/rksv-orders/sample-orders.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';

const DAY = 86_400_000;

/** Restaurants of the demo orders (accents on purpose: the search ignores them). */
const BUYERS: Pick<SampleOrder, 'companyname' | 'customername' | 'zipcode' | 'city' | 'address'>[] = [
  { companyname: 'Café Landtmann Demo', customername: 'Lena Hofbauer', zipcode: '1010', city: 'Wien', address: 'Universitätsring 4' },
  { companyname: 'Gasthaus Zum Goldenen Hirschen', customername: 'Gerda Gastwirtin', zipcode: '5020', city: 'Salzburg', address: 'Getreidegasse 12' },
  { companyname: 'Heuriger Größl', customername: 'Franz Größl', zipcode: '1190', city: 'Wien', address: 'Cobenzlgasse 8' },
  { companyname: 'Pizzeria Bella Napoli', customername: 'Marco Rossi', zipcode: '8010', city: 'Graz', address: 'Herrengasse 3' },
  { companyname: 'Würstelstand Am Prater', customername: 'Josef Müller', zipcode: '1020', city: 'Wien', address: 'Prater 1' },
  { companyname: 'Konditorei Zauner Demo', customername: 'Sophie Zauner', zipcode: '4820', city: 'Bad Ischl', address: 'Pfarrgasse 7' },
  { companyname: 'Bäckerei Öhlknecht', customername: 'Anton Öhlknecht', zipcode: '6020', city: 'Innsbruck', address: 'Maria-Theresien-Straße 9' },
  { companyname: 'Bistro Élysée', customername: 'Claire Dubois', zipcode: '4020', city: 'Linz', address: 'Landstraße 22' },
];

/**
 * Paid RKSV orders in every stage (open, created, delivery, pickup, completed) for the demo agent
 * (agent.at@demo.at, rksv + rksv_orders) and the admin, spread over the last twelve months so the
 * statistics show every month, plus a pending and a failed order; each paid order with its invoice.
 */
export async function seedDemoRksvOrders(db: Db): Promise<void> {
  const staff = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['admin@demo.at', 'agent.at@demo.at']));
  const agent = staff.find((u) => u.email === 'agent.at@demo.at')?.id ?? null;
  const admin = staff.find((u) => u.email === 'admin@demo.at')?.id ?? null;
  const config = loadConfig(process.env);
  const plan: { stage?: RksvStage; payment_status?: SampleOrder['payment_status']; daysAgo: number; agentId: number | null; delivery: 0 | 1; qty: number }[] = [];
  // Older orders: completed, one or two per month.
  for (let m = 11; m >= 1; m--) plan.push({ stage: 'completed', daysAgo: m * 30 + 5, agentId: m % 3 === 0 ? admin : agent, delivery: (m % 2) as 0 | 1, qty: 1 + (m % 3) });
  // This month's work in every stage.
  plan.push(
    { stage: 'open', daysAgo: 1, agentId: agent, delivery: 1, qty: 2 },
    { stage: 'open', daysAgo: 2, agentId: admin, delivery: 0, qty: 1 },
    { stage: 'created', daysAgo: 3, agentId: agent, delivery: 1, qty: 1 },
    { stage: 'created', daysAgo: 3, agentId: agent, delivery: 0, qty: 3 },
    { stage: 'delivery', daysAgo: 5, agentId: agent, delivery: 1, qty: 2 },
    { stage: 'pickup', daysAgo: 6, agentId: agent, delivery: 0, qty: 1 },
    { stage: 'completed', daysAgo: 9, agentId: agent, delivery: 1, qty: 1 },
    { stage: 'created', daysAgo: 2, agentId: null, delivery: 1, qty: 1 },
    { payment_status: 'pending', daysAgo: 0, agentId: null, delivery: 1, qty: 1 },
    { payment_status: 'failed', daysAgo: 4, agentId: agent, delivery: 0, qty: 1 },
  );
  let i = 0;
  for (const p of plan) {
    const buyer = BUYERS[i++ % BUYERS.length]!;
    await insertSampleOrder(db, config, {
      ...buyer,
      email: `bestellung${i}@demo.at`,
      vatnr: `ATU${String(10_000_000 + i * 7919).slice(0, 8)}`,
      stage: p.stage,
      payment_status: p.payment_status,
      agentId: p.agentId,
      delivery: p.delivery,
      qty: p.qty,
      payedAt: new Date(Date.now() - p.daysAgo * DAY),
    });
  }
}
