import { createHash, randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { licenseOneYearFrom, viennaDay } from '@portal/shared';
import type { Db } from '../db/client.js';
import { customers, signageDevices, signageSchedules } from '../db/schema/index.js';

const DAY = 86_400_000;
const day = (offsetDays: number) => viennaDay(new Date(Date.now() + offsetDays * DAY));
/** A key nobody holds: a demo screen that opens /ds/player registers itself anew. */
const unusableKeyHash = () => createHash('sha256').update(randomBytes(32)).digest('hex');

/**
 * Demo data of the signage area, seeded into a fresh embedded database after the tasks: screens of
 * the demo customers in every state (active, soon ending, locked, expired, pending), registered over
 * the last months for the chart, and two schedules. No files: pictures and videos are uploaded on
 * the content screen, and a browser on /ds/player becomes a real screen.
 */
export async function seedDemoSignage(db: Db): Promise<void> {
  const rows = await db
    .select({ id: customers.id, kundennummer: customers.kundennummer })
    .from(customers)
    .where(inArray(customers.kundennummer, ['10001', '10002', '10003']));
  const by = new Map(rows.map((r) => [r.kundennummer, r.id]));
  const hirsch = by.get('10001');
  const cafe = by.get('10002');
  const pizza = by.get('10003');
  if (!hirsch || !cafe || !pizza) return;
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * DAY);
  await db.insert(signageDevices).values([
    {
      uuid: 'demo-hirschen-eingang',
      device_name: 'Eingang Gaststube',
      device_type: 'screen',
      location: 'Eingang',
      status: 'active',
      customer_id: hirsch,
      license_until: licenseOneYearFrom(ago(150)),
      activated_at: ago(150),
      last_seen: new Date(now - 20_000),
      key_hash: unusableKeyHash(),
      created_at: ago(150),
    },
    {
      uuid: 'demo-hirschen-garten',
      device_name: 'Schanigarten',
      device_type: 'stele',
      location: 'Gastgarten',
      status: 'active',
      customer_id: hirsch,
      license_until: day(12),
      activated_at: ago(95),
      last_seen: ago(2),
      key_hash: unusableKeyHash(),
      created_at: ago(95),
    },
    {
      uuid: 'demo-cafe-vitrine',
      device_name: 'Kuchenvitrine',
      device_type: 'tablet',
      location: 'Theke',
      status: 'locked',
      customer_id: cafe,
      license_until: licenseOneYearFrom(ago(60)),
      activated_at: ago(60),
      last_seen: ago(20),
      key_hash: unusableKeyHash(),
      created_at: ago(60),
    },
    {
      uuid: 'demo-pizzeria-kassa',
      device_name: 'Kassa',
      device_type: 'screen',
      status: 'active',
      customer_id: pizza,
      license_until: day(-5),
      activated_at: ago(370),
      last_seen: ago(5),
      key_hash: unusableKeyHash(),
      created_at: ago(300),
    },
    {
      uuid: 'demo-neu-unbekannt',
      device_type: 'screen',
      status: 'pending',
      activation_code: String(100_000 + (randomBytes(3).readUIntBE(0, 3) % 900_000)),
      key_hash: unusableKeyHash(),
      created_at: ago(1),
    },
  ]);
  await db.insert(signageSchedules).values([
    {
      schedule_name: 'Mittagsmenü',
      customer_id: hirsch,
      start_time: '11:00',
      end_time: '14:00',
      days_of_week: '1,2,3,4,5',
    },
    {
      schedule_name: 'Frühstück am Wochenende',
      customer_id: cafe,
      start_time: '08:00',
      end_time: '11:30',
      days_of_week: '6,7',
    },
  ]);
}
