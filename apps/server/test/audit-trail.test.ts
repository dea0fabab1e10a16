import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { ALL_CALLS, schemaKeys, type Call } from '@portal/shared/contracts';
import type { AuditPage } from '@portal/shared';
import { customers } from '../src/db/schema/index.js';
import { rowsOf } from '../src/platform/db-helpers.js';
import { verifyAuditTrail } from '../src/modules/audit/verify.js';
import { redactCustomerAudit } from '../src/platform/audit.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { fields, postMultipart, seedCustomers } from './tasks-fixtures.js';

/**
 * The staff audit trail (issue 34): every write a staff member makes leaves one row in its own
 * transaction, with what changed and never a secret; sign-ins and key reveals too; the hash chain
 * names an edited or a removed row; the admin reads and exports it, each screen its own entries.
 */

/** A write a staff member may call: a session preset that is not the customer's alone. */
const staffWrite = (c: Call) =>
  c.method !== 'GET' &&
  c.access.kind === 'session' &&
  !(c.access.roles?.length === 1 && c.access.roles[0] === 'customer');

for (const target of dbTargets()) {
  describe(`audit trail (${target})`, () => {
    let t: TestApp;
    let admin: string;
    let adminId: number;
    let agent: string;
    let egyptAgent: string;
    let customerId = 0;
    const exec = async <R>(q: ReturnType<typeof sql>) => rowsOf<R>(await t.db.execute(q));
    const lastSeq = async () =>
      Number((await exec<{ s: string }>(sql`select coalesce(max(seq), 0) as s from audit_log`))[0]!.s);
    const rowsAfter = (seq: number) =>
      exec<{
        seq: string;
        action: string;
        actor_id: number | null;
        subject_kind: string | null;
        subject_id: number | null;
        customer_id: number | null;
        changes: Record<string, [unknown, unknown]>;
        ip: string | null;
      }>(sql`select * from audit_log where seq > ${seq} order by seq`);
    const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

    before(async () => {
      t = await createTestApp(target);
      await seedCustomers(t.db);
      const a = await addUser(t.db, {
        role: 'admin',
        name: 'Anna Admin',
        flags: ['tasks', 'rksv', 'digital_signage', 'cashbook'],
      });
      adminId = a.id;
      admin = await login(t.app, a.email, a.password);
      const g = await addUser(t.db, { role: 'agent', name: 'Gerhard Agent', flags: ['tasks', 'rksv'] });
      agent = await login(t.app, g.email, g.password);
      const e = await addUser(t.db, {
        role: 'agent',
        flags: ['tasks', 'rksv', 'digital_signage', 'cashbook'],
        country: 2,
      });
      egyptAgent = await login(t.app, e.email, e.password);
      const [c] = await t.db
        .insert(customers)
        .values({ kundennummer: '72001', firma: 'Café Prüfung', email: 'pruef@example.at', country_id: 1 })
        .returning({ id: customers.id });
      customerId = c!.id;
    });
    after(() => t.close());

    it('every write a staff member may make declares its subject', () => {
      const missing = ALL_CALLS.filter((c) => staffWrite(c) && !c.audit).map((c) => c.name);
      assert.deepEqual(missing, [], 'writes without `audit` in their declaration');
      // A subject named by an input field must be a field of the call.
      for (const c of ALL_CALLS.filter((x) => x.audit?.id && x.audit.id !== 'viewer')) {
        const keys = [c.params, c.query, c.body, c.multipart?.fields].flatMap((s) => schemaKeys(s));
        assert.ok(keys.includes(c.audit!.id!), `${c.name}: audit id "${c.audit!.id}" is no input field`);
      }
    });

    it('walks every staff write: a success leaves exactly its row, a refusal none', async () => {
      const walked: string[] = [];
      for (const c of ALL_CALLS.filter(staffWrite)) {
        if (c.name === 'logout' || c.multipart) continue; // logout ends the session the walk uses; multipart below
        const url = c.path.replace(/:(\w+)/g, '999999');
        const seq = await lastSeq();
        const res = await t.app.inject({ method: c.method, url, headers: bearer(admin), payload: {} });
        const rows = await rowsAfter(seq);
        if (res.statusCode < 400) {
          assert.equal(rows.length, 1, `${c.name} answered ${res.statusCode} and left ${rows.length} rows`);
          assert.equal(rows[0]!.action, c.name);
          assert.equal(rows[0]!.actor_id, adminId);
          walked.push(c.name);
        } else if (c.audit?.keepRefused) {
          // A refusal that counted a try (a wrong code) is committed with a row that names it; one
          // refused before the call ran (its input) leaves none.
          assert.ok(rows.length <= 1, `${c.name}: at most its row`);
          if (rows.length) assert.ok(rows[0]!.changes.refused, `${c.name}: the row names the refusal`);
        } else assert.equal(rows.length, 0, `${c.name} answered ${res.statusCode} yet left a row`);
      }
      assert.ok(walked.length > 0, 'some writes succeed without input (settings, board view)');
    });

    it('a task from creation to done: each step one row with before and after', async () => {
      const seq = await lastSeq();
      const created = await postMultipart(t.app, '/api/create-task', admin, [
        ...fields({
          titel: 'Bondrucker',
          beschreibung: 'Druckt nicht.',
          frist: new Date(Date.now() + 86400_000).toISOString(),
          typ: 1,
          userID: adminId,
          kundennummer: '10001',
        }),
      ]);
      assert.equal(created.statusCode, 200, created.body);
      const taskId = created.json().aufgabeID as number;
      const post = (url: string, payload: object) =>
        t.app.inject({ method: 'POST', url, headers: bearer(admin), payload });
      assert.equal((await post('/api/task-add-note', { taskID: taskId, notiz: 'Kunde angerufen' })).statusCode, 200);
      const status = await post('/api/task-set-status', { taskID: taskId, status: 'erledigt' });
      assert.equal(status.statusCode, 200, status.body);
      const rows = await rowsAfter(seq);
      assert.deepEqual(
        rows.map((r) => [r.action, r.subject_kind, r.subject_id]),
        [
          ['createTask', 'task', taskId],
          ['addTaskNote', 'task', taskId],
          ['setTaskStatus', 'task', taskId],
        ],
      );
      assert.deepEqual(rows[0]!.changes.titel, [null, 'Bondrucker']);
      assert.deepEqual(rows[1]!.changes.notiz, [null, 'Kunde angerufen']);
      assert.equal(rows[2]!.changes.status![1], 'erledigt');
      assert.notEqual(rows[2]!.changes.status![0], 'erledigt');
      assert.ok(
        rows.every((r) => r.ip),
        'the address is kept',
      );
      // The task's customer (by its number) is on every row: the customer's page and an erasure find them.
      const [c10001] = await exec<{ id: number }>(sql`select id from customers where kundennummer = '10001'`);
      assert.ok(c10001 && rows.every((r) => r.customer_id === c10001.id), 'rows carry the task’s customer');
      // The task's own entries, newest first; an agent of another country does not learn of them.
      const own = await get(`/api/audit/task/${taskId}`, agent);
      assert.equal(own.statusCode, 200, own.body);
      assert.deepEqual(
        (own.json() as AuditPage).items.map((r) => r.action),
        ['setTaskStatus', 'addTaskNote', 'createTask'],
      );
      assert.equal((own.json() as AuditPage).items[0]!.actor_name, 'Anna Admin');
      assert.equal((await get(`/api/audit/task/${taskId}`, egyptAgent)).statusCode, 404);
    });

    it('a refused write changes nothing and leaves no row', async () => {
      const seq = await lastSeq();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/task-add-note',
        headers: bearer(admin),
        payload: { taskID: 999999, notiz: 'x' },
      });
      assert.equal(res.statusCode, 404);
      assert.equal((await rowsAfter(seq)).length, 0);
    });

    it('sign-ins, failed sign-ins and password changes are in it; no secret is', async () => {
      const u = await addUser(t.db, { role: 'customer' });
      const seq = await lastSeq();
      const bad = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: u.email, password: 'falsch!123' },
      });
      assert.equal(bad.statusCode, 401);
      const token = await login(t.app, u.email, u.password);
      const change = await t.app.inject({
        method: 'POST',
        url: '/auth/change-password',
        headers: bearer(token),
        payload: { oldPassword: u.password, newPassword: 'Ganz-neues-Passwort-2026' },
      });
      assert.equal(change.statusCode, 200, change.body);
      const rows = await rowsAfter(seq);
      assert.deepEqual(
        rows.map((r) => [r.action, r.subject_id]),
        [
          ['signInFailed', u.id],
          ['signIn', u.id],
          ['changePassword', u.id],
        ],
      );
      const text = JSON.stringify(rows);
      assert.ok(
        !text.includes('falsch!123') && !text.includes('Ganz-neues-Passwort-2026') && !text.includes(u.password),
      );
      assert.deepEqual(rows[2]!.changes.oldPassword, [null, '***']);
      assert.deepEqual(rows[2]!.changes.password_hash, ['***', '***']);
    });

    it('an erasure removes a customer’s values from the trail, nothing else, and the chain still holds', async () => {
      const [erased] = await t.db
        .insert(customers)
        .values({ kundennummer: '72002', firma: 'Café Gelöscht', country_id: 1 })
        .returning({ id: customers.id });
      const customerId = erased!.id;
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/create-insolvency',
        headers: bearer(admin),
        payload: { customer_id: customerId, administrator_name: 'Dr. Vertraulich', start_date: '2026-11-03' },
      });
      assert.equal(made.statusCode, 201, made.body);
      const refused = (e: Error & { cause?: Error }) => /append-only/.test(`${e.message} ${e.cause?.message}`);
      // Neither another value nor another column may change, not even with the marker.
      await assert.rejects(
        t.db.execute(sql`update audit_log set changes = '{"x":[1,2]}' where customer_id = ${customerId}`),
        refused,
      );
      await assert.rejects(
        t.db.execute(
          sql`update audit_log set changes = '{"_redacted":"2026-11-28"}', action = 'x' where customer_id = ${customerId}`,
        ),
        refused,
      );
      const n = await t.db.transaction((tx) => redactCustomerAudit(tx, customerId, '2026-11-28'));
      assert.ok(n >= 1);
      const left = await exec<{ changes: object }>(
        sql`select changes from audit_log where customer_id = ${customerId}`,
      );
      assert.ok(left.every((r) => JSON.stringify(r.changes) === '{"_redacted":"2026-11-28"}'));
      assert.ok(!JSON.stringify(await exec(sql`select * from audit_log`)).includes('Dr. Vertraulich'));
      assert.equal((await verifyAuditTrail({ db: t.db, config: t.config })).ok, true);
    });

    it('rows cannot be changed through the database, and the chain names an edited or a missing row', async () => {
      const refused = (e: Error & { cause?: Error }) => /append-only/.test(`${e.message} ${e.cause?.message}`);
      await assert.rejects(t.db.execute(sql`update audit_log set action = 'x' where seq = 1`), refused);
      await assert.rejects(t.db.execute(sql`delete from audit_log where seq = 1`), refused);
      const ok = await get('/api/audit/verify', admin);
      assert.equal(ok.statusCode, 200);
      assert.equal(ok.json().ok, true);
      assert.ok(ok.json().checked >= 5);
      assert.equal((await get('/api/audit/verify', agent)).statusCode, 403);

      // Someone with the database's owner rights goes around the trigger.
      await t.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
      try {
        await t.db.execute(sql`update audit_log set changes = '{"titel":[null,"Gefälscht"]}' where seq = 3`);
        const edited = await verifyAuditTrail({ db: t.db, config: t.config });
        assert.equal(edited.ok, false);
        assert.deepEqual([edited.firstBroken?.seq, edited.firstBroken?.reason], [3, 'hash']);
      } finally {
        await t.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
      }
    });

    it('appends from parallel writes get seq without gaps and one chain', async () => {
      const fresh = await createTestApp(target);
      try {
        const a = await addUser(fresh.db, { role: 'admin', flags: ['tasks'] });
        const token = await login(fresh.app, a.email, a.password);
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            fresh.app.inject({
              method: 'PUT',
              url: '/api/user-settings',
              headers: bearer(token),
              payload: {
                push_notifications: true,
                email_updates: i % 2 === 0,
                language: 'de',
                theme: i % 2 ? 'dark' : 'light',
              },
            }),
          ),
        );
        assert.deepEqual(
          answers.map((r) => r.statusCode),
          Array(12).fill(200),
          answers[0]!.body,
        );
        const seqs = rowsOf<{ seq: string }>(await fresh.db.execute(sql`select seq from audit_log order by seq`)).map(
          (r) => Number(r.seq),
        );
        assert.deepEqual(
          seqs,
          Array.from({ length: seqs.length }, (_, i) => i + 1),
        );
        assert.equal(seqs.length, 13, 'the sign-in and twelve writes');
        assert.equal((await verifyAuditTrail({ db: fresh.db, config: fresh.config })).ok, true);
      } finally {
        await fresh.close();
      }
    });

    it('the admin filters, pages and exports; the customer screen shows its own entries', async () => {
      const seq = await lastSeq();
      await t.app.inject({
        method: 'POST',
        url: `/api/create-insolvency`,
        headers: bearer(admin),
        payload: { customer_id: customerId, administrator_name: 'Dr. Masse', start_date: '2026-11-02' },
      });
      const rows = await rowsAfter(seq);
      assert.equal(rows.length, 1, JSON.stringify(rows));
      assert.equal(rows[0]!.customer_id, customerId);

      const mine = await get(`/api/audit?actor_id=${adminId}&limit=2`, admin);
      assert.equal(mine.statusCode, 200, mine.body);
      const page1 = mine.json() as AuditPage;
      assert.equal(page1.items.length, 2);
      assert.ok(page1.items[0]!.seq > page1.items[1]!.seq);
      const page2 = (
        await get(`/api/audit?actor_id=${adminId}&limit=2&cursor=${page1.nextCursor}`, admin)
      ).json() as AuditPage;
      assert.ok(page2.items[0]!.seq < page1.items[1]!.seq);
      assert.ok([...page1.items, ...page2.items].every((r) => r.actor_id === adminId));
      assert.equal((await get('/api/audit', agent)).statusCode, 403);
      assert.equal((await get('/api/audit?from=gestern', admin)).statusCode, 400);
      const today = new Date().toISOString().slice(0, 10);
      const byAction = (
        await get(`/api/audit?action=createInsolvency&customer_id=${customerId}&from=${today}&to=${today}`, admin)
      ).json() as AuditPage;
      assert.deepEqual(
        byAction.items.map((r) => r.action),
        ['createInsolvency'],
      );

      const csv = await get(`/api/audit/export?customer_id=${customerId}`, admin);
      assert.equal(csv.statusCode, 200);
      assert.match(csv.headers['content-type'] as string, /text\/csv/);
      const lines = csv.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n');
      assert.equal(lines[0]!.split(';')[0], 'Nr');
      assert.equal(lines.length, 2);
      assert.match(lines[1]!, /createInsolvency/);

      const own = await get(`/api/audit/customer/${customerId}`, agent);
      assert.equal(own.statusCode, 200);
      assert.deepEqual(
        (own.json() as AuditPage).items.map((r) => r.action),
        ['createInsolvency'],
      );
      assert.equal((await get(`/api/audit/customer/${customerId}`, egyptAgent)).statusCode, 404);
    });
  });
}
