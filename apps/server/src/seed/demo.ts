import { count, eq } from 'drizzle-orm';
import { COUNTRY, FLAGS, ROLE_IDS, type Flag, type Role } from '@portal/shared';
import type { Db } from '../db/client.js';
import { customers, users } from '../db/schema/index.js';
import { hashPassword } from '../platform/passwords.js';
import { seedDemoCustomers, seedDemoTasks } from './demo-tasks.js';
import { seedDemoRksvOrders } from './demo-rksv-orders.js';
import { seedDemoRksvCards } from './demo-rksv-cards.js';
import { seedDemoStats } from './demo-stats.js';
import { seedDemoRatings } from './demo-ratings.js';
import { seedDemoSignage } from './demo-signage.js';
import { seedDemoSync } from './demo-sync.js';
import { seedDemoInsolvency } from './demo-insolvency.js';
import { seedDemoCashbook } from './demo-cashbook.js';
import { seedDemoBusiness } from './demo-business.js';
import { seedDemoBusinessRecords } from './demo-business-records.js';
import { seedDemoSla } from './demo-sla.js';

export interface DemoAccount {
  email: string;
  password: string;
  role: Role;
  name: string;
  country: number;
  flags: readonly Flag[];
  kundennummer?: string;
  lang_code?: string;
}

/** Also listed in the README; printed at start when they are created. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'admin@demo.at', password: 'Admin!demo2026', role: 'admin', name: 'Anna Admin', country: 1, flags: FLAGS },
  {
    email: 'agent.at@demo.at',
    password: 'Agent!demo2026',
    role: 'agent',
    name: 'Max Mustermann',
    country: 1,
    flags: ['tasks', 'rksv', 'rksv_orders', 'cashbook'],
  },
  {
    email: 'agent.eg@demo.at',
    password: 'Agent!demo2026',
    role: 'agent',
    name: 'Omar Hassan',
    country: 2,
    flags: ['tasks', 'digital_signage'],
    lang_code: 'en_US',
  },
  {
    email: 'kunde@demo.at',
    password: 'Kunde!demo2026',
    role: 'customer',
    name: 'Gerda Gastwirtin',
    country: 1,
    flags: [],
    kundennummer: '10001',
  },
];

const DEMO_CUSTOMERS = [
  {
    kundennummer: '10001',
    firma: 'Gasthaus Zum Goldenen Hirschen',
    kontaktperson: 'Gerda Gastwirtin',
    plz: '1190',
    ort: 'Wien',
    adresse: 'Grinzinger Straße 12',
    country_id: COUNTRY.AT,
    source: 'AT',
  },
  {
    kundennummer: '10002',
    firma: 'Café Landtmann Demo',
    kontaktperson: 'Karl Kaffeesieder',
    plz: '1010',
    ort: 'Wien',
    adresse: 'Universitätsring 4',
    country_id: COUNTRY.AT,
    source: 'AT',
  },
  {
    kundennummer: '10003',
    firma: 'Pizzeria Bella Napoli',
    kontaktperson: 'Luca Rossi',
    plz: '5020',
    ort: 'Salzburg',
    adresse: 'Getreidegasse 8',
    country_id: COUNTRY.AT,
    source: 'AT',
  },
  {
    kundennummer: '20001',
    firma: 'Nile View Restaurant',
    kontaktperson: 'Mona Said',
    plz: '11511',
    ort: 'Kairo',
    adresse: 'Corniche El Nil 5',
    country_id: COUNTRY.EG,
    source: 'EG',
  },
];

export async function upsertCustomerByNumber(
  db: Db,
  kundennummer: string,
  firma?: string,
  country: number = COUNTRY.AT,
) {
  const [existing] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.kundennummer, kundennummer));
  if (existing) return existing.id;
  const [row] = await db
    .insert(customers)
    .values({
      kundennummer,
      firma: firma ?? `Kunde ${kundennummer}`,
      country_id: country,
      source: country === COUNTRY.EG ? 'EG' : 'AT',
    })
    .returning({ id: customers.id });
  return row!.id;
}

export function flagValues(flags: readonly Flag[]): Record<Flag, boolean> {
  return Object.fromEntries(FLAGS.map((f) => [f, flags.includes(f)])) as Record<Flag, boolean>;
}

/** Seeds sample people and records into an empty database; returns the accounts it created. */
export async function seedDemo(db: Db): Promise<DemoAccount[]> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(users);
  if (n > 0) return [];
  await db.insert(customers).values(DEMO_CUSTOMERS).onConflictDoNothing();
  for (const a of DEMO_ACCOUNTS) {
    const customerId = a.kundennummer ? await upsertCustomerByNumber(db, a.kundennummer) : null;
    await db.insert(users).values({
      email: a.email,
      name: a.name,
      password_hash: await hashPassword(a.password),
      role_id: ROLE_IDS[a.role],
      country_id: a.country,
      agent_level_id: a.role === 'customer' ? null : a.role === 'admin' ? 3 : 1,
      customer_id: customerId,
      lang_code: a.lang_code ?? 'de_DE',
      ...flagValues(a.flags),
    });
  }
  await seedDemoCustomers(db);
  await seedDemoTasks(db);
  await seedDemoRksvOrders(db);
  await seedDemoRksvCards(db);
  await seedDemoStats(db);
  await seedDemoRatings(db);
  await seedDemoSignage(db);
  await seedDemoSync(db);
  await seedDemoInsolvency(db);
  await seedDemoCashbook(db);
  // After the orders and screens of the other seeds: the demo customer's own dashboard data.
  await seedDemoBusiness(db);
  await seedDemoBusinessRecords(db);
  await seedDemoSla(db);
  return DEMO_ACCOUNTS;
}
