import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { COMMON_MSG, insolvencyToday, INSOLVENCY_MSG, type InsolvencyRow } from '@portal/shared';
import { customers, insolvencyActivity } from '../src/db/schema/index.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { fields, postMultipart } from './tasks-fixtures.js';

/** Insolvency cases (issue 19): every call and rule, on both databases. */

/** yyyy-MM-dd of the first day of the month `back` months before the current one (Vienna). */
function monthStart(back: number): { day: string; year: number; month: number } {
  const [y, m] = insolvencyToday().split('-').map(Number) as [number, number];
  const i = y * 12 + (m - 1) - back;
  const year = Math.floor(i / 12);
  const month = (i % 12) + 1;
  return { day: `${year}-${String(month).padStart(2, '0')}-01`, year, month };
}

for (const target of dbTargets()) {
  describe(`insolvency (${target})`, () => {
    let t: TestApp;
    let staffToken: string;
    let customerToken: string;
    let noTasksToken: string;
    const ids: number[] = [];

    before(async () => {
      t = await createTestApp(target);
      const rows = await t.db
        .insert(customers)
        .values([
          {
            kundennummer: '81001',
            firma: 'Gasthaus Pleite',
            kontaktperson: 'Paul Pleite',
            email: 'paul@pleite.at',
            country_id: 1,
            source: 'AT',
          },
          { kundennummer: '81002', firma: 'Café Konkurs', country_id: 1, source: 'AT', stripe_cu_id: 'cus_konkurs' },
          ...Array.from({ length: 25 }, (_, i) => ({
            kundennummer: String(82000 + i),
            firma: `Wirtshaus Nummer ${i}`,
            country_id: 1,
            source: 'AT',
          })),
        ])
        .returning({ id: customers.id });
      ids.push(...rows.map((r) => r.id));
      // The screen lies in the sidebar's tasks group: the calls are for staff with the tasks flag (issue 28).
      const agent = await addUser(t.db, { role: 'agent', flags: ['tasks'] });
      staffToken = await login(t.app, agent.email, agent.password);
      const other = await addUser(t.db, {
        role: 'agent',
        flags: ['rksv', 'rksv_orders', 'cashbook', 'digital_signage'],
      });
      noTasksToken = await login(t.app, other.email, other.password);
      const cust = await addUser(t.db, { role: 'customer' });
      customerToken = await login(t.app, cust.email, cust.password);
    });
    after(() => t.close());

    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token = staffToken) =>
      t.app.inject({ method, url, payload, headers: bearer(token) });
    const list = async () => (await call('GET', '/api/get-insolvencies')).json() as InsolvencyRow[];

    it('refuses staff without the tasks flag, as the sidebar and route guard do (app/agent/nav.ts)', async () => {
      for (const [method, url] of [
        ['GET', '/api/get-insolvencies'],
        ['GET', '/api/insolvency-search-customers?query=Gast'],
        ['POST', '/api/create-insolvency'],
        ['POST', '/api/set-insolvency-month/1/month'],
        ['PATCH', '/api/close-insolvency/1'],
      ] as const) {
        assert.equal((await call(method, url, {}, noTasksToken)).statusCode, 403, url);
      }
    });

    it('refuses customers and anonymous callers', async () => {
      for (const [method, url] of [
        ['GET', '/api/get-insolvencies'],
        ['GET', '/api/insolvency-search-customers?query=Gast'],
        ['POST', '/api/create-insolvency'],
        ['POST', '/api/set-insolvency-month/1/month'],
        ['PATCH', '/api/close-insolvency/1'],
      ] as const) {
        assert.equal((await call(method, url, {}, customerToken)).statusCode, 403, url);
        assert.equal((await t.app.inject({ method, url, payload: {} })).statusCode, 401, url);
      }
    });

    it('customer search: at least 2 characters, at most 20 rows, number prefix and text', async () => {
      const short = await call('GET', '/api/insolvency-search-customers?query=G');
      assert.equal(short.statusCode, 400);
      assert.equal(short.json().message, INSOLVENCY_MSG.searchTooShort.de);
      assert.equal((await call('GET', '/api/insolvency-search-customers')).statusCode, 400);
      const many = (await call('GET', '/api/insolvency-search-customers?query=wirtshaus')).json() as unknown[];
      assert.equal(many.length, 20);
      const byNumber = (await call('GET', '/api/insolvency-search-customers?query=8100')).json();
      assert.deepEqual(
        byNumber.map((h: { kundennummer: string }) => h.kundennummer),
        ['81001', '81002'],
      );
      assert.deepEqual(byNumber[0], {
        id: ids[0],
        name: 'Paul Pleite',
        email: 'paul@pleite.at',
        stripe_cu_id: null,
        kundennummer: '81001',
        firma: 'Gasthaus Pleite',
      });
      const konkurs = (await call('GET', '/api/insolvency-search-customers?query=konk')).json();
      assert.deepEqual(konkurs, [
        {
          id: ids[1],
          name: 'Café Konkurs',
          email: null,
          stripe_cu_id: 'cus_konkurs',
          kundennummer: '81002',
          firma: 'Café Konkurs',
        },
      ]);
      assert.deepEqual((await call('GET', '/api/insolvency-search-customers?query=%25%25')).json(), []);
    });

    it('create: customer, administrator name and start date required, e-mail and phone checked when given', async () => {
      const start = monthStart(2).day;
      const cases: [object, string][] = [
        [{ administrator_name: 'Dr. Verwalter', start_date: start }, INSOLVENCY_MSG.customerRequired.de],
        [
          { customer_id: null, administrator_name: 'Dr. Verwalter', start_date: start },
          INSOLVENCY_MSG.customerRequired.de,
        ],
        [
          { customer_id: 99999999, administrator_name: 'Dr. Verwalter', start_date: start },
          INSOLVENCY_MSG.customerRequired.de,
        ],
        [{ customer_id: ids[0], administrator_name: '  ', start_date: start }, INSOLVENCY_MSG.administratorRequired.de],
        [{ customer_id: ids[0], administrator_name: 'Dr. Verwalter' }, INSOLVENCY_MSG.startDateRequired.de],
        [
          { customer_id: ids[0], administrator_name: 'Dr. Verwalter', start_date: '2025-02-30' },
          COMMON_MSG.invalidDate.de,
        ],
        [
          { customer_id: ids[0], administrator_name: 'Dr. Verwalter', start_date: start, administrator_email: 'kein' },
          COMMON_MSG.emailFormat.de,
        ],
        [
          { customer_id: ids[0], administrator_name: 'Dr. Verwalter', start_date: start, administrator_phone: 'abc' },
          INSOLVENCY_MSG.phoneFormat.de,
        ],
        [
          { customer_id: ids[0], administrator_name: 'Dr. Verwalter', start_date: '2999-01-01' },
          INSOLVENCY_MSG.startDateFuture.de,
        ],
      ];
      for (const [body, message] of cases) {
        const res = await call('POST', '/api/create-insolvency', body);
        assert.equal(res.statusCode, 400, JSON.stringify(body));
        assert.equal(res.json().message, message, JSON.stringify(body));
      }
      assert.deepEqual(await list(), []);
    });

    let caseId = 0;
    it('create: 201 with the id; a second active case of the customer is 409; the list shows it', async () => {
      const start = monthStart(2);
      const res = await call('POST', '/api/create-insolvency', {
        customer_id: ids[0],
        administrator_name: 'Dr. Vera Verwalterin',
        administrator_email: 'Vera@Kanzlei.at',
        administrator_phone: '+43 1 555 66 77',
        start_date: start.day,
      });
      assert.equal(res.statusCode, 201, res.body);
      caseId = res.json().id;
      assert.ok(caseId > 0);
      const again = await call('POST', '/api/create-insolvency', {
        customer_id: String(ids[0]),
        administrator_name: 'X',
        start_date: start.day,
      });
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().message, INSOLVENCY_MSG.activeExists.de);
      const other = await call('POST', '/api/create-insolvency', {
        customer_id: ids[1],
        administrator_name: 'Mag. Masse',
        start_date: insolvencyToday(),
      });
      assert.equal(other.statusCode, 201);
      const rows = await list();
      assert.deepEqual(
        rows.map((r) => r.id),
        [other.json().id, caseId],
      );
      assert.deepEqual(rows[1], {
        id: caseId,
        customer_id: ids[0],
        company_name: 'Gasthaus Pleite',
        kundennummer: '81001',
        administrator_name: 'Dr. Vera Verwalterin',
        administrator_email: 'vera@kanzlei.at',
        administrator_phone: '+43 1 555 66 77',
        start_date: start.day,
        end_date: null,
        status: 'active',
        months: [],
      });
      const only = (await call('GET', '/api/get-insolvencies?limit=1&offset=1')).json() as InsolvencyRow[];
      assert.deepEqual(
        only.map((r) => r.id),
        [caseId],
      );
    });

    it("months: from the start month to the current month; a month's number is stored and replaced", async () => {
      const start = monthStart(2);
      const before = monthStart(3);
      const url = `/api/set-insolvency-month/${caseId}/month`;
      const out = await call('POST', url, { month: before.month, year: before.year, invoice_number: 'RE-1' });
      assert.equal(out.statusCode, 400);
      assert.equal(out.json().message, INSOLVENCY_MSG.monthOutOfRange.de);
      const next = monthStart(-1);
      assert.equal(
        (await call('POST', url, { month: next.month, year: next.year, invoice_number: 'RE-1' })).statusCode,
        400,
      );
      assert.equal(
        (await call('POST', url, { month: 13, year: start.year, invoice_number: 'RE-1' })).json().message,
        INSOLVENCY_MSG.invalidMonth.de,
      );
      assert.equal(
        (await call('POST', url, { month: start.month, year: start.year, invoice_number: ' ' })).json().message,
        INSOLVENCY_MSG.invoiceNumberRequired.de,
      );
      assert.equal(
        (
          await call('POST', '/api/set-insolvency-month/999999/month', {
            month: start.month,
            year: start.year,
            invoice_number: 'RE-1',
          })
        ).statusCode,
        404,
      );
      const now = monthStart(0);
      for (const [m, nr] of [
        [start, 'RE-2026-001'],
        [now, 'RE-2026-009'],
        [start, 'RE-2026-001a'],
      ] as const) {
        const res = await call('POST', url, { month: m.month, year: m.year, invoice_number: nr });
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(res.json().message, INSOLVENCY_MSG.monthSaved.de);
      }
      const row = (await list()).find((r) => r.id === caseId)!;
      assert.deepEqual(row.months, [
        { month: start.month, year: start.year, invoice_number: 'RE-2026-001a' },
        { month: now.month, year: now.year, invoice_number: 'RE-2026-009' },
      ]);
    });

    it("the task modal's detail says whether the task's customer has an active case", async () => {
      const admin = await addUser(t.db, { role: 'admin', flags: ['tasks'] });
      const token = await login(t.app, admin.email, admin.password);
      const insolvent = async (kundennummer: string) => {
        const res = await postMultipart(t.app, '/api/create-task', token, [
          ...fields({
            titel: 'Kasse prüfen',
            beschreibung: 'Die Kasse soll geprüft werden.',
            frist: new Date(Date.now() + 86400_000).toISOString(),
            typ: 1,
            userID: admin.id,
            kundennummer,
            createdByUserID: admin.id,
          }),
        ]);
        assert.equal(res.statusCode, 200, res.body);
        const detail = await call(
          'GET',
          `/api/task-detail-agent/${res.json().aufgabeID}/${admin.id}`,
          undefined,
          token,
        );
        return detail.json().taskDetails as { insolvent: boolean; customer_id: number | null };
      };
      const konkurs = await insolvent('81002');
      assert.equal(konkurs.insolvent, true);
      // The customer record of the number, for the Kundenakte link.
      const recordOf = async (kn: string) =>
        (await t.db.select({ id: customers.id }).from(customers).where(eq(customers.kundennummer, kn)))[0]!.id;
      assert.equal(konkurs.customer_id, await recordOf('81002'));
      const solvent = await insolvent('82001');
      assert.equal(solvent.insolvent, false);
      assert.equal(solvent.customer_id, await recordOf('82001'));
    });

    it("close: 'Beenden' ends today and can still be closed for good; a permanently closed case takes no change", async () => {
      const url = `/api/close-insolvency/${caseId}`;
      assert.equal((await call('PATCH', url, { status: 'active' })).json().message, INSOLVENCY_MSG.invalidStatus.de);
      const closed = await call('PATCH', url, { status: 'closed' });
      assert.equal(closed.statusCode, 200, closed.body);
      assert.deepEqual(closed.json(), {
        message: INSOLVENCY_MSG.closed.de,
        code: INSOLVENCY_MSG.closed.code,
        status: 'closed',
        end_date: insolvencyToday(),
      });
      assert.equal((await call('PATCH', url, { status: 'closed' })).statusCode, 409);
      // an ended case still takes the numbers of its months
      const start = monthStart(2);
      const month = `/api/set-insolvency-month/${caseId}/month`;
      assert.equal(
        (await call('POST', month, { month: start.month, year: start.year, invoice_number: 'RE-X' })).statusCode,
        200,
      );
      // and the customer may get a new case
      assert.equal(
        (
          await call('POST', '/api/create-insolvency', {
            customer_id: ids[0],
            administrator_name: 'Neu',
            start_date: insolvencyToday(),
          })
        ).statusCode,
        201,
      );
      const perm = await call('PATCH', url, { status: 'permanently_closed' });
      assert.equal(perm.statusCode, 200);
      assert.equal(perm.json().message, INSOLVENCY_MSG.closedPermanently.de);
      for (const res of [
        await call('PATCH', url, { status: 'permanently_closed' }),
        await call('PATCH', url, { status: 'closed' }),
        await call('POST', month, { month: start.month, year: start.year, invoice_number: 'RE-Y' }),
      ]) {
        assert.equal(res.statusCode, 409);
        assert.equal(res.json().message, INSOLVENCY_MSG.permanentlyClosed.de);
      }
      assert.equal((await call('PATCH', '/api/close-insolvency/999999', { status: 'closed' })).statusCode, 404);
      const row = (await list()).find((r) => r.id === caseId)!;
      assert.equal(row.status, 'permanently_closed');
      assert.equal(row.end_date, insolvencyToday());
      // an active case goes straight to permanently closed too
      const direct = (await list()).find((r) => r.customer_id === ids[1])!;
      assert.equal(
        (await call('PATCH', `/api/close-insolvency/${direct.id}`, { status: 'permanently_closed' })).statusCode,
        200,
      );
      assert.equal((await call('GET', '/api/get-insolvencies?status=permanently_closed')).json().length, 2);
    });

    it('every change wrote an activity row with who and what', async () => {
      const rows = await t.db.select().from(insolvencyActivity).where(eq(insolvencyActivity.case_id, caseId));
      assert.deepEqual(
        rows.map((r) => r.action),
        ['created', 'month_set', 'month_set', 'month_set', 'closed', 'month_set', 'permanently_closed'],
      );
      assert.ok(rows.every((r) => r.user_id !== null));
      assert.deepEqual(rows[3]!.details.previous, 'RE-2026-001');
    });
  });
}
