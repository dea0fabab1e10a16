import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { COUNTRY, insolvencyToday, type InsolvencyRow } from '@portal/shared';
import { customers, insolvencyCases, signageDevices } from '../src/db/schema/index.js';
import { eq } from 'drizzle-orm';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';

/**
 * Staff work per country (issue 28): an agent reads the customers and insolvency cases of their own
 * country only, from every customer search and list; an admin sees both countries. An agent asking
 * for the other country's customer search gets 403, as on the tasks board.
 */

const ALL_FLAGS = ['tasks', 'rksv', 'rksv_orders', 'digital_signage', 'cashbook'] as const;

for (const target of dbTargets()) {
  describe(`customers and insolvency cases per country (${target})`, () => {
    let t: TestApp;
    const token: Record<'at' | 'eg' | 'admin', string> = { at: '', eg: '', admin: '' };
    const caseOf: Record<'at' | 'eg', number> = { at: 0, eg: 0 };
    const customerOf: Record<'at' | 'eg', number> = { at: 0, eg: 0 };

    before(async () => {
      t = await createTestApp(target);
      // The same words in both countries: every search text below finds one of each.
      const [at, eg] = await t.db
        .insert(customers)
        .values([
          { kundennummer: '77001', firma: 'Grenzwirt Wien', email: 'grenz@wien.at', country_id: COUNTRY.AT, source: 'AT' },
          { kundennummer: '77002', firma: 'Grenzwirt Kairo', email: 'grenz@kairo.eg', country_id: COUNTRY.EG, source: 'EG' },
        ])
        .returning({ id: customers.id });
      customerOf.at = at!.id;
      customerOf.eg = eg!.id;
      const cases = await t.db
        .insert(insolvencyCases)
        .values([
          { customer_id: at!.id, administrator_name: 'Verwalterin Wien', start_date: insolvencyToday() },
          { customer_id: eg!.id, administrator_name: 'Verwalter Kairo', start_date: insolvencyToday() },
        ])
        .returning({ id: insolvencyCases.id });
      caseOf.at = cases[0]!.id;
      caseOf.eg = cases[1]!.id;
      await t.db.insert(signageDevices).values([
        { uuid: 'country-screen-at', key_hash: 'country-key-at', customer_id: at!.id },
        { uuid: 'country-screen-eg', key_hash: 'country-key-eg', customer_id: eg!.id },
      ]);
      for (const [who, role, country] of [
        ['at', 'agent', COUNTRY.AT],
        ['eg', 'agent', COUNTRY.EG],
        ['admin', 'admin', COUNTRY.AT],
      ] as const) {
        const u = await addUser(t.db, { role, country, flags: [...ALL_FLAGS] });
        token[who] = await login(t.app, u.email, u.password);
      }
    });
    after(() => t.close());

    const get = (url: string, who: keyof typeof token) =>
      t.app.inject({ method: 'GET', url, headers: bearer(token[who]) });

    /** The customer numbers a search or list answers (each call's own answer shape). */
    async function numbersOf(url: string, who: keyof typeof token): Promise<string[]> {
      const res = await get(url, who);
      assert.equal(res.statusCode, 200, `${who} ${url}: ${res.body}`);
      const body = res.json() as unknown;
      const rows = (Array.isArray(body) ? body : (body as { rows: unknown[] }).rows) as { kundennummer: string }[];
      return rows.map((r) => r.kundennummer).sort();
    }

    const SEARCHES = [
      '/api/insolvency-search-customers?query=Grenzwirt',
      '/api/insolvency-search-customers?query=770',
      '/api/okds-search-customers?query=Grenzwirt',
      '/api/okds-search-customers?query=770',
      '/api/okds-customers?limit=50&offset=0',
    ];

    it('every staff customer search and list answers an agent their own country only, an admin both', async () => {
      for (const url of SEARCHES) {
        assert.deepEqual(await numbersOf(url, 'at'), ['77001'], `AT agent ${url}`);
        assert.deepEqual(await numbersOf(url, 'eg'), ['77002'], `EG agent ${url}`);
        assert.deepEqual(await numbersOf(url, 'admin'), ['77001', '77002'], `admin ${url}`);
      }
      const total = async (who: keyof typeof token) =>
        ((await get('/api/okds-customers?limit=50&offset=0', who)).json() as { total: number }).total;
      assert.deepEqual([await total('at'), await total('eg'), await total('admin')], [1, 1, 2]);
    });

    it("the AT and EG customer searches: an agent searches their own country's, the other is 403; an admin either", async () => {
      for (const search of ['Grenzwirt', '770']) {
        assert.deepEqual(await numbersOf(`/api/customers?search=${search}`, 'at'), ['77001']);
        assert.deepEqual(await numbersOf(`/api/customersEG?search=${search}`, 'eg'), ['77002']);
        assert.equal((await get(`/api/customersEG?search=${search}`, 'at')).statusCode, 403);
        assert.equal((await get(`/api/customers?search=${search}`, 'eg')).statusCode, 403);
        assert.deepEqual(await numbersOf(`/api/customers?search=${search}`, 'admin'), ['77001']);
        assert.deepEqual(await numbersOf(`/api/customersEG?search=${search}`, 'admin'), ['77002']);
      }
    });

    it("staff give a device or a schedule only a customer of their own country; an admin any", async () => {
      const [screen] = await t.db
        .insert(signageDevices)
        .values({ uuid: 'country-screen-new', key_hash: 'country-key-new' })
        .returning({ id: signageDevices.id });
      const post = (url: string, who: keyof typeof token, payload: object) =>
        t.app.inject({ method: 'POST', url, headers: bearer(token[who]), payload });
      const assign = (who: keyof typeof token, customer: number) =>
        post(`/api/okds-devices/${screen!.id}/assign-customer`, who, { customer_id: customer });
      assert.equal((await assign('eg', customerOf.at)).statusCode, 404, 'EG agent, AT customer');
      assert.equal((await assign('at', customerOf.eg)).statusCode, 404, 'AT agent, EG customer');
      const [untouched] = await t.db.select().from(signageDevices).where(eq(signageDevices.id, screen!.id));
      assert.equal(untouched!.customer_id, null, 'a refused assignment changes nothing');
      assert.equal((await assign('eg', customerOf.eg)).statusCode, 200);
      assert.equal((await assign('admin', customerOf.at)).statusCode, 200);

      const schedule = (who: keyof typeof token, customer: number) =>
        post('/api/okds-schedules', who, {
          schedule_name: 'Mittagsmenü',
          customer_id: customer,
          start_time: '11:00',
          end_time: '14:00',
          days: '1,2,3,4,5',
        });
      assert.equal((await schedule('eg', customerOf.at)).statusCode, 400, 'EG agent, AT customer');
      assert.equal((await schedule('eg', customerOf.eg)).statusCode, 201);
      assert.equal((await schedule('admin', customerOf.at)).statusCode, 201);
    });

    it("insolvency cases: an agent lists their own country's; another country's case is 404 to every change", async () => {
      const ids = async (who: keyof typeof token) =>
        ((await get('/api/get-insolvencies', who)).json() as InsolvencyRow[]).map((r) => r.id).sort();
      assert.deepEqual(await ids('at'), [caseOf.at]);
      assert.deepEqual(await ids('eg'), [caseOf.eg]);
      assert.deepEqual(await ids('admin'), [caseOf.at, caseOf.eg].sort());

      const [y, m] = insolvencyToday().split('-').map(Number) as [number, number];
      for (const [who, other] of [
        ['at', 'eg'],
        ['eg', 'at'],
      ] as const) {
        const month = await t.app.inject({
          method: 'POST',
          url: `/api/set-insolvency-month/${caseOf[other]}/month`,
          payload: { year: y, month: m, invoice_number: 'RE-1' },
          headers: bearer(token[who]),
        });
        assert.equal(month.statusCode, 404, `${who} month: ${month.body}`);
        const close = await t.app.inject({
          method: 'PATCH',
          url: `/api/close-insolvency/${caseOf[other]}`,
          payload: { status: 'closed' },
          headers: bearer(token[who]),
        });
        assert.equal(close.statusCode, 404, `${who} close: ${close.body}`);
        // A case for another country's customer: the customer is unknown to the agent.
        const create = await t.app.inject({
          method: 'POST',
          url: '/api/create-insolvency',
          payload: { customer_id: customerOf[other], administrator_name: 'X', start_date: insolvencyToday() },
          headers: bearer(token[who]),
        });
        assert.equal(create.statusCode, 400, `${who} create: ${create.body}`);
        // The own country's case takes the month.
        const own = await t.app.inject({
          method: 'POST',
          url: `/api/set-insolvency-month/${caseOf[who]}/month`,
          payload: { year: y, month: m, invoice_number: `RE-${who}` },
          headers: bearer(token[who]),
        });
        assert.equal(own.statusCode, 200, `${who} own month: ${own.body}`);
      }
      // Nothing of the refused changes arrived: both cases are still active, each with its own number only.
      const rows = (await get('/api/get-insolvencies', 'admin')).json() as InsolvencyRow[];
      for (const [who, id] of Object.entries(caseOf)) {
        const row = rows.find((r) => r.id === id)!;
        assert.equal(row.status, 'active');
        assert.deepEqual(
          row.months.map((x) => x.invoice_number),
          [`RE-${who}`],
        );
      }
      // An admin changes either country's case.
      const close = await t.app.inject({
        method: 'PATCH',
        url: `/api/close-insolvency/${caseOf.eg}`,
        payload: { status: 'closed' },
        headers: bearer(token.admin),
      });
      assert.equal(close.statusCode, 200, close.body);
    });
  });
}
