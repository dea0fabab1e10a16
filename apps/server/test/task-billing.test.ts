import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  TASK_BILLING_MSG,
  TASK_TYPE,
  businessInvoiceListSchema,
  taskInvoiceSchema,
  taskTimeSchema,
} from '@portal/shared';
import { customers, invoices, mailOutbox, tasks, users } from '../src/db/schema/index.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { fields, postMultipart } from './tasks-fixtures.js';

/** The text of a PDF through Debian's pdftotext, spaces normalised. */
function pdfText(pdf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'task-invoice-')), 'r.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[\u00a0\u202f]/g, ' ');
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

const waitFor = async (check: () => Promise<boolean>, what: string) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`timed out waiting for ${what}`);
};

/**
 * Emergency time billed to the started hour (issue 31): time entries on an emergency task (only its
 * agent and admins, no overlaps, not in the future), and the invoice the close issues: 150 EUR net per
 * started hour, 20 % VAT, the shop's number series and PDF, mailed with the PDF, in the customer's dashboard.
 */
for (const target of dbTargets()) {
  describe(`emergency time and invoice (${target})`, () => {
    let t: TestApp;
    type User = { id: number; token: string };
    let admin: User, anna: User, ben: User, customer: User;
    // The services' clock: fixed, moved by the tests that need it.
    let clock = new Date('2026-03-10T12:00:00.000Z');
    const at = (iso: string) => new Date(iso).toISOString();
    const send = (method: 'GET' | 'POST', url: string, u: User | null, payload?: object) =>
      t.app.inject({ method, url, payload, headers: u ? bearer(u.token) : {} });
    const record = (u: User | null, taskID: number, from: string, to: string, note = '') =>
      send('POST', '/api/task-time', u, { taskID, started_at: at(from), ended_at: at(to), note });

    /** An emergency task of customer 10001 with the contact's e-mail, assigned to `agent`. */
    async function emergencyTask(agent: User = anna, typ: number = TASK_TYPE.emergency): Promise<number> {
      const created = await postMultipart(t.app, '/api/create-task', agent.token, [
        ...fields({
          titel: 'Kassa ausgefallen',
          beschreibung: 'Samstagabend, nichts geht.',
          frist: new Date(Date.now() + 86400_000).toISOString(),
          typ,
          userID: agent.id,
          kundennummer: '10001',
          firma: 'Gasthaus Zum Goldenen Hirschen',
        }),
      ]);
      assert.equal(created.statusCode, 200, created.body);
      const id = created.json().aufgabeID as number;
      // As the public emergency form fills it: the contact's e-mail and name.
      await t.db.update(tasks).set({ email: 'wirt@hirsch.at', kontaktperson: 'Maria Wirt' }).where(eq(tasks.id, id));
      return id;
    }

    const markDone = async (id: number, u: User = anna) => {
      const r = await send('POST', '/api/task-set-status', u, { taskID: id, status: 'erledigt' });
      assert.equal(r.statusCode, 200, r.body);
    };
    const close = (id: number, u: User = anna) =>
      postMultipart(t.app, '/api/audit-task', u.token, fields({ taskID: id, description: 'Kassa läuft wieder' }));

    before(async () => {
      t = await createTestApp(target, {}, { clock: () => clock });
      const mk = async (input: Parameters<typeof addUser>[1]) => {
        const u = await addUser(t.db, input);
        return { id: u.id, token: await login(t.app, u.email, u.password) };
      };
      admin = await mk({ role: 'admin', flags: ['tasks'], name: 'Adele Admin' });
      anna = await mk({ flags: ['tasks'], name: 'Anna Agentin' });
      ben = await mk({ flags: ['tasks'], name: 'Ben Berger' });
      const [c] = await t.db
        .insert(customers)
        .values({
          kundennummer: '10001',
          firma: 'Gasthaus Zum Goldenen Hirschen',
          kontaktperson: 'Maria Wirt',
          adresse: 'Hauptstraße 5',
          plz: '1010',
          ort: 'Wien',
          uid: 'ATU87654321',
          email: 'wirt@hirsch.at',
          country_id: 1,
        })
        .returning({ id: customers.id });
      customer = await mk({ role: 'customer' });
      await t.db.update(users).set({ customer_id: c!.id }).where(eq(users.id, customer.id));
    });
    after(() => t.close());

    it('61 minutes bill 2 hours: 300 EUR net, 60 EUR VAT, 360 EUR gross; PDF, mail and dashboard', async () => {
      const id = await emergencyTask();
      const rec = await record(anna, id, '2026-03-10T08:00:00Z', '2026-03-10T09:01:00Z', 'Kassa neu gestartet');
      assert.equal(rec.statusCode, 201, rec.body);
      assert.equal(rec.json().code, TASK_BILLING_MSG.recorded.code);
      const time = taskTimeSchema.parse((await send('GET', `/api/task-time/${id}`, anna)).json());
      assert.deepEqual(
        { total: time.totalMinutes, hours: time.hours, net: time.net, vat: time.vat, gross: time.gross },
        { total: 61, hours: 2, net: 30000, vat: 6000, gross: 36000 },
      );
      assert.equal(time.entries[0]!.note, 'Kassa neu gestartet');
      assert.equal(time.entries[0]!.user_name, 'Anna Agentin');

      await markDone(id);
      const closed = await close(id);
      assert.equal(closed.statusCode, 200, closed.body);
      const inv = await send('GET', `/api/task-invoice/${id}`, anna);
      assert.equal(inv.statusCode, 200, inv.body);
      const invoice = taskInvoiceSchema.parse(inv.json());
      assert.deepEqual(
        { net: invoice.net, vat: invoice.vat, gross: invoice.gross, url: invoice.url },
        { net: 30000, vat: 6000, gross: 36000, url: `/api/task-invoice/${id}/pdf` },
      );
      assert.match(invoice.number, /^2026-\d{5}$/);

      // The PDF: the shop's builder with the items of § 11 UStG.
      const pdf = await send('GET', invoice.url, anna);
      assert.equal(pdf.statusCode, 200);
      assert.equal(pdf.headers['content-type'], 'application/pdf');
      const text = pdfText(pdf.rawPayload);
      for (const part of [
        'Rechnung',
        invoice.number,
        'Rechnungsdatum',
        '10.03.2026',
        t.config.seller.name,
        `UID: ${t.config.seller.uid}`,
        'Gasthaus Zum Goldenen Hirschen',
        'z. H. Maria Wirt',
        'Hauptstraße 5',
        '1010 Wien',
        'UID: ATU87654321',
        'Leistungszeitraum',
        `#${id}`,
        'Notfall-Support',
        'Nettobetrag',
        '€ 300,00',
        'USt 20 %',
        '€ 60,00',
        'Gesamtbetrag brutto',
        '€ 360,00',
      ])
        assert.ok(text.includes(part), `PDF holds "${part}":\n${text}`);

      // The mail to the task's contact, queued with the PDF attached (written to the storage after commit).
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.task_id, id));
      const mail = mails.find((m) => m.subject.includes(invoice.number));
      assert.ok(mail, 'an invoice mail was queued');
      assert.equal(mail.to, 'wirt@hirsch.at');
      assert.match(mail.text, /Gesamtbetrag: €\s360,00/);
      assert.deepEqual(mail.attachments, [
        {
          filename: `Rechnung-${invoice.number}.pdf`,
          key: `invoices/${invoice.number}.pdf`,
          contentType: 'application/pdf',
        },
      ]);
      await waitFor(() => t.storage.exists(`invoices/${invoice.number}.pdf`), 'the invoice PDF in the storage');

      // The customer (matched by the kundennummer) sees it in the business dashboard and opens it.
      const list = businessInvoiceListSchema.parse((await send('GET', '/api/business/invoices', customer)).json());
      const listed = list.invoices.find((i) => i.number === invoice.number);
      assert.ok(listed, 'listed in the business dashboard');
      assert.deepEqual(
        { task: listed.task_id, order: listed.order_id, total: listed.total_amount },
        { task: id, order: null, total: 36000 },
      );
      const own = await send('GET', listed.pdf_path, customer);
      assert.equal(own.statusCode, 200);
      assert.equal(own.rawPayload.subarray(0, 5).toString(), '%PDF-');
    });

    it('60 minutes bill 1 hour; entries of several agents add up', async () => {
      const id = await emergencyTask();
      assert.equal((await record(anna, id, '2026-03-10T08:00:00Z', '2026-03-10T08:30:00Z')).statusCode, 201);
      assert.equal((await record(admin, id, '2026-03-10T08:30:00Z', '2026-03-10T09:00:00Z')).statusCode, 201);
      await markDone(id);
      assert.equal((await close(id)).statusCode, 200);
      const invoice = taskInvoiceSchema.parse((await send('GET', `/api/task-invoice/${id}`, admin)).json());
      assert.deepEqual([invoice.net, invoice.vat, invoice.gross], [15000, 3000, 18000]);
    });

    it('refuses overlapping entries (409), an end before the start and one in the future (400, by field)', async () => {
      const id = await emergencyTask();
      assert.equal((await record(anna, id, '2026-03-10T08:00:00Z', '2026-03-10T09:00:00Z')).statusCode, 201);
      const overlap = await record(anna, id, '2026-03-10T08:59:00Z', '2026-03-10T09:30:00Z');
      assert.equal(overlap.statusCode, 409);
      assert.deepEqual(overlap.json(), { message: TASK_BILLING_MSG.overlap.de, code: TASK_BILLING_MSG.overlap.code });
      const inside = await record(anna, id, '2026-03-10T08:10:00Z', '2026-03-10T08:20:00Z');
      assert.equal(inside.statusCode, 409);
      // Touching is no overlap.
      assert.equal((await record(anna, id, '2026-03-10T09:00:00Z', '2026-03-10T09:10:00Z')).statusCode, 201);

      const backwards = await record(anna, id, '2026-03-10T10:00:00Z', '2026-03-10T09:30:00Z');
      assert.equal(backwards.statusCode, 400);
      assert.deepEqual(
        backwards.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
        [['ended_at', TASK_BILLING_MSG.endAfterStart.de]],
      );
      const future = await record(anna, id, '2026-03-10T11:30:00Z', '2026-03-10T12:00:01Z');
      assert.equal(future.statusCode, 400);
      assert.deepEqual(
        future.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
        [['ended_at', TASK_BILLING_MSG.endInFuture.de]],
      );
      // Up to now is fine (the injected clock says 12:00).
      assert.equal((await record(anna, id, '2026-03-10T11:30:00Z', '2026-03-10T12:00:00Z')).statusCode, 201);
    });

    it('two overlapping entries sent at once: one is recorded, the other refused', async () => {
      const id = await emergencyTask();
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, i) => record(anna, id, `2026-03-10T0${i}:00:00Z`, '2026-03-10T05:00:00Z')),
      );
      assert.deepEqual(results.map((r) => r.statusCode).sort(), [201, 409, 409, 409]);
      const time = taskTimeSchema.parse((await send('GET', `/api/task-time/${id}`, anna)).json());
      assert.equal(time.entries.length, 1);
    });

    it('only the task’s agent and admins record; another agent 403, a customer 403, nobody 401', async () => {
      const id = await emergencyTask();
      const other = await record(ben, id, '2026-03-10T08:00:00Z', '2026-03-10T08:10:00Z');
      assert.equal(other.statusCode, 403);
      assert.equal((await record(customer, id, '2026-03-10T08:00:00Z', '2026-03-10T08:10:00Z')).statusCode, 403);
      assert.equal((await record(null, id, '2026-03-10T08:00:00Z', '2026-03-10T08:10:00Z')).statusCode, 401);
      assert.equal((await send('GET', `/api/task-time/${id}`, customer)).statusCode, 403);
      assert.equal((await send('GET', `/api/task-time/${id}`, null)).statusCode, 401);
      assert.equal((await send('GET', `/api/task-invoice/${id}`, null)).statusCode, 401);
      assert.equal((await record(admin, id, '2026-03-10T08:00:00Z', '2026-03-10T08:10:00Z')).statusCode, 201);
      // Not an emergency: no time.
      const support = await emergencyTask(anna, TASK_TYPE.support);
      const refused = await record(anna, support, '2026-03-10T08:00:00Z', '2026-03-10T08:10:00Z');
      assert.equal(refused.statusCode, 409);
      assert.equal(refused.json().code, TASK_BILLING_MSG.notEmergency.code);
    });

    it('start and stop: the running entry is kept on the server; the close ends it and bills it', async () => {
      const id = await emergencyTask();
      clock = new Date('2026-03-10T12:00:00.000Z');
      const started = await send('POST', '/api/task-time/start', anna, { taskID: id, note: 'Fernwartung' });
      assert.equal(started.statusCode, 201, started.body);
      assert.equal((await send('POST', '/api/task-time/start', anna, { taskID: id })).statusCode, 409);
      clock = new Date('2026-03-10T12:20:00.000Z');
      // A reload: the running entry comes back from the server.
      const running = taskTimeSchema.parse((await send('GET', `/api/task-time/${id}`, anna)).json());
      assert.equal(running.running?.started_at, '2026-03-10T12:00:00.000Z');
      assert.equal(running.running?.note, 'Fernwartung');
      // A manual entry reaching into the running one overlaps it.
      assert.equal((await record(anna, id, '2026-03-10T11:50:00Z', '2026-03-10T12:10:00Z')).statusCode, 409);
      const stopped = await send('POST', '/api/task-time/stop', anna, { taskID: id });
      assert.equal(stopped.statusCode, 200, stopped.body);
      assert.equal(stopped.json().totalMinutes, 20);
      assert.equal((await send('POST', '/api/task-time/stop', anna, { taskID: id })).statusCode, 409);

      // Started again and left running: the close ends it at the close and bills 20 + 50 minutes.
      assert.equal((await send('POST', '/api/task-time/start', anna, { taskID: id })).statusCode, 201);
      await markDone(id);
      clock = new Date('2026-03-10T13:10:00.000Z');
      assert.equal((await close(id)).statusCode, 200);
      const time = taskTimeSchema.parse((await send('GET', `/api/task-time/${id}`, anna)).json());
      assert.equal(time.running, null);
      assert.equal(time.totalMinutes, 70);
      const invoice = taskInvoiceSchema.parse((await send('GET', `/api/task-invoice/${id}`, anna)).json());
      assert.equal(invoice.net, 30000);
      // Closed: no more time.
      const late = await record(anna, id, '2026-03-10T09:00:00Z', '2026-03-10T09:10:00Z');
      assert.equal(late.statusCode, 409);
      assert.equal(late.json().code, TASK_BILLING_MSG.taskClosed.code);
      clock = new Date('2026-03-10T12:00:00.000Z');
    });

    it('an emergency task without time closes without an invoice', async () => {
      const id = await emergencyTask();
      await markDone(id);
      assert.equal((await close(id)).statusCode, 200);
      const inv = await send('GET', `/api/task-invoice/${id}`, anna);
      assert.equal(inv.statusCode, 404);
      assert.equal(inv.json().code, TASK_BILLING_MSG.noInvoice.code);
      assert.equal((await t.db.select().from(invoices).where(eq(invoices.task_id, id))).length, 0);
    });

    it('closes sent at once give one close and one invoice; the numbers stay gap-free', async () => {
      const id = await emergencyTask();
      assert.equal((await record(anna, id, '2026-03-10T08:00:00Z', '2026-03-10T08:05:00Z')).statusCode, 201);
      await markDone(id);
      const results = await Promise.all([close(id), close(id, admin), close(id), close(id, admin)]);
      assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 409, 409, 409]);
      const rows = await t.db.select().from(invoices).where(eq(invoices.task_id, id));
      assert.equal(rows.length, 1);
      const all = await t.db.select({ seq: invoices.seq }).from(invoices).where(eq(invoices.year, 2026));
      const seqs = all.map((r) => r.seq).sort((a, b) => a - b);
      assert.deepEqual(
        seqs,
        seqs.map((_, i) => i + 1),
      );
    });

    it('the database refuses a second invoice of one task', async () => {
      const [inv] = await t.db.select().from(invoices).limit(1);
      assert.ok(inv?.task_id);
      await assert.rejects(
        t.db.insert(invoices).values({ ...inv, id: undefined, seq: 99999, number: '2026-99999', access_token: 'x' }),
      );
    });
  });
}
