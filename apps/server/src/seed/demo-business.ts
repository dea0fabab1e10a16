import { eq } from 'drizzle-orm';
import { TASK_TYPE } from '@portal/shared';
import { loadConfig } from '../config.js';
import { insertSampleOrder } from '../modules/rksv-orders/sample-orders.js';
import type { Db } from '../db/client.js';
import { customers, rksvOrders, taskConversations, taskMessages, tasks, users } from '../db/schema/index.js';

const DAY = 86_400_000;

/**
 * What the demo customer (kunde@demo.at, record 10001 "Gasthaus Zum Goldenen Hirschen") finds in the
 * business dashboard besides the signage screens the signage seed assigns it: three RKSV orders
 * (in delivery, being prepared, completed) belonging to the record, a request in progress with the
 * provider's mail and the customer's reply, and one that is done. Runs after the other demo seeds.
 */
export async function seedDemoBusiness(db: Db): Promise<void> {
  const [record] = await db.select().from(customers).where(eq(customers.kundennummer, '10001'));
  const [agent] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'agent.at@demo.at'));
  if (!record) return;
  const config = loadConfig(process.env);
  const now = Date.now();
  const buyer = {
    companyname: record.firma,
    customername: record.kontaktperson ?? 'Gerda Gastwirtin',
    email: 'kunde@demo.at',
    address: record.adresse ?? 'Grinzinger Straße 12',
    zipcode: record.plz ?? '1190',
    city: record.ort ?? 'Wien',
    vatnr: 'ATU55511122',
  };
  const plan = [
    { stage: 'delivery', delivery: 1, qty: 2, daysAgo: 4 },
    { stage: 'open', delivery: 0, qty: 1, daysAgo: 1 },
    { stage: 'completed', delivery: 1, qty: 1, daysAgo: 60 },
  ] as const;
  for (const p of plan) {
    const { id } = await insertSampleOrder(db, config, {
      ...buyer,
      stage: p.stage,
      delivery: p.delivery,
      qty: p.qty,
      agentId: agent?.id ?? null,
      payedAt: new Date(now - p.daysAgo * DAY),
    });
    await db.update(rksvOrders).set({ customer_id: record.id }).where(eq(rksvOrders.id, id));
  }

  const contact = {
    kundennummer: record.kundennummer,
    firma: record.firma,
    kontaktperson: record.kontaktperson,
    plz: record.plz,
    ort: record.ort,
    adresse: record.adresse,
    email: 'kunde@demo.at',
    // As a request from the public forms carries it (the board's newest demo tasks are these).
    telefon_firma: record.telefon ?? '+43 1 3204711',
    country_id: record.country_id,
    user_id: agent?.id ?? null,
  };
  const [open] = await db
    .insert(tasks)
    .values({
      ...contact,
      titel: 'Menüänderung: neue Mittagskarte',
      beschreibung: 'Bitte ab Montag die neue Mittagskarte in der Kassa hinterlegen.',
      typ: TASK_TYPE.menu,
      erstellt_am: new Date(now - 2 * DAY),
      frist: new Date(now + 2 * DAY),
    })
    .returning({ id: tasks.id });
  await db.insert(taskConversations).values({
    task_id: open!.id,
    recipient: 'kunde@demo.at',
    subject: 'Ihre Menüänderung',
    content: 'Guten Tag, wir haben Ihre neue Mittagskarte erhalten und hinterlegen sie bis Freitag.',
    agent_name: 'Max Mustermann',
    created_at: new Date(now - DAY),
  });
  await db.insert(taskMessages).values({
    task_id: open!.id,
    content: 'Danke! Das Tagesmenü kostet ab Montag 11,90 €.',
    created_at: new Date(now - DAY / 2),
  });
  await db.insert(tasks).values({
    ...contact,
    titel: 'Support: Bondrucker verbinden',
    beschreibung: 'Der neue Bondrucker wird von der Kassa nicht erkannt.',
    typ: TASK_TYPE.support,
    status: 'erledigt',
    erstellt_am: new Date(now - 20 * DAY),
    frist: new Date(now - 17 * DAY),
    erledigt_am: new Date(now - 18 * DAY),
  });
}
