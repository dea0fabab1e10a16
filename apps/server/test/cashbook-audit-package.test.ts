import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { CASHBOOK_MSG, cashbookAddMonths, cashbookMonthOf } from '@portal/shared';
import { createTestApp, dbTargets, german, type TestApp } from './helpers.js';
import { cashbookApi, cashbookUser, pastDate, type CashbookUser } from './cashbook-fixtures.js';

/*
 * Issue 34, the auditor's package: one ZIP of a period with the entries as CSV, the monthly reports,
 * the chain's verification per month, the closings with their seal check and a checksum list; each
 * closing sealed with the chain's last entry and its own figures, so a later change shows.
 */

const month = (monthsBack: number) => cashbookAddMonths(cashbookMonthOf(new Date()), -monthsBack);
const PACKAGE = '/api/cashbook/audit-package';

for (const target of dbTargets()) {
  describe(`cashbook auditor's package (${target})`, () => {
    let t: TestApp;
    let api: ReturnType<typeof cashbookApi>;
    let agent: CashbookUser, admin: CashbookUser, noFlag: CashbookUser;
    const start = `${month(3)}-01`;
    const end = `${month(1)}-28`;

    const fetchPackage = async (q = `?start_date=${start}&end_date=${end}`) => {
      const res = await api.get(agent, `${PACKAGE}${q}`);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['content-type'], 'application/zip');
      return unzipSync(new Uint8Array(res.rawPayload));
    };
    const text = (files: Record<string, Uint8Array>, name: string) => strFromU8(files[name]!).replace(/^\ufeff/, '');

    before(async () => {
      t = await createTestApp(target);
      api = cashbookApi(t.app);
      agent = await cashbookUser(t.app, t.db, { name: 'Anna Agentin' });
      noFlag = await cashbookUser(t.app, t.db, { flags: ['tasks'] });
      // Only an admin books on an earlier day.
      admin = await cashbookUser(t.app, t.db, { role: 'admin', name: 'Adele Admin' });
      assert.equal((await api.put(agent, '/api/cashbook/settings', { starting_balance: 50_000 })).statusCode, 200);
      const cat = (
        await api.post(agent, '/api/cashbook/categories', { name: 'Verkauf', description: 'x', type: 'income' })
      ).json().id as number;
      for (const [back, day, amount] of [
        [3, 5, 10_000],
        [3, 20, 2_500],
        [2, 10, 700],
        [1, 3, 1_234],
      ] as const) {
        const res = await api.post(admin, '/api/cashbook/transactions', {
          amount,
          type: 'income',
          category_id: cat,
          description: `Verkauf ${back}-${day}`,
          invoice_number: `RE-${back}-${day}`,
          transaction_date: pastDate(back, day).toISOString(),
        });
        assert.equal(res.statusCode, 201, res.body);
      }
      // Close the two older months against the counted cash.
      for (const m of [month(3), month(2)]) {
        const previewRes = await api.get(agent, '/api/cashbook/monthly-closings/preview');
        assert.equal(previewRes.statusCode, 200, `${m}: ${previewRes.body}`);
        const preview = previewRes.json();
        assert.equal(preview.month, m);
        const res = await api.post(agent, '/api/cashbook/monthly-closings', {
          month: `${m}-01`,
          physical_balance: preview.closing_balance,
        });
        assert.equal(res.statusCode, 201, res.body);
      }
    });
    after(() => t.close());

    it('holds the CSV, a report per month, the verification, the closings and checksums that match', async () => {
      const files = await fetchPackage();
      assert.deepEqual(
        Object.keys(files).sort(),
        [
          'abschluesse.csv',
          `berichte/kassenbericht_${month(1)}.pdf`,
          `berichte/kassenbericht_${month(2)}.pdf`,
          `berichte/kassenbericht_${month(3)}.pdf`,
          `kassenbuch_${start}_${end}.csv`,
          'pruefbericht.txt',
          'pruefsummen.sha256',
        ].sort(),
      );
      // Every file's checksum, as `sha256sum -c` reads the list; nothing listed that is not there.
      const sums = text(files, 'pruefsummen.sha256').trim().split('\n');
      assert.equal(sums.length, Object.keys(files).length - 1);
      for (const line of sums) {
        const [hash, name] = line.split('  ') as [string, string];
        assert.equal(createHash('sha256').update(files[name]!).digest('hex'), hash, name);
      }
      for (const [name, data] of Object.entries(files))
        if (name.endsWith('.pdf')) assert.equal(strFromU8(data.subarray(0, 5)), '%PDF-', name);
      // The CSV: the four entries of the period, in chain order.
      const csv = text(files, `kassenbuch_${start}_${end}.csv`).trim().split('\r\n');
      assert.equal(csv.length, 1 + 4);
      // The verification: chain unchanged, each month's first and last entry with the hash stored.
      const report = text(files, 'pruefbericht.txt');
      assert.match(report, /Hash-Kette \(alle 4 Buchungen\): unverändert/);
      assert.match(report, /davon verändert: keiner/);
      const hashes = (await t.db.execute(sql`select seq, hash from cashbook_transactions order by seq`)) as unknown as {
        rows: { seq: number; hash: string }[];
      };
      const h = (seq: number) => hashes.rows.find((r) => r.seq === seq)!.hash;
      assert.ok(report.includes(`${month(3)};2;1;${h(1)};2;${h(2)};stimmt`), report);
      assert.ok(report.includes(`${month(2)};1;3;${h(3)};3;${h(3)};stimmt`), report);
      assert.ok(report.includes(`${month(1)};1;4;${h(4)};4;${h(4)};nicht abgeschlossen`), report);
      const closings = text(files, 'abschluesse.csv').trim().split('\r\n');
      assert.equal(closings.length, 1 + 2);
      assert.match(closings[1]!, new RegExp(`^${month(3)};.*;stimmt$`));
    });

    it('shows a closing changed afterwards, and an entry changed with every hash recomputed', async () => {
      // A closing's figure edited in the database: its seal no longer matches.
      await t.db.execute(
        sql`update cashbook_closings set physical_balance = physical_balance + 100 where month = ${`${month(3)}-01`}::date`,
      );
      let report = text(await fetchPackage(), 'pruefbericht.txt');
      assert.match(report, new RegExp(`davon verändert: ${month(3)}`));
      await t.db.execute(
        sql`update cashbook_closings set physical_balance = physical_balance - 100 where month = ${`${month(3)}-01`}::date`,
      );
      assert.match(text(await fetchPackage(), 'pruefbericht.txt'), /davon verändert: keiner/);

      // The first entry's amount changed and the whole chain rehashed (as someone covering it up would):
      // the chain verifies, but the sealed entries' hashes are not those of the closings.
      const { entryHash, GENESIS } = await import('../src/modules/cashbook/chain.js');
      const rows = (
        (await t.db.execute(sql`select * from cashbook_transactions order by seq`)) as unknown as {
          rows: Parameters<typeof entryHash>[0][];
        }
      ).rows;
      let prev = GENESIS;
      for (const r of rows) {
        const amount = r.seq === 1 ? r.amount + 1 : r.amount;
        const dates = { transaction_date: new Date(r.transaction_date), recorded_at: new Date(r.recorded_at) };
        const hash = entryHash({ ...r, ...dates, amount }, prev);
        await t.db.execute(
          sql`update cashbook_transactions set amount = ${amount}, hash = ${hash} where seq = ${r.seq}`,
        );
        prev = hash;
      }
      report = text(await fetchPackage(), 'pruefbericht.txt');
      assert.match(report, /Hash-Kette \(alle 4 Buchungen\): unverändert/);
      assert.match(report, new RegExp(`davon verändert: ${month(3)}, ${month(2)}`));
    });

    it('is for the cashbook staff, a period of at most 36 months', async () => {
      assert.equal((await api.get(noFlag, `${PACKAGE}?start_date=${start}&end_date=${end}`)).statusCode, 403);
      const long = await api.get(agent, `${PACKAGE}?start_date=2020-01-01&end_date=2023-01-31`);
      assert.equal(long.statusCode, 400);
      assert.equal(long.json().errors[0].field, 'end_date');
      assert.equal(long.json().errors[0].message, german(CASHBOOK_MSG.auditPeriodTooLong.code));
      assert.equal((await api.get(agent, `${PACKAGE}?start_date=2020-01-01&end_date=2022-12-31`)).statusCode, 200);
    });
  });
}
