import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { SYNC_MSG, type SyncRun } from '@portal/shared';
import { customers, syncRuns } from '../src/db/schema/index.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { startStripeCustomersFake, type FakeCustomer, type StripeCustomersFake } from './sync-stripe-fake.js';

/**
 * Customer synchronisation (issue 19): the AT source is a file without an ending whose content the
 * tests swap (CSV with semicolons or commas, JSON), the EG source is Stripe (a local fake of the
 * customer list). Each run is started over HTTP and awaited by polling the run.
 */

const HEADER = 'kundennummer;firma;kontaktperson;email;telefon;adresse;plz;ort;uid';
const BOM = '\uFEFF';

function csv(rows: string[], header = HEADER): string {
  return `${BOM}${header}\r\n${rows.join('\r\n')}\r\n`;
}

const GOOD_AT = [
  '50001;Gasthaus Adler;Anna Adler;anna@adler.at;+43 1 234567;Hauptstraße 1;1010;Wien;ATU 1234 5678',
  '50002;"Café ""Zentral""; Wien";Karl Kaffee;;+43 660 1234567;Ring 2;1010;Wien;',
  '50003;Pizzeria Roma;;;;;5020;Salzburg;',
  '50004;Heuriger Maier;Maria Maier;maria@maier.at;;Kellergasse 4;2120;Wolkersdorf;',
  '50005;Bistro Linz;Lena Linz;lena@bistro-linz.at;;Landstraße 5;4020;Linz;ATU87654321',
];

