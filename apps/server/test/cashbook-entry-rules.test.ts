import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { CASHBOOK_MSG, transactionListResponseSchema, transactionSchema } from '@portal/shared';
import { appendEntry, lockCashbook } from '../src/modules/cashbook/chain.js';
import { bearer, createTestApp, dbTargets, type TestApp } from './helpers.js';
import { cashbookApi, cashbookUser, type CashbookUser } from './cashbook-fixtures.js';

/*
 * Issue 30: the amount refused at its field with the form's words, a reversal stored as kind and
 * parameters (old German texts read back by the migration's backfill), a double click that books once.
 */

/** The backfill of the migration cashbook_reversal_kind (its hand-written part), as the migration runs it. */
function backfillSql(): string {
  const dir = new URL('../src/db/migrations/', import.meta.url);
  const file = fs.readdirSync(dir).find((f) => f.endsWith('_cashbook_reversal_kind.sql'));
  assert.ok(file, 'migration cashbook_reversal_kind');
  const text = fs.readFileSync(new URL(file, dir), 'utf8');
  const part = text.slice(text.indexOf('-- hand-written:'));
  return part
    .split('\n')
    .filter((l) => !l.startsWith('--'))
    .join('\n');
}

for (const target of dbTargets()) {
  describe(`cashbook entries (${target})`, () => {
    let t: TestApp;
    let api: ReturnType<typeof cashbookApi>;
    let agent: CashbookUser;
    let office: number;

    const entry = (over: Record<string, unknown> = {}) => ({
      amount: 1250,
      type: 'expense',
      category_id: office,
      description: 'Kopierpapier',
      ...over,
    });

    before(async () => {
      t = await createTestApp(target);
      api = cashbookApi(t.app);
      agent = await cashbookUser(t.app, t.db, { name: 'Anna Agentin' });
      office = (
        await api.post(agent, '/api/cashbook/categories', {
          name: 'Büromaterial',
          description: 'Papier',
          type: 'expense',
        })
      ).json().id;
    });
    after(() => t.close());

    it('answers a refused amount in errors[] at the amount field, in the form’s words', async () => {
      const cases: [unknown, string][] = [
        ['1.234', 'Mehrdeutiger Betrag: bitte 1234 oder 1,234 schreiben.'],
        ['12,345', 'Höchstens zwei Nachkommastellen.'],
        ['-5', 'Der Betrag muss mindestens 0,01 € sein.'],
        [-500, 'Der Betrag muss mindestens 0,01 € sein.'],
        [12.5, 'Höchstens zwei Nachkommastellen.'],
      ];
      for (const [amount, message] of cases) {
        const res = await api.post(agent, '/api/cashbook/transactions', entry({ amount }));
        assert.equal(res.statusCode, 400, String(amount));
        const body = res.json();
        assert.equal(body.message, message);
        assert.deepEqual(
          body.errors.map((e: { field: string; message: string }) => [e.field, e.message]),
          [['amount', message]],
        );
      }
      // The text as typed is taken too: 1.234,50 € is 123450 cents.
      const ok = await api.post(agent, '/api/cashbook/transactions', entry({ amount: '1.234,50' }));
      assert.equal(ok.statusCode, 201, ok.body);
      assert.equal(ok.json().amount, 123450);
      const count = (await api.get(agent, '/api/cashbook/verify')).json().checked;
      assert.equal(count, 1, 'a refused amount books nothing');
    });

    it('a double click with one Idempotency-Key books once, even when both arrive together', async () => {
      const before = (await api.get(agent, '/api/cashbook/verify')).json().checked as number;
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/cashbook/transactions',
          headers: { ...bearer(agent.token), 'idempotency-key': 'double-click-0001' },
          payload: entry({ description: 'Doppelklick' }),
        });
      const answers = await Promise.all([send(), send()]);
      const statuses = answers.map((a) => a.statusCode).sort();
      // The first books; the second is the stored answer or "still running" (the web never shows that one).
      assert.ok(JSON.stringify(statuses) === '[201,201]' || JSON.stringify(statuses) === '[201,409]', statuses.join());
      const ids = new Set(answers.filter((a) => a.statusCode === 201).map((a) => a.json().id));
      assert.equal(ids.size, 1);
      assert.equal((await api.get(agent, '/api/cashbook/verify')).json().checked, before + 1);
      const again = await send();
      assert.equal(again.statusCode, 201);
      assert.equal(again.json().id, [...ids][0]);
    });

    it('a reversal is stored as kind and parameters; old German texts are read back and the chain holds', async () => {
      const orig = transactionSchema.parse(
        (await api.post(agent, '/api/cashbook/transactions', entry({ description: 'Falsch' }))).json(),
      );
      const res = await api.post(agent, `/api/cashbook/transactions/${orig.id}/reverse`, { reason: 'Tippfehler' });
      assert.equal(res.statusCode, 201, res.body);
      const rev = transactionSchema.parse(res.json());
      assert.equal(rev.description, 'Tippfehler');
      assert.equal(rev.description_kind, 'reversal');
      assert.deepEqual(rev.description_params, { reversal_of_seq: orig.seq, reason: 'Tippfehler' });

      // A reversal written before kinds existed: the German sentence in the description (hashed).
      const old = await t.db.transaction(async (tx) => {
        await lockCashbook(tx, 1);
        const o = await appendEntry(tx, {
          country_id: 1,
          transaction_date: new Date(),
          recorded_at: new Date(),
          type: 'expense',
          amount: 990,
          category_id: office,
          description: 'Toner',
          invoice_number: null,
          customer_id: null,
          user_id: agent.id,
          reverses_id: null,
        });
        const r = await appendEntry(tx, {
          country_id: 1,
          transaction_date: new Date(),
          recorded_at: new Date(),
          type: 'expense',
          amount: -990,
          category_id: office,
          description: `Storno zu Nr. ${o.seq}: doppelt: gebucht`,
          invoice_number: null,
          customer_id: null,
          user_id: agent.id,
          reverses_id: o.id,
        });
        return { o, r };
      });
      await t.db.execute(sql.raw(backfillSql()));
      const list = transactionListResponseSchema.parse((await api.get(agent, '/api/cashbook/transactions')).json());
      const legacy = list.transactions.find((x) => x.id === old.r.id)!;
      assert.equal(legacy.description_kind, 'reversal');
      assert.deepEqual(legacy.description_params, { reversal_of_seq: old.o.seq, reason: 'doppelt: gebucht' });
      assert.equal(legacy.description, `Storno zu Nr. ${old.o.seq}: doppelt: gebucht`);
      assert.equal(list.transactions.find((x) => x.id === orig.id)!.description_kind, 'text');
      assert.deepEqual((await api.get(agent, '/api/cashbook/verify')).json().ok, true);

      // The tax office's export stays German, old and new alike.
      const csv = (await api.get(agent, `/api/cashbook/export.csv?start_date=2000-01-01&end_date=2999-12-31`)).body;
      assert.ok(csv.includes(`;Storno zu Nr. ${orig.seq}: Tippfehler;`), csv);
      assert.ok(csv.includes(`;Storno zu Nr. ${old.o.seq}: doppelt: gebucht;`), csv);

      // Parameters changed behind the portal's back break the chain check (they are held to the hashed fields).
      await t.db.execute(
        sql`update cashbook_transactions set description_params = ${JSON.stringify({ reversal_of_seq: orig.seq, reason: 'anders' })}::jsonb where id = ${rev.id}`,
      );
      const check = (await api.get(agent, '/api/cashbook/verify')).json();
      assert.equal(check.ok, false);
      assert.equal(check.firstBrokenSeq, rev.seq);
    });

    it('one entry by its id, in the caller’s country only', async () => {
      const orig = transactionSchema.parse((await api.post(agent, '/api/cashbook/transactions', entry())).json());
      const res = await api.get(agent, `/api/cashbook/transactions/${orig.id}`);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(transactionSchema.parse(res.json()), orig);
      const eg = await cashbookUser(t.app, t.db, { country: 2 });
      assert.equal((await api.get(eg, `/api/cashbook/transactions/${orig.id}`)).statusCode, 404);
      assert.equal((await api.get(agent, '/api/cashbook/transactions/999999')).statusCode, 404);
    });

    it('the reason refused at its field', async () => {
      const orig = (await api.post(agent, '/api/cashbook/transactions', entry())).json();
      const res = await api.post(agent, `/api/cashbook/transactions/${orig.id}/reverse`, { reason: 'x'.repeat(401) });
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.json().errors[0], {
        field: 'reason',
        message: CASHBOOK_MSG.reasonTooLong.de,
        code: CASHBOOK_MSG.reasonTooLong.code,
      });
    });
  });
}
