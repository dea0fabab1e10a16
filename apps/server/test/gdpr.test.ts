import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { ERASED_KINDS, GDPR_EXPORT_AREAS, type GdprErasure, type GdprJob } from '@portal/shared';
import { customers, userSettings } from '../src/db/schema/index.js';
import { rowsOf } from '../src/platform/db-helpers.js';
import { appendEntry, lockCashbook } from '../src/modules/cashbook/chain.js';
import { verifyChain } from '../src/modules/cashbook/verify.js';
import { verifyAuditTrail } from '../src/modules/audit/verify.js';
import { anonymiseDue, cleanGdprExports } from '../src/modules/customers/index.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';

/**
 * GDPR export and erasure of a customer's data (issue 34). The export: a background job builds one ZIP
 * (a JSON file per area, a PDF summary), read back here and held against the database, downloadable by
 * whoever may read the job (admins; a customer their own) for seven days, mailed when ready. The
 * erasure: what no law requires goes at once, what § 132 BAO keeps stays untouched with its date, the
 * cashbook chain still verifies, a second erasure changes nothing, and the nightly job anonymises what
 * reached its date.
 */

const NOW = new Date('2026-11-20T10:00:00Z');

type Row = Record<string, unknown>;

for (const target of dbTargets()) {
  describe(`GDPR export and erasure (${target})`, () => {
    let t: TestApp;
    let admin: string;
    let adminEmail: string;
    let agentEG: string;
    let agentAT: string;
    let customerA: string;
    let customerB: string;
    let customerAUser = 0;
    const ids = { a: 0, b: 0, c: 0, task: 0, order: 0, unpaid: 0, invoice: 0, caseId: 0, device: 0 };
    const exec = async <R = Row>(q: ReturnType<typeof sql>) => rowsOf<R>(await t.db.execute(q));
    const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
    const post = (url: string, token: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

    /** Polls the job until it is done (or failed). */
    async function finished(jobId: number, token: string): Promise<GdprJob> {
      for (let i = 0; i < 400; i++) {
        const res = await get(`/api/gdpr-jobs/${jobId}`, token);
        assert.equal(res.statusCode, 200, res.body);
        const job = res.json() as GdprJob;
        if (job.status === 'done' || job.status === 'failed') return job;
        await sleep(25);
      }
      throw new Error(`export ${jobId} did not finish`);
    }

    async function download(jobId: number, token: string): Promise<Record<string, Uint8Array>> {
      const res = await get(`/api/gdpr-jobs/${jobId}/download`, token);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['content-type'], 'application/zip');
      assert.match(String(res.headers['content-disposition']), /datenexport_72001_\d{4}-\d{2}-\d{2}\.zip/);
      return unzipSync(new Uint8Array(res.rawPayload));
    }

    const json = (files: Record<string, Uint8Array>, area: string) =>
      JSON.parse(strFromU8(files[`${area}.json`]!)) as Row[];

    /** Waits until the storage no longer holds a key (files go after the erasure's commit). */
    async function gone(key: string): Promise<boolean> {
      for (let i = 0; i < 200; i++) {
        if (!(await t.storage.exists(key))) return true;
        await sleep(20);
      }
      return false;
    }

    /** Waits until no audit entry of the customer holds values (the erasure's own goes after its commit). */
    async function redacted(customerId: number): Promise<boolean> {
      for (let i = 0; i < 200; i++) {
        const [r] = await exec<{ n: number }>(
          sql`select count(*)::int as n from audit_log where customer_id = ${customerId} and not (changes ? '_redacted')`,
        );
        if (r!.n === 0) return true;
        await sleep(20);
      }
      return false;
    }

    before(async () => {
      t = await createTestApp(target, { LOGIN_RATE_LIMIT: '1000' }, { clock: () => NOW });
      const a = await addUser(t.db, { role: 'admin', name: 'Anna Admin', flags: ['tasks', 'rksv', 'cashbook'] });
      adminEmail = a.email;
      admin = await login(t.app, a.email, a.password);
      const eg = await addUser(t.db, { role: 'agent', flags: ['tasks', 'rksv', 'cashbook'], country: 2 });
      agentEG = await login(t.app, eg.email, eg.password);
      const at = await addUser(t.db, { role: 'agent', flags: ['tasks', 'rksv', 'cashbook'] });
      agentAT = await login(t.app, at.email, at.password);

      const [ca, cb, cc] = await t.db
        .insert(customers)
        .values([
          {
            kundennummer: '72001',
            firma: 'Gasthaus Linde',
            kontaktperson: 'Lena Linde',
            email: 'Linde@Example.at',
            telefon: '+43 1 2345678',
            adresse: 'Lindengasse 1',
            plz: '1070',
            ort: 'Wien',
            uid: 'ATU12345678',
            country_id: 1,
          },
          {
            kundennummer: '72002',
            firma: 'Other GmbH',
            email: 'other@example.at',
            kontaktperson: 'Otto',
            country_id: 1,
          },
          { kundennummer: '72003', firma: 'Nur Anfragen KG', email: 'nur@example.at', country_id: 1 },
        ])
        .returning({ id: customers.id });
      ids.a = ca!.id;
      ids.b = cb!.id;
      ids.c = cc!.id;

      const ua = await addUser(t.db, { role: 'customer', name: 'Lena Linde', email: 'lena@linde.at' });
      const ub = await addUser(t.db, { role: 'customer', name: 'Otto Other' });
      customerAUser = ua.id;
      await exec(sql`update users set customer_id = ${ids.a} where id = ${ua.id}`);
      await exec(sql`update users set customer_id = ${ids.b} where id = ${ub.id}`);
      // The customer reads Arabic: the mail of their export is Arabic.
      await t.db.insert(userSettings).values({ user_id: ua.id, language: 'ar' });
      customerA = await login(t.app, ua.email, ua.password);
      customerB = await login(t.app, ub.email, ub.password);

      // Tasks with contact data, texts holding an e-mail and a phone, messages, a mail copy, a note, a file, a rating.
      const task = async (kn: string, titel: string) =>
        (
          await exec<{ id: number }>(sql`insert into tasks (titel, beschreibung, frist, erstellt_am, country_id, typ,
            kundennummer, firma, kontaktperson, email, telefon_mobil, adresse, plz, ort, uid)
          values (${titel}, 'Bitte Frau Linde unter 0664 1234567 zurückrufen', ${'2026-11-25T10:00:00Z'},
            ${'2026-11-02T09:00:00Z'}, 1, 1, ${kn}, 'Gasthaus', 'Lena Linde', 'lena@linde.at', '0664 1234567',
            'Lindengasse 1', '1070', 'Wien', 'ATU12345678') returning id`)
        )[0]!.id;
      ids.task = await task('72001', 'Rückruf an lena@linde.at');
      const otherTask = await task('72002', 'Fremde Aufgabe');
      await exec(
        sql`insert into task_messages (task_id, content) values (${ids.task}, 'Die Kassa druckt nicht, Lena')`,
      );
      await exec(sql`insert into task_conversations (task_id, recipient, subject, content)
        values (${ids.task}, 'lena@linde.at', 'Ihre Anfrage', 'Guten Tag Frau Linde')`);
      await exec(
        sql`insert into task_notes (task_id, notiz, user_id) values (${ids.task}, 'Kundin: lena@linde.at, 0664 1234567', ${a.id})`,
      );
      await exec(sql`insert into task_activity (task_id, user_id, action) values (${ids.task}, ${a.id}, 'created')`);
      await exec(sql`insert into task_ratings (task_id, country_id, time_rating, satisfaction_rating, friendliness_rating, comment)
        values (${ids.task}, 1, 5, 4, 5, 'Sehr nett, danke Lena')`);
      await exec(sql`insert into task_files (task_id, datei_name, original_name, mime, size)
        values (${ids.task}, 'gdpr-task-file.pdf', 'Foto Kassa.pdf', 'application/pdf', 3)`);
      await t.storage.put('tasks/gdpr-task-file.pdf', Buffer.from('pdf'));
      await exec(sql`insert into mail_outbox ("to", subject, text, task_id, status) values
        ('lena@linde.at', 'Zu Ihrer Anfrage', 'Hallo', ${ids.task}, 'sent'),
        ('linde@example.at', 'Ihre Einladung', ${'Bitte Passwort setzen: http://portal.test/set-password?token=SECRET-INVITE'}, null, 'sent'),
        ('other@example.at', 'Fremde Mail', 'x', ${otherTask}, 'sent')`);
      await exec(sql`insert into customer_documents (customer_id, datei_name, original_name, mime, size)
        values (${ids.a}, 'gdpr-doc.pdf', 'Vertrag.pdf', 'application/pdf', 3)`);
      await t.storage.put('documents/gdpr-doc.pdf', Buffer.from('pdf'));
      await exec(sql`insert into customer_branches (customer_id, name, address, zipcode, city, phone)
        values (${ids.a}, 'Filiale Nord', 'Nordweg 2', '1210', 'Wien', '01 9876543')`);
      // An insolvency case that ended in 2025 (kept until 2032), with a month and an activity.
      ids.caseId = (
        await exec<{
          id: number;
        }>(sql`insert into insolvency_cases (customer_id, administrator_name, administrator_email,
          start_date, end_date, status) values (${ids.a}, 'Dr. Masse', 'masse@kanzlei.at', '2025-01-10', '2025-06-30', 'closed')
          returning id`)
      )[0]!.id;
      await exec(
        sql`insert into insolvency_months (case_id, year, month, invoice_number) values (${ids.caseId}, 2025, 3, 'R-2025-3')`,
      );
      await exec(sql`insert into insolvency_activity (case_id, action) values (${ids.caseId}, 'created')`);
      // A paid order of 2026 with its card, activity and invoice; an order never paid.
      const order = async (status: string, ref: string) =>
        (
          await exec<{ id: number }>(sql`insert into rksv_orders (companyname, customername, email, phone, address,
            zipcode, city, vatnr, tax_id_type, product_id, product_name, qty, delivery, unit_price, shipping_amount,
            net_amount, vat_amount, total_amount, provider, mode, session_id, session_url, return_ref, customer_id,
            saved_at, payed_at, payment_status)
          values ('Gasthaus Linde', 'Lena Linde', 'lena@linde.at', '0664 1234567', 'Lindengasse 1', '1070', 'Wien',
            'ATU12345678', 'uid', 1, 'Signaturkarte RKSV', 1, 1, 100, 0, 100, 20, 120, 'local', 'payment', ${`s-${ref}`},
            'u', ${`r-${ref}`}, ${ids.a}, ${'2026-03-01T10:00:00Z'},
            ${status === 'paid' ? '2026-03-01T10:05:00Z' : null}, ${status}) returning id`)
        )[0]!.id;
      ids.order = await order('paid', 'paid');
      ids.unpaid = await order('expired', 'expired');
      await exec(
        sql`insert into rksv_cards (order_id, serial_number, aes_key) values (${ids.order}, 'SN-72001', 'AES-SECRET-KEY')`,
      );
      await exec(sql`insert into rksv_order_activity (order_id, action) values (${ids.order}, 'serial')`);
      ids.invoice = (
        await exec<{
          id: number;
        }>(sql`insert into invoices (order_id, year, seq, number, issued_at, net_amount, vat_amount,
          total_amount, data, access_token)
          values (${ids.order}, 2026, 72001, '2026-72001', ${'2026-03-01T10:05:00Z'}, 100, 20, 120,
            ${JSON.stringify({ buyer: { company: 'Gasthaus Linde', name: 'Lena Linde', address: 'Lindengasse 1', postalCode: '1070', city: 'Wien', taxId: 'ATU12345678' } })}::jsonb,
            'INVOICE-TOKEN-SECRET') returning id`)
      )[0]!.id;
      ids.device = (
        await exec<{
          id: number;
        }>(sql`insert into signage_devices (uuid, device_name, location, key_hash, activation_code, customer_id)
          values ('gdpr-1', 'Theke Lena', 'Gastraum', 'DEVICE-KEY-HASH', '123456', ${ids.a}) returning id`)
      )[0]!.id;
      await exec(sql`insert into signage_schedules (schedule_name, customer_id) values ('Mittag', ${ids.a})`);
      // Cashbook entries through the chain: A's of 2025 and of 2026 (31.12.2025 23:30 UTC is 2026 in Vienna), B's.
      const [category] = await exec<{
        id: number;
      }>(sql`insert into cashbook_categories (type, name, description, country_id)
        values ('income', 'Schulung', 'Schulungen', 1) returning id`);
      await t.db.transaction(async (tx) => {
        await lockCashbook(tx, 1);
        for (const [date, customerId, text] of [
          ['2025-06-01T10:00:00Z', ids.a, 'Schulung Linde 2025'],
          ['2025-12-31T23:30:00Z', ids.a, 'Schulung Linde Silvester'],
          ['2026-05-01T10:00:00Z', ids.a, 'Schulung Linde 2026'],
          ['2026-05-02T10:00:00Z', ids.b, 'Schulung Other'],
        ] as const)
          await appendEntry(tx, {
            country_id: 1,
            transaction_date: new Date(date),
            recorded_at: new Date(date),
            type: 'income',
            amount: 12000,
            category_id: category!.id,
            description: text,
            invoice_number: null,
            customer_id: customerId,
            user_id: a.id,
            reverses_id: null,
          });
      });
    });
    after(() => t.close());

    let adminJob = 0;
    let ownJob = 0;
    /** The customer's own exports (a second click may have come after the first had finished). */
    const ownJobs = new Set<number>();

    it('exports everything held about the customer as one ZIP, each area against the database, no secret in it', async () => {
      const started = await post(`/api/customers/${ids.a}/export`, admin);
      assert.equal(started.statusCode, 202, started.body);
      adminJob = started.json().jobId;
      assert.ok(Number.isInteger(adminJob));
      const job = await finished(adminJob, admin);
      assert.equal(job.status, 'done');
      assert.equal(job.progress, 100);
      assert.equal(job.downloadUrl, `/api/gdpr-jobs/${adminJob}/download`);
      assert.equal(job.expiresAt, new Date(NOW.getTime() + 7 * 86_400_000).toISOString(), 'seven days');

      const files = await download(adminJob, admin);
      assert.deepEqual(Object.keys(files).sort(), [...GDPR_EXPORT_AREAS.map((a) => `${a}.json`), 'summary.pdf'].sort());
      assert.equal(strFromU8(files['summary.pdf']!.subarray(0, 5)), '%PDF-');

      // Each area holds exactly the customer's rows, as the database has them.
      const idsOf = async (q: ReturnType<typeof sql>) =>
        (await exec<{ id: number }>(q)).map((r) => Number(r.id)).sort((x, y) => x - y);
      const shown = (area: string, key = 'id') =>
        json(files, area)
          .map((r) => Number(r[key]))
          .sort((x, y) => x - y);
      const expected: [string, ReturnType<typeof sql>, string?][] = [
        ['customer', sql`select id from customers where id = ${ids.a}`],
        ['accounts', sql`select id from users where customer_id = ${ids.a}`],
        ['sessions', sql`select id from sessions where user_id in (select id from users where customer_id = ${ids.a})`],
        ['branches', sql`select id from customer_branches where customer_id = ${ids.a}`],
        ['tasks', sql`select id from tasks where kundennummer = '72001'`],
        [
          'task_activity',
          sql`select a.id from task_activity a join tasks t on t.id = a.task_id where t.kundennummer = '72001'`,
        ],
        [
          'ratings',
          sql`select r.task_id as id from task_ratings r join tasks t on t.id = r.task_id where t.kundennummer = '72001'`,
          'task_id',
        ],
        [
          'mails',
          sql`select m.id from mail_outbox m left join tasks t on t.id = m.task_id
          where t.kundennummer = '72001' or lower(m."to") in ('linde@example.at', 'lena@linde.at')`,
        ],
        ['documents', sql`select id from customer_documents where customer_id = ${ids.a}`],
        ['insolvency_cases', sql`select id from insolvency_cases where customer_id = ${ids.a}`],
        ['insolvency_activity', sql`select id from insolvency_activity where case_id = ${ids.caseId}`],
        ['rksv_orders', sql`select id from rksv_orders where customer_id = ${ids.a}`],
        ['rksv_order_activity', sql`select id from rksv_order_activity where order_id = ${ids.order}`],
        ['rksv_cards', sql`select id from rksv_cards where order_id = ${ids.order}`],
        ['invoices', sql`select id from invoices where order_id in (${ids.order}, ${ids.unpaid})`],
        ['signage_devices', sql`select id from signage_devices where customer_id = ${ids.a}`],
        ['signage_schedules', sql`select id from signage_schedules where customer_id = ${ids.a}`],
        ['cashbook', sql`select id from cashbook_transactions where customer_id = ${ids.a}`],
      ];
      assert.deepEqual(expected.map(([a]) => a).sort(), [...GDPR_EXPORT_AREAS].sort(), 'every area is checked');
      for (const [area, q, key] of expected) {
        const db = await idsOf(q);
        assert.ok(db.length > 0, `${area}: the fixture has rows`);
        assert.deepEqual(shown(area, key), db, area);
      }

      // The values are the database's.
      const [customer] = json(files, 'customer');
      assert.deepEqual(
        { ...customer, created_at: undefined, updated_at: undefined },
        {
          id: ids.a,
          kundennummer: '72001',
          firma: 'Gasthaus Linde',
          kontaktperson: 'Lena Linde',
          email: 'Linde@Example.at',
          telefon: '+43 1 2345678',
          adresse: 'Lindengasse 1',
          plz: '1070',
          ort: 'Wien',
          uid: 'ATU12345678',
          country_id: 1,
          source: 'AT',
          stripe_cu_id: null,
          active: true,
          created_at: undefined,
          updated_at: undefined,
        },
      );
      const [account] = json(files, 'accounts');
      assert.equal(account!.email, 'lena@linde.at');
      assert.equal(account!.language, 'ar');
      const [task] = json(files, 'tasks');
      assert.equal(task!.beschreibung, 'Bitte Frau Linde unter 0664 1234567 zurückrufen');
      assert.deepEqual(
        (task!.messages as Row[]).map((m) => m.content),
        ['Die Kassa druckt nicht, Lena'],
      );
      assert.deepEqual(
        (task!.files as Row[]).map((f) => f.name),
        ['Foto Kassa.pdf'],
      );
      assert.equal(json(files, 'ratings')[0]!.comment, 'Sehr nett, danke Lena');
      assert.equal(json(files, 'invoices')[0]!.number, '2026-72001');
      const cashbook = json(files, 'cashbook');
      const hashes = await exec<{ seq: number; description: string }>(
        sql`select seq, description from cashbook_transactions where customer_id = ${ids.a} order by seq`,
      );
      assert.deepEqual(
        cashbook.map((c) => [c.seq, c.description]),
        hashes.map((h) => [h.seq, h.description]),
      );
      // Times are the database's instants.
      const [dbTask] = await exec<{ erstellt_am: string }>(
        sql`select to_char(erstellt_am at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as erstellt_am from tasks where id = ${ids.task}`,
      );
      assert.equal(new Date(String(task!.erstellt_am)).toISOString().slice(0, 19), dbTask!.erstellt_am);

      // Nothing of another customer, no password hash, token, key or code.
      const everything = Object.entries(files)
        .filter(([name]) => name.endsWith('.json'))
        .map(([, bytes]) => strFromU8(bytes))
        .join('\n');
      const [hashes2] = await exec<{
        password_hash: string;
        token_hash: string;
      }>(sql`select u.password_hash, s.token_hash
        from users u join sessions s on s.user_id = u.id where u.id = ${customerAUser} limit 1`);
      for (const secret of [
        hashes2!.password_hash,
        hashes2!.token_hash,
        'password_hash',
        'token_hash',
        'AES-SECRET-KEY',
        'DEVICE-KEY-HASH',
        'INVOICE-TOKEN-SECRET',
        'SECRET-INVITE',
        'activation_code',
        's-paid',
        'Fremde',
        'Other GmbH',
        'Schulung Other',
      ])
        assert.ok(!everything.includes(secret), `the export holds ${secret}`);
      assert.ok(everything.includes('set-password?token=…'), 'the mail is there, its token is not');

      // Mailed to the admin who asked, in German, with the customer page's link.
      const [mail] = await exec<{ subject: string; text: string }>(
        sql`select subject, text from mail_outbox where "to" = ${adminEmail} order by id desc limit 1`,
      );
      assert.equal(mail?.subject, 'Ihr Datenexport ist fertig');
      assert.match(mail!.text, /Gasthaus Linde \(Kundennummer 72001\)/);
      assert.ok(mail!.text.includes(`http://portal.test/agent-dashboard/customers/${ids.a}`));
    });

    it('lets the customer export their own data, read only their own job, and mails them in their language', async () => {
      const none = await get('/api/business/export', customerA);
      assert.deepEqual(none.json(), { lastExport: null });
      const started = await post('/api/business/export', customerA);
      assert.equal(started.statusCode, 202, started.body);
      ownJob = started.json().jobId;
      // A second click while it runs answers the same job.
      const again = await post('/api/business/export', customerA);
      const job = await finished(ownJob, customerA);
      if (again.json().jobId !== ownJob) await finished(again.json().jobId, customerA);
      ownJobs.add(ownJob).add(again.json().jobId);
      assert.equal(job.status, 'done');
      assert.equal((await get('/api/business/export', customerA)).json().lastExport.id, again.json().jobId);
      const files = await download(ownJob, customerA);
      assert.equal(json(files, 'customer')[0]!.kundennummer, '72001');

      // Another customer, an agent (of either country) and a foreign job: 404; the admin may read it.
      for (const token of [customerB, agentAT, agentEG]) {
        const res = await get(`/api/gdpr-jobs/${ownJob}`, token);
        assert.equal(res.statusCode, 404, res.body);
        assert.equal(res.json().message, 'Export nicht gefunden.');
        assert.equal((await get(`/api/gdpr-jobs/${ownJob}/download`, token)).statusCode, 404);
      }
      assert.equal((await get(`/api/gdpr-jobs/${ownJob}`, admin)).statusCode, 200);
      // The admin's export of the same customer is not the customer's own.
      assert.equal((await get(`/api/gdpr-jobs/${adminJob}`, customerA)).statusCode, 404);
      assert.equal((await get('/api/gdpr-jobs/999999', admin)).statusCode, 404);
      assert.equal((await get('/api/gdpr-jobs/abc', admin)).statusCode, 400);
      assert.equal((await t.app.inject({ method: 'GET', url: `/api/gdpr-jobs/${ownJob}` })).statusCode, 401);

      // Only admins start a staff export: agents of either country are refused, an unknown customer is 404.
      assert.equal((await post(`/api/customers/${ids.a}/export`, agentEG)).statusCode, 403);
      assert.equal((await post(`/api/customers/${ids.a}/export`, agentAT)).statusCode, 403);
      assert.equal((await post(`/api/customers/${ids.a}/export`, customerA)).statusCode, 403);
      const unknown = await post('/api/customers/2147483000/export', admin);
      assert.equal(unknown.statusCode, 404);
      assert.equal(unknown.json().message, 'Kunde nicht gefunden.');
      assert.equal((await post('/api/business/export', agentAT)).statusCode, 403);

      // The mail in Arabic, to the account that asked, linking the business dashboard.
      const [mail] = await exec<{ subject: string; text: string }>(
        sql`select subject, text from mail_outbox where "to" = 'lena@linde.at' and subject <> 'Zu Ihrer Anfrage'
          order by id desc limit 1`,
      );
      assert.equal(mail?.subject, 'تصدير بياناتك جاهز');
      assert.ok(mail!.text.includes('http://portal.test/business-dashboard'));
    });

    let erasure: GdprErasure;
    let keptBefore: Row[];
    const kept = () =>
      exec(sql`select 'invoice' as k, id, number as a, data::text as b from invoices where order_id = ${ids.order}
        union all select 'order', id, companyname, email || phone || address from rksv_orders where id = ${ids.order}
        union all select 'cashbook', id, hash, description from cashbook_transactions where customer_id = ${ids.a}
        union all select 'insolvency', id, administrator_name, coalesce(administrator_email, '') from insolvency_cases
          where customer_id = ${ids.a}
        order by 1, 2`);

    it('refuses an erasure without a reason, at the field, in German', async () => {
      for (const payload of [{}, { reason: '   ' }]) {
        const res = await post(`/api/customers/${ids.a}/erase`, admin, payload);
        assert.equal(res.statusCode, 400);
        assert.deepEqual(
          res.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
          [['reason', 'Bitte geben Sie den Grund der Löschung an.']],
        );
      }
      assert.equal((await post(`/api/customers/${ids.a}/erase`, agentAT, { reason: 'x' })).statusCode, 403);
      assert.equal((await post(`/api/customers/${ids.a}/erase`, customerA, { reason: 'x' })).statusCode, 403);
      assert.equal((await post('/api/customers/2147483000/erase', admin, { reason: 'x' })).statusCode, 404);
    });

    it('erases what no law requires, keeps exactly the retained kinds untouched with their dates, and the chain verifies', async () => {
      keptBefore = await kept();
      const before = await verifyChain(t.db, 1);
      assert.equal(before.ok, true);
      const res = await post(`/api/customers/${ids.a}/erase`, admin, {
        reason: 'Antrag der Kundin per E-Mail vom 18.11.2026',
      });
      assert.equal(res.statusCode, 200, res.body);
      erasure = res.json();
      const count = Object.fromEntries(erasure.erased.map((e) => [e.kind, e.count]));
      assert.deepEqual(
        erasure.erased.map((e) => e.kind),
        [...ERASED_KINDS],
      );
      assert.deepEqual(count, {
        customer_contact: 1,
        task_contacts: 1,
        // The description, the title, the message, the mail copy and the note.
        task_texts: 5,
        task_files: 1,
        // The task's mail, the invitation, the mails of the account's own exports.
        mails: 2 + ownJobs.size,
        rating_comments: 1,
        signage_names: 1,
        documents: 1,
        branches: 1,
        user_accounts: 1,
        sessions: 1,
        exports: 1 + ownJobs.size,
        unpaid_orders: 1,
        // The admin's export of the customer; the erasure's own entry is redacted after its commit.
        audit_values: 1,
      });
      assert.deepEqual(erasure.retained, [
        { kind: 'invoices', count: 1, until: '2033-12-31' },
        { kind: 'rksv_orders', count: 1, until: '2033-12-31' },
        { kind: 'cashbook', count: 1, until: '2032-12-31' },
        { kind: 'cashbook', count: 2, until: '2033-12-31' },
        { kind: 'insolvency', count: 1, until: '2032-12-31' },
      ]);

      // The retained records are exactly as they were; the cashbook chain still verifies.
      assert.deepEqual(await kept(), keptBefore);
      assert.deepEqual(await verifyChain(t.db, 1), before);

      // The rest is gone.
      const [c] = await exec(sql`select firma, kontaktperson, email, telefon, adresse, plz, ort, uid, active
        from customers where id = ${ids.a}`);
      assert.deepEqual(c, {
        firma: 'Gasthaus Linde',
        kontaktperson: null,
        email: null,
        telefon: null,
        adresse: null,
        plz: null,
        ort: null,
        uid: 'ATU12345678',
        active: false,
      });
      const [task] = await exec(sql`select titel, beschreibung, kontaktperson, email, telefon_mobil, adresse, uid
        from tasks where id = ${ids.task}`);
      assert.deepEqual(task, {
        titel: 'Rückruf an [DSGVO]',
        beschreibung: '[DSGVO]',
        kontaktperson: null,
        email: null,
        telefon_mobil: null,
        adresse: null,
        uid: null,
      });
      assert.deepEqual(await exec(sql`select notiz from task_notes where task_id = ${ids.task}`), [
        { notiz: 'Kundin: [DSGVO], [DSGVO]' },
      ]);
      assert.deepEqual(await exec(sql`select content from task_messages where task_id = ${ids.task}`), [
        { content: '[DSGVO]' },
      ]);
      assert.deepEqual(await exec(sql`select comment from task_ratings where task_id = ${ids.task}`), [
        { comment: null },
      ]);
      assert.deepEqual(await exec(sql`select count(*)::int as n from task_files where task_id = ${ids.task}`), [
        { n: 0 },
      ]);
      assert.deepEqual(
        await exec(sql`select count(*)::int as n from customer_documents where customer_id = ${ids.a}`),
        [{ n: 0 }],
      );
      assert.deepEqual(await exec(sql`select count(*)::int as n from customer_branches where customer_id = ${ids.a}`), [
        { n: 0 },
      ]);
      assert.deepEqual(await exec(sql`select device_name, location from signage_devices where id = ${ids.device}`), [
        { device_name: null, location: null },
      ]);
      assert.deepEqual(await exec(sql`select companyname, email from rksv_orders where id = ${ids.unpaid}`), [
        { companyname: '[DSGVO]', email: '[DSGVO]' },
      ]);
      const [account] = await exec(
        sql`select email, name, active, password_hash from users where id = ${customerAUser}`,
      );
      assert.deepEqual(account, {
        email: `geloescht-${customerAUser}@dsgvo.invalid`,
        name: '[DSGVO]',
        active: false,
        password_hash: null,
      });
      assert.equal((await get('/api/business/overview', customerA)).statusCode, 401, 'the session is revoked');
      assert.deepEqual(
        await exec(
          sql`select count(*)::int as n from mail_outbox where lower("to") in ('lena@linde.at', 'linde@example.at')`,
        ),
        [{ n: 0 }],
      );
      // The stored files go after the commit; the exports' downloads are gone.
      for (const key of ['tasks/gdpr-task-file.pdf', 'documents/gdpr-doc.pdf']) assert.ok(await gone(key), key);
      const expired = await get(`/api/gdpr-jobs/${adminJob}/download`, admin);
      assert.equal(expired.statusCode, 410);
      assert.equal(expired.json().message, 'Der Download ist abgelaufen. Bitte starten Sie einen neuen Export.');
      assert.equal((await get(`/api/gdpr-jobs/${adminJob}`, admin)).json().downloadUrl, null);

      // The audit trail keeps the erasure, without the customer's values, and its chain verifies.
      assert.ok(await redacted(ids.a), 'every audit entry of the customer is redacted');
      const [entry] = await exec<{ action: string; changes: Row }>(
        sql`select action, changes from audit_log where customer_id = ${ids.a} and action = 'eraseCustomerData'`,
      );
      assert.deepEqual(entry, { action: 'eraseCustomerData', changes: { _redacted: '2026-11-20' } });
      assert.equal((await verifyAuditTrail({ db: t.db, config: t.config })).ok, true);

      // Customer B is untouched.
      assert.deepEqual(await exec(sql`select email, kontaktperson, active from customers where id = ${ids.b}`), [
        { email: 'other@example.at', kontaktperson: 'Otto', active: true },
      ]);
      assert.deepEqual(
        await exec(sql`select count(*)::int as n from tasks where kundennummer = '72002' and email is not null`),
        [{ n: 1 }],
      );
      assert.equal((await get('/api/business/overview', customerB)).statusCode, 200);
    });

    it('a second erasure changes nothing and answers what is kept; the customer page knows the erasure', async () => {
      const res = await post(`/api/customers/${ids.a}/erase`, admin, { reason: 'noch einmal' });
      assert.equal(res.statusCode, 200, res.body);
      const second = res.json() as GdprErasure;
      assert.deepEqual(
        second.erased,
        ERASED_KINDS.map((kind) => ({ kind, count: 0 })),
      );
      assert.deepEqual(second.retained, erasure.retained);
      assert.deepEqual(await kept(), keptBefore);
      assert.equal((await verifyChain(t.db, 1)).ok, true);

      const state = await get(`/api/customers/${ids.a}/gdpr`, admin);
      assert.equal(state.statusCode, 200, state.body);
      assert.equal(state.json().erasedAt, NOW.toISOString());
      assert.equal(state.json().reason, 'Antrag der Kundin per E-Mail vom 18.11.2026', 'the first reason stays');
      assert.deepEqual(state.json().retained, erasure.retained);
      assert.equal((await get(`/api/customers/${ids.b}/gdpr`, admin)).json().erasedAt, null);
      assert.equal((await get(`/api/customers/${ids.a}/gdpr`, agentAT)).statusCode, 403);
    });

    it('keeps the contact data gone whoever writes the record (the sync brings the source back)', async () => {
      await exec(sql`update customers set email = 'linde@example.at', kontaktperson = 'Lena Linde', telefon = '1',
        active = true where id = ${ids.a}`);
      assert.deepEqual(
        await exec(sql`select email, kontaktperson, telefon, active from customers where id = ${ids.a}`),
        [{ email: null, kontaktperson: null, telefon: null, active: false }],
      );
      // Another customer's record is written as ever.
      await exec(sql`update customers set telefon = '2' where id = ${ids.b}`);
      assert.deepEqual(await exec(sql`select telefon from customers where id = ${ids.b}`), [{ telefon: '2' }]);
    });

    it('the nightly job anonymises each year once its seven years are over, then the record; the chain still verifies', async () => {
      const run = (day: string) =>
        anonymiseDue({ db: t.db, config: t.config, storage: t.storage, clock: () => new Date(`${day}T02:00:00Z`) });
      // 2033: the records of 2025 are free (insolvency case ended 2025, a cashbook entry of 2025).
      assert.deepEqual(await run('2033-01-01'), { erasures: 1, completed: 0 });
      assert.deepEqual(
        await exec(sql`select administrator_name, administrator_email from insolvency_cases where id = ${ids.caseId}`),
        [{ administrator_name: '[DSGVO]', administrator_email: null }],
      );
      assert.deepEqual(await exec(sql`select companyname from rksv_orders where id = ${ids.order}`), [
        { companyname: 'Gasthaus Linde' },
      ]);
      const state = await anonymiseDueState();
      assert.equal(state.anonymised_through, 2025);
      // 2034: 2026 is free too; nothing is kept, the record itself goes.
      assert.deepEqual(await run('2034-01-01'), { erasures: 1, completed: 1 });
      const [invoice] = await exec<{ number: string; buyer: Row; pdf_path: string | null }>(
        sql`select number, data -> 'buyer' as buyer, pdf_path from invoices where id = ${ids.invoice}`,
      );
      assert.equal(invoice!.number, '2026-72001', 'the number stays');
      assert.equal((invoice!.buyer as Row).name, '[DSGVO]');
      assert.deepEqual(await exec(sql`select companyname, email from rksv_orders where id = ${ids.order}`), [
        { companyname: '[DSGVO]', email: '[DSGVO]' },
      ]);
      assert.deepEqual(await exec(sql`select firma, uid from customers where id = ${ids.a}`), [
        { firma: '[DSGVO]', uid: null },
      ]);
      assert.equal((await verifyChain(t.db, 1)).ok, true, 'the cashbook is never changed');
      assert.deepEqual(
        (await kept()).filter((r) => r.k === 'cashbook'),
        keptBefore.filter((r) => r.k === 'cashbook'),
      );
      assert.deepEqual(await run('2034-01-02'), { erasures: 0, completed: 0 });
    });

    async function anonymiseDueState() {
      const [row] = await exec<{ anonymised_through: number | null }>(
        sql`select anonymised_through from gdpr_erasures where customer_id = ${ids.a}`,
      );
      return row!;
    }

    it('erases a customer with nothing to keep at once, record included', async () => {
      await exec(sql`insert into tasks (titel, beschreibung, frist, country_id, typ, kundennummer, email)
        values ('Frage', 'Text', ${'2026-12-01T10:00:00Z'}, 1, 1, '72003', 'nur@example.at')`);
      const res = await post(`/api/customers/${ids.c}/erase`, admin, { reason: 'Antrag' });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json().retained, []);
      assert.deepEqual(await exec(sql`select firma, email, active from customers where id = ${ids.c}`), [
        { firma: '[DSGVO]', email: null, active: false },
      ]);
    });

    it('removes an export past its seven days and one a stopped process left running', async () => {
      const started = await post(`/api/customers/${ids.b}/export`, admin);
      const jobId = started.json().jobId as number;
      assert.equal((await finished(jobId, admin)).status, 'done');
      const [row] = await exec<{ stored_name: string }>(sql`select stored_name from gdpr_jobs where id = ${jobId}`);
      const key = `gdpr/${row!.stored_name}`;
      assert.ok(await t.storage.exists(key));
      await exec(sql`insert into gdpr_jobs (customer_id, requested_as, status, created_at)
        values (${ids.b}, 'admin', 'running', ${'2026-11-20T08:00:00Z'})`);
      const later = {
        db: t.db,
        config: t.config,
        storage: t.storage,
        clock: () => new Date(NOW.getTime() + 8 * 86_400_000),
      };
      assert.deepEqual(await cleanGdprExports(later), { expired: 1, cutOff: 1 });
      assert.equal(await t.storage.exists(key), false);
      const view = (await get(`/api/gdpr-jobs/${jobId}`, admin)).json() as GdprJob;
      assert.equal(view.downloadUrl, null);
      assert.equal((await get(`/api/gdpr-jobs/${jobId}/download`, admin)).statusCode, 410);
      assert.deepEqual(
        await exec(sql`select status from gdpr_jobs where customer_id = ${ids.b} and status <> 'done'`),
        [{ status: 'failed' }],
      );
      assert.deepEqual(await cleanGdprExports(later), { expired: 0, cutOff: 0 });
    });
  });
}
