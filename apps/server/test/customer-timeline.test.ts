import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { TIMELINE_KINDS, type TimelineItem } from '@portal/shared';
import { customers } from '../src/db/schema/index.js';
import { rowsOf } from '../src/platform/db-helpers.js';
import { addUser, bearer, createTestApp, dbTargets, german, login, type TestApp } from './helpers.js';

/**
 * One customer's page (issue 34): master data and a timeline of every area that touched the customer,
 * newest first, paged by cursor, filtered by kind; each staff member sees the kinds of their flags, an
 * agent the customers of their own country.
 */

/** Minutes after 1 November 2026, 09:00 UTC: every entry gets a time of its own. */
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute)).toISOString();

for (const target of dbTargets()) {
  describe(`customer timeline (${target})`, () => {
    let t: TestApp;
    let admin: string;
    let signageAgent: string;
    let egyptAgent: string;
    let customerLogin: string;
    let adminName: string;
    const ids = { a: 0, b: 0, task: 0, order: 0, caseId: 0, device: 0, entry: 0 };
    const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
    const exec = async <R>(q: ReturnType<typeof sql>) => rowsOf<R>(await t.db.execute(q));

    before(async () => {
      t = await createTestApp(target);
      const a = await addUser(t.db, {
        role: 'admin',
        name: 'Anna Admin',
        flags: ['tasks', 'rksv', 'digital_signage', 'cashbook'],
      });
      adminName = 'Anna Admin';
      admin = await login(t.app, a.email, a.password);
      const s = await addUser(t.db, { role: 'agent', flags: ['digital_signage'] });
      signageAgent = await login(t.app, s.email, s.password);
      const e = await addUser(t.db, {
        role: 'agent',
        flags: ['tasks', 'rksv', 'digital_signage', 'cashbook'],
        country: 2,
      });
      egyptAgent = await login(t.app, e.email, e.password);
      const c = await addUser(t.db, { role: 'customer' });
      customerLogin = await login(t.app, c.email, c.password);

      const [ca, cb] = await t.db
        .insert(customers)
        .values([
          { kundennummer: '71001', firma: 'Gasthaus Linde', email: 'Linde@Example.at', country_id: 1 },
          { kundennummer: '71002', firma: 'Other GmbH', email: 'other@example.at', country_id: 1 },
        ])
        .returning({ id: customers.id });
      ids.a = ca!.id;
      ids.b = cb!.id;

      // One row of every kind for customer A, one minute apart, and a few of B's that must not show.
      const task = (kn: string, minute: number, titel: string) =>
        exec<{
          id: number;
        }>(sql`insert into tasks (titel, beschreibung, frist, erstellt_am, country_id, typ, kundennummer, created_by_userid)
          values (${titel}, 'x', ${at(minute + 600)}, ${at(minute)}, 1, 1, ${kn}, ${a.id}) returning id`);
      ids.task = (await task('71001', 1, 'Kassa druckt nicht'))[0]!.id;
      const other = (await task('71002', 2, 'Fremde Aufgabe'))[0]!.id;
      await exec(
        sql`insert into task_activity (task_id, user_id, action, created_at) values (${ids.task}, ${a.id}, 'status', ${at(3)})`,
      );
      await exec(sql`insert into task_ratings (task_id, country_id, time_rating, satisfaction_rating, friendliness_rating, created_at)
        values (${ids.task}, 1, 5, 4, 5, ${at(4)})`);
      await exec(sql`insert into mail_outbox ("to", subject, text, task_id, created_at) values
        ('someone@else.at', 'Zu Ihrer Anfrage', 'x', ${ids.task}, ${at(5)}),
        ('linde@example.at', 'Ihre Bestellung', 'x', null, ${at(6)}),
        ('other@example.at', 'Fremde Mail', 'x', ${other}, ${at(6)})`);
      await exec(sql`insert into customer_documents (customer_id, datei_name, original_name, mime, size, uploaded_by, created_at)
        values (${ids.a}, 'doc-1', 'Vertrag.pdf', 'application/pdf', 10, ${a.id}, ${at(7)})`);
      ids.caseId = (
        await exec<{
          id: number;
        }>(sql`insert into insolvency_cases (customer_id, administrator_name, start_date, created_by, created_at)
          values (${ids.a}, 'Dr. Masse', '2026-10-01', ${a.id}, ${at(8)}) returning id`)
      )[0]!.id;
      await exec(
        sql`insert into insolvency_activity (case_id, user_id, action, created_at) values (${ids.caseId}, ${a.id}, 'month_paid', ${at(9)})`,
      );
      const order = (customerId: number, minute: number) =>
        exec<{
          id: number;
        }>(sql`insert into rksv_orders (companyname, customername, email, phone, address, zipcode, city, vatnr,
          tax_id_type, product_id, product_name, qty, delivery, unit_price, shipping_amount, net_amount, vat_amount,
          total_amount, provider, mode, session_id, session_url, return_ref, customer_id, saved_at, payment_status)
          values ('Gasthaus Linde', 'Linde', 'linde@example.at', '1', 'Weg 1', '1010', 'Wien', 'ATU1', 'uid', 1,
          'Signaturkarte RKSV', 1, 1, 100, 0, 100, 20, 120, 'local', 'test', ${`s-${customerId}-${minute}`}, 'u', ${`r-${customerId}-${minute}`},
          ${customerId}, ${at(minute)}, 'paid') returning id`);
      ids.order = (await order(ids.a, 10))[0]!.id;
      await order(ids.b, 10);
      await exec(
        sql`insert into rksv_order_activity (order_id, user_id, action, created_at) values (${ids.order}, ${a.id}, 'serial', ${at(11)})`,
      );
      await exec(
        sql`insert into rksv_cards (order_id, serial_number, created_at) values (${ids.order}, 'SN-71001', ${at(12)})`,
      );
      await exec(sql`insert into invoices (order_id, year, seq, number, issued_at, net_amount, vat_amount, total_amount, data, access_token)
        values (${ids.order}, 2026, 71001, '2026-71001', ${at(13)}, 100, 20, 120, '{}', 'tok-71001')`);
      ids.device = (
        await exec<{
          id: number;
        }>(sql`insert into signage_devices (uuid, device_name, key_hash, customer_id, created_at)
          values ('tl-1', 'Theke', 'tl-1', ${ids.a}, ${at(14)}) returning id`)
      )[0]!.id;
      await exec(
        sql`insert into signage_schedules (schedule_name, customer_id, created_at) values ('Mittag', ${ids.a}, ${at(15)})`,
      );
      const [category] = await exec<{
        id: number;
      }>(sql`insert into cashbook_categories (type, name, description, country_id)
        values ('income', 'Schulung', 'Schulungen', 1) returning id`);
      ids.entry = (
        await exec<{
          id: number;
        }>(sql`insert into cashbook_transactions (country_id, seq, transaction_date, recorded_at, type, amount,
          category_id, description, customer_id, user_id, hash)
          values (1, 1, ${at(16)}, ${at(16)}, 'income', 12000, ${category!.id}, 'Schulung Linde', ${ids.a}, ${a.id}, 'h') returning id`)
      )[0]!.id;
    });
    after(() => t.close());

    it('shows the master data and every kind that touched the customer, newest first, linked to its screen', async () => {
      const record = await get(`/api/customers/${ids.a}`, admin);
      assert.equal(record.statusCode, 200, record.body);
      assert.equal(record.json().firma, 'Gasthaus Linde');
      assert.deepEqual(record.json().kinds, [...TIMELINE_KINDS]);

      const res = await get(`/api/customers/${ids.a}/timeline?limit=100`, admin);
      assert.equal(res.statusCode, 200, res.body);
      const { items, nextCursor } = res.json() as { items: TimelineItem[]; nextCursor: string | null };
      assert.equal(nextCursor, null);
      assert.deepEqual(
        [...new Set(items.map((i) => i.kind))].sort(),
        [...TIMELINE_KINDS].sort(),
        'every area is on the page',
      );
      // Newest first; nothing of customer B (its task, its mail, its order).
      const times = items.map((i) => i.at);
      assert.deepEqual(times, [...times].sort().reverse());
      assert.ok(!items.some((i) => /Fremde/.test(i.title)), JSON.stringify(items));
      assert.equal(items.filter((i) => i.kind === 'rksv_order').length, 1);
      // Both of A's mails: the one of its task and the one to its address (any case).
      assert.deepEqual(
        items
          .filter((i) => i.kind === 'mail')
          .map((i) => i.title)
          .sort(),
        ['Ihre Bestellung', 'Zu Ihrer Anfrage'],
      );

      const byKind = (k: string) => items.find((i) => i.kind === k)!;
      assert.deepEqual(byKind('task'), {
        kind: 'task',
        id: ids.task,
        at: at(1).replace('Z', '000Z').replace('.000000Z', '.000000Z'),
        title: 'Kassa druckt nicht',
        action: 'offen',
        link: `/agent-dashboard/tasks/${ids.task}`,
        actor: adminName,
      });
      assert.equal(byKind('task_activity').action, 'status');
      assert.equal(byKind('rating').action, '4.7');
      assert.equal(byKind('insolvency_activity').link, `/agent-dashboard/insolvency?case=${ids.caseId}`);
      assert.equal(byKind('rksv_activity').link, `/agent-dashboard/rksvorders?order=${ids.order}`);
      assert.equal(byKind('rksv_card').title, 'SN-71001');
      assert.equal(byKind('invoice').title, '2026-71001');
      assert.equal(byKind('invoice').link, `/agent-dashboard/rksvorders?order=${ids.order}`);
      assert.equal(byKind('signage_device').link, `/agent-dashboard/ds/devices?device=${ids.device}`);
      assert.equal(byKind('cashbook').link, `/agent-dashboard/cashbook/transactions?entry=${ids.entry}`);
      assert.equal(byKind('cashbook').actor, adminName);
    });

    it('pages by cursor without gaps or repeats, also for entries of the same instant', async () => {
      // Three more tasks at the very same microsecond as the cashbook entry: the tie is broken by kind and id.
      for (const titel of ['Gleichzeitig 1', 'Gleichzeitig 2', 'Gleichzeitig 3'])
        await exec(sql`insert into tasks (titel, beschreibung, frist, erstellt_am, country_id, typ, kundennummer)
          values (${titel}, 'x', ${at(900)}, ${at(16)}, 1, 1, '71001')`);
      const all = (await get(`/api/customers/${ids.a}/timeline?limit=100`, admin)).json().items as TimelineItem[];
      const seen: TimelineItem[] = [];
      let cursor: string | null = null;
      do {
        const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const page = await get(`/api/customers/${ids.a}/timeline?limit=2${q}`, admin);
        assert.equal(page.statusCode, 200, page.body);
        seen.push(...page.json().items);
        cursor = page.json().nextCursor;
      } while (cursor);
      assert.deepEqual(
        seen.map((i) => `${i.kind}:${i.id}`),
        all.map((i) => `${i.kind}:${i.id}`),
      );
      assert.equal(new Set(seen.map((i) => `${i.kind}:${i.id}`)).size, seen.length);
    });

    it('narrows to the kinds asked for, among those of the caller', async () => {
      const res = await get(`/api/customers/${ids.a}/timeline?kinds=task,cashbook`, admin);
      assert.deepEqual([...new Set((res.json().items as TimelineItem[]).map((i) => i.kind))].sort(), [
        'cashbook',
        'task',
      ]);
      // A signage agent sees the signage kinds only, whatever is asked.
      const record = (await get(`/api/customers/${ids.a}`, signageAgent)).json();
      assert.deepEqual(record.kinds, ['signage_device', 'signage_schedule']);
      const own = (await get(`/api/customers/${ids.a}/timeline?kinds=task,signage_device`, signageAgent)).json();
      assert.deepEqual(
        own.items.map((i: TimelineItem) => i.kind),
        ['signage_device'],
      );
      const none = (await get(`/api/customers/${ids.a}/timeline?kinds=cashbook`, signageAgent)).json();
      assert.deepEqual(none, { items: [], nextCursor: null });
    });

    it('is refused outside the register: another country 404, a customer 403, bad input 400 at its field', async () => {
      for (const url of [`/api/customers/${ids.a}`, `/api/customers/${ids.a}/timeline`]) {
        const eg = await get(url, egyptAgent);
        assert.equal(eg.statusCode, 404);
        assert.equal(eg.json().message, german('common.customerNotFound'));
        assert.equal((await get(url, customerLogin)).statusCode, 403);
        assert.equal((await t.app.inject({ method: 'GET', url })).statusCode, 401);
      }
      assert.equal((await get('/api/customers/999999/timeline', admin)).statusCode, 404);
      const badCursor = await get(`/api/customers/${ids.a}/timeline?cursor=2026-11-01~task~1`, admin);
      assert.equal(badCursor.statusCode, 400);
      assert.equal(badCursor.json().errors[0].field, 'cursor');
      const badKind = await get(`/api/customers/${ids.a}/timeline?kinds=task,passwords`, admin);
      assert.equal(badKind.statusCode, 400);
      assert.equal(badKind.json().errors[0].field, 'kinds');
    });
  });
}