for (const target of dbTargets()) {
  describe(`customer sync (${target})`, () => {
    let t: TestApp;
    let admin: string;
    let dir: string;
    let atFile: string;
    let stripe: StripeCustomersFake;

    before(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-src-'));
      atFile = path.join(dir, 'customers-at');
      stripe = await startStripeCustomersFake();
      t = await createTestApp(target, {
        CUSTOMER_SOURCE_AT: `file:${atFile}`,
        CUSTOMER_SOURCE_EG: 'stripe',
        STRIPE_SECRET_KEY_EG: 'sk_test_eg',
        STRIPE_API_BASE: stripe.url,
      });
      const a = await addUser(t.db, { role: 'admin', flags: ['tasks'] });
      admin = await login(t.app, a.email, a.password);
    });
    after(async () => {
      await t.close();
      await stripe.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    const start = (country: 'at' | 'eg', token = admin) =>
      t.app.inject({ method: 'POST', url: `/sync/start-sync-${country}`, headers: bearer(token) });

    async function waitFor(runId: number): Promise<SyncRun> {
      for (let i = 0; i < 400; i++) {
        const res = await t.app.inject({ method: 'GET', url: `/sync/runs/${runId}`, headers: bearer(admin) });
        assert.equal(res.statusCode, 200, res.body);
        const run = res.json() as SyncRun;
        if (run.status !== 'running') return run;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`run ${runId} did not end`);
    }

    async function sync(country: 'at' | 'eg'): Promise<SyncRun> {
      const res = await start(country);
      assert.equal(res.statusCode, 202, res.body);
      const body = res.json() as { message: string; runId: number };
      assert.equal(body.message, SYNC_MSG.started.de);
      return waitFor(body.runId);
    }

    const customer = async (kundennummer: string) =>
      (await t.db.select().from(customers).where(eq(customers.kundennummer, kundennummer)))[0];

    /** Every stored customer's values, to compare before and after a failed run. */
    const snapshot = async () =>
      (await t.db.execute(
        sql`select id, kundennummer, firma, email, active, updated_at::text from customers order by id`,
      )) as unknown as {
        rows: unknown[];
      };

    it('only staff with the tasks flag may start or read runs', async () => {
      const u = await addUser(t.db, { role: 'agent', flags: ['rksv'] });
      const token = await login(t.app, u.email, u.password);
      assert.equal((await start('at', token)).statusCode, 403);
      const runs = await t.app.inject({ method: 'GET', url: '/sync/runs?country=AT', headers: bearer(token) });
      assert.equal(runs.statusCode, 403);
      assert.equal((await t.app.inject({ method: 'POST', url: '/sync/start-sync-at' })).statusCode, 401);
    });

    it('CSV with semicolons and a BOM: good rows are stored, bad rows counted with their line', async () => {
      fs.writeFileSync(
        atFile,
        csv([
          ...GOOD_AT.slice(0, 2),
          '50006;;Ohne Firma;;;;;;', // line 4: no company
          ...GOOD_AT.slice(2),
          '5000X;Falsche Nummer;;;;;;;', // line 8
          '50007;Schlechte Mail;;keine-mail;;;;;', // line 9
        ]),
      );
      const run = await sync('at');
      assert.equal(run.status, 'succeeded', run.message ?? '');
      assert.deepEqual(
        { total: run.total, created: run.created, updated: run.updated, unchanged: run.unchanged, failed: run.failed },
        { total: 8, created: 5, updated: 0, unchanged: 0, failed: 3 },
      );
      assert.deepEqual(run.errors, [
        { line: 4, message: SYNC_MSG.rowFirmaMissing.de, code: SYNC_MSG.rowFirmaMissing.code },
        { line: 8, message: 'Kundennummer darf nur Zahlen enthalten', code: 'common.customerNumberDigits' },
        { line: 9, message: 'Ungültige E-Mail-Adresse', code: 'common.emailFormat' },
      ]);
      assert.equal(run.message, '5 neu, 0 geändert, 0 unverändert, 3 fehlerhaft, 0 deaktiviert');
      const zentral = await customer('50002');
      assert.equal(zentral?.firma, 'Café "Zentral"; Wien');
      assert.equal(zentral?.source, 'AT');
      assert.equal(zentral?.email, null);
      assert.equal((await customer('50001'))?.uid, 'ATU12345678');
    });

    it('a second run of the same source changes nothing', async () => {
      const before = await snapshot();
      const run = await sync('at');
      assert.equal(run.status, 'succeeded');
      assert.deepEqual([run.created, run.updated, run.unchanged, run.deactivated, run.failed], [0, 0, 5, 0, 3]);
      assert.deepEqual((await snapshot()).rows, before.rows);
    });

    it('comma CSV: a changed row is updated, a removed one deactivated (never deleted), a returning one reactivated', async () => {
      const comma = (rows: string[]) =>
        csv(
          rows.map((r) => r.replaceAll(';', ',').replace('Café ""Zentral"", Wien', 'Café Zentral')),
          HEADER.replaceAll(';', ','),
        );
      const changed = GOOD_AT.map((r) =>
        r.startsWith('50003') ? r.replace('Pizzeria Roma', 'Pizzeria Roma Nuova') : r,
      );
      fs.writeFileSync(atFile, comma(changed.filter((r) => !r.startsWith('50005'))));
      const run = await sync('at');
      assert.equal(run.status, 'succeeded', run.message ?? '');
      // 50002 changed too: the comma file names it "Café Zentral"
      assert.deepEqual([run.created, run.updated, run.unchanged, run.deactivated, run.failed], [0, 2, 2, 1, 0]);
      assert.equal((await customer('50003'))?.firma, 'Pizzeria Roma Nuova');
      assert.equal((await customer('50005'))?.active, false);
      fs.writeFileSync(atFile, comma(changed));
      const back = await sync('at');
      assert.deepEqual([back.created, back.updated, back.unchanged, back.deactivated], [0, 1, 4, 0]);
      assert.equal((await customer('50005'))?.active, true);
    });

    it('JSON array: good and bad elements, numbers as numbers; customers no source listed stay untouched', async () => {
      await t.db.insert(customers).values({ kundennummer: '59999', firma: 'Von Hand', country_id: 1, source: 'AT' });
      fs.writeFileSync(
        atFile,
        JSON.stringify([
          { kundennummer: 50001, firma: 'Gasthaus Adler', email: 'anna@adler.at', plz: 1010, ort: 'Wien' },
          { kundennummer: '50008', firma: 'Neu aus JSON', kontaktperson: null },
          'kein Objekt',
          { kundennummer: '50009' },
          { kundennummer: '50008', firma: 'Doppelt' },
        ]),
      );
      const run = await sync('at');
      assert.equal(run.status, 'succeeded', run.message ?? '');
      assert.deepEqual([run.total, run.created, run.updated, run.failed], [5, 1, 1, 3]);
      assert.deepEqual(run.errors, [
        { line: 3, message: SYNC_MSG.rowNotObject.de, code: SYNC_MSG.rowNotObject.code },
        { line: 4, message: SYNC_MSG.rowFirmaMissing.de, code: SYNC_MSG.rowFirmaMissing.code },
        { line: 5, message: SYNC_MSG.rowDuplicate.de, code: SYNC_MSG.rowDuplicate.code },
      ]);
      // 50002–50005 are gone from the source; the record entered by hand was never the source's
      assert.equal(run.deactivated, 4);
      assert.equal((await customer('59999'))?.active, true);
      assert.equal((await customer('50001'))?.plz, '1010');
    });

    it('a bad source fails with its cause and touches no customer', async () => {
      const cases: [string | null, string][] = [
        [null, SYNC_MSG.sourceFileMissing.de],
        [csv(['60001;Firma;;;;;;;'], 'kundennummer;name;ort'), `${SYNC_MSG.sourceBadHeader.de} (firma)`],
        ['[{"kundennummer": "60001", "firma": "Halb"}, {"kundennummer": ', SYNC_MSG.sourceBadJson.de],
        ['{"kundennummer": "60001"}', SYNC_MSG.sourceBadFormat.de],
        [csv([]), SYNC_MSG.sourceEmpty.de],
      ];
      for (const [content, message] of cases) {
        const before = await snapshot();
        if (content === null) fs.rmSync(atFile, { force: true });
        else fs.writeFileSync(atFile, content);
        const run = await sync('at');
        assert.equal(run.status, 'failed');
        assert.ok(run.message?.startsWith(message), `${run.message} should start with ${message}`);
        // The source is named by its label, never by its path on the server.
        assert.ok(!(run.message ?? '').includes(dir) && !(run.message_detail ?? '').includes(dir), run.message ?? '');
        assert.ok(run.message_code?.startsWith('sync.'));
        assert.deepEqual([run.created, run.updated, run.deactivated], [0, 0, 0]);
        assert.deepEqual((await snapshot()).rows, before.rows, message);
      }
    });

    it('409 while a run of the country is going (the running row is what every process sees); a cut-off run is freed', async () => {
      const [other] = await t.db.insert(syncRuns).values({ country: 'AT', source: 'elsewhere' }).returning();
      const res = await start('at');
      assert.equal(res.statusCode, 409);
      assert.equal(res.json().message, SYNC_MSG.alreadyRunning.de);
      // the other country is free
      assert.equal(
        (await t.app.inject({ method: 'GET', url: '/sync/runs?country=EG', headers: bearer(admin) })).statusCode,
        200,
      );
      // a run whose heartbeat stopped long ago was cut off by a stopped server
      await t.db
        .update(syncRuns)
        .set({ heartbeat_at: new Date(Date.now() - 10 * 60_000) })
        .where(eq(syncRuns.id, other!.id));
      fs.writeFileSync(atFile, csv(GOOD_AT));
      const run = await sync('at');
      assert.equal(run.status, 'succeeded');
      const cut = await t.app.inject({ method: 'GET', url: `/sync/runs/${other!.id}`, headers: bearer(admin) });
      assert.equal(cut.json().status, 'failed');
      assert.equal(cut.json().message, SYNC_MSG.serverStopped.de);
    });

    it('GET /sync/runs lists the latest runs of a country, newest first; an unknown run is 404', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/sync/runs?country=AT', headers: bearer(admin) });
      const runs = res.json() as SyncRun[];
      assert.ok(runs.length >= 8);
      assert.ok(runs.every((r) => r.country === 'AT'));
      assert.deepEqual(
        runs.map((r) => r.runId),
        [...runs.map((r) => r.runId)].sort((a, b) => b - a),
      );
      assert.equal(
        (await t.app.inject({ method: 'GET', url: '/sync/runs?country=DE', headers: bearer(admin) })).statusCode,
        400,
      );
      assert.equal(
        (await t.app.inject({ method: 'GET', url: '/sync/runs/999999', headers: bearer(admin) })).statusCode,
        404,
      );
    });

    it('Stripe: every page read (starting_after), id as the key, a renamed number follows its customer', async () => {
      const make = (i: number): FakeCustomer => ({
        id: `cus_${String(i).padStart(6, '0')}`,
        name: `Stripe Kunde ${i}`,
        email: `kunde${i}@example.eg`,
        phone: '+20 2 1234 5678',
        address: { line1: `Street ${i}`, postal_code: '11511', city: 'Kairo' },
        metadata: { kundennummer: String(70000 + i) },
      });
      stripe.customers = Array.from({ length: 230 }, (_, i) => make(i + 1));
      stripe.customers.push({ id: 'cus_nonumber', name: 'Ohne Nummer', metadata: {} });
      const run = await sync('eg');
      assert.equal(run.status, 'succeeded', run.message ?? '');
      assert.deepEqual([run.total, run.created, run.failed], [231, 230, 1]);
      assert.deepEqual(run.errors, [
        { line: 231, message: SYNC_MSG.rowKundennummerMissing.de, code: SYNC_MSG.rowKundennummerMissing.code },
      ]);
      assert.deepEqual(
        stripe.calls.map((c) => c.startingAfter),
        [null, 'cus_000100', 'cus_000200'],
      );
      assert.ok(stripe.calls.every((c) => c.key === 'sk_test_eg' && c.limit === 100));
      const c1 = await customer('70001');
      assert.equal(c1?.stripe_cu_id, 'cus_000001');
      assert.equal(c1?.source, 'EG');
      assert.equal(c1?.country_id, 2);
      assert.equal(c1?.adresse, 'Street 1');

      // second run: unchanged; then one renamed, one with a new number, one gone
      stripe.calls = [];
      assert.deepEqual([(await sync('eg')).unchanged, stripe.calls.length], [230, 3]);
      stripe.customers[0]!.name = 'Stripe Kunde 1 neu';
      stripe.customers[1]!.metadata = { kundennummer: '79999' };
      stripe.customers.splice(2, 1);
      const again = await sync('eg');
      assert.deepEqual([again.created, again.updated, again.unchanged, again.deactivated], [0, 2, 227, 1]);
      assert.equal((await customer('79999'))?.stripe_cu_id, 'cus_000002');
      assert.equal(await customer('70002'), undefined);
      assert.equal((await customer('70003'))?.active, false);
    });

    it('Stripe: a wrong key fails the run naming the variable, nothing touched', async () => {
      const before = await snapshot();
      stripe.rejectKey = true;
      try {
        const run = await sync('eg');
        assert.equal(run.status, 'failed');
        assert.equal(run.message, `${SYNC_MSG.stripeKeyInvalid.de} (STRIPE_SECRET_KEY_EG)`);
        assert.deepEqual((await snapshot()).rows, before.rows);
      } finally {
        stripe.rejectKey = false;
      }
    });
  });
}
