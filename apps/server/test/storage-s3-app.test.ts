import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import nodemailer, { type Transport } from 'nodemailer';
import { pino } from 'pino';
import { invoices, mailOutbox, rksvOrders } from '../src/db/schema/index.js';
import { createMailer } from '../src/platform/mail.js';
import { cleanOrphanFiles } from '../src/platform/orphan-files.js';
import { solveAltcha } from './altcha-solve.js';
import { addUser, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { startS3Server, type TestS3 } from './s3-server.js';
import { PDF, PNG, fields, postMultipart, seedCustomers } from './tasks-fixtures.js';
import { RKSV_ORDER as ORDER } from './request-fixtures.js';

const CUSTOMER = { kundennummer: '10001', firma: 'Gasthaus Zum Goldenen Hirschen' };

/** Every object s3rver holds, as "bucket/key" (its folder mirrors the keys, the bytes in `<key>._S3rver_object`). */
function objectsIn(s3: TestS3): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('._S3rver_object'))
        out.push(path.relative(s3.dir, p).slice(0, -'._S3rver_object'.length));
    }
  };
  walk(s3.dir);
  return out;
}

/** A transport that keeps each raw message, to see what a mail really carried. */
function capturingTransport(sent: string[]) {
  const capture: Transport<{ messageId: string }> = {
    name: 'capture',
    version: '1',
    send(mail, done) {
      const chunks: Buffer[] = [];
      const stream = mail.message.createReadStream();
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', done);
      stream.on('end', () => {
        sent.push(Buffer.concat(chunks).toString());
        done(null, { messageId: mail.message.messageId() });
      });
    },
  };
  return nodemailer.createTransport(capture);
}

for (const target of dbTargets()) {
  describe(`the server with STORAGE_URL=s3://… (${target})`, () => {
    let s3: TestS3;
    let t: TestApp;
    before(async () => {
      s3 = await startS3Server();
      t = await createTestApp(target, { STORAGE_URL: s3.url('portal'), PUBLIC_FORM_RATE_LIMIT: '1000' });
      await seedCustomers(t.db);
    });
    after(async () => {
      await t.close();
      await s3.close();
    });

    it('keeps task files in the bucket, serves them from there, and the orphan cleaner works on it', async () => {
      assert.equal(t.storage.location, 's3://portal-test/portal/');
      const u = await addUser(t.db, { role: 'admin', flags: ['tasks'] });
      const token = await login(t.app, u.email, u.password);
      const res = await postMultipart(t.app, '/api/create-task', token, [
        ...fields({
          ...CUSTOMER,
          titel: 'Mit Dateien',
          beschreibung: 'x',
          frist: new Date(Date.now() + 86400_000).toISOString(),
          typ: 1,
          userID: u.id,
          createdByUserID: u.id,
        }),
        { name: 'files', file: { filename: 'bon.png', content: PNG } },
        { name: 'files', file: { filename: 'beleg.pdf', content: PDF } },
      ]);
      assert.equal(res.statusCode, 200, res.body);
      const detail = await t.app.inject({
        url: `/api/task-detail-agent/${res.json().aufgabeID}/${u.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      const files = detail.json().taskFiles as { datei_name: string; original_name: string }[];
      assert.equal(files.length, 2);
      // In the bucket, below the folder of the URL; nothing left on this server's disk.
      assert.deepEqual(
        objectsIn(s3)
          .filter((k) => k.includes('/tasks/'))
          .sort(),
        files.map((f) => path.join('portal-test', 'portal', 'tasks', f.datei_name)).sort(),
      );
      assert.equal(fs.existsSync(path.join(t.config.uploads.dir, 'tasks')), false);
      assert.deepEqual(fs.readdirSync(path.join(t.config.uploads.dir, 'tmp')), [], 'the staged files are gone');

      for (const [f, content, type] of [
        [files.find((x) => x.original_name === 'bon.png')!, PNG, 'image/png'],
        [files.find((x) => x.original_name === 'beleg.pdf')!, PDF, 'application/pdf'],
      ] as const) {
        const dl = await t.app.inject({
          url: `/protected-files/uploads/tasks/${f.datei_name}`,
          headers: { authorization: `Bearer ${token}` },
        });
        assert.equal(dl.statusCode, 200);
        assert.equal(dl.headers['content-type'], type);
        assert.deepEqual(dl.rawPayload, content);
      }
      // A row whose object is gone answers 404, not an error.
      await t.storage.delete(`tasks/${files[0]!.datei_name}`);
      const gone = await t.app.inject({
        url: `/protected-files/uploads/tasks/${files[0]!.datei_name}`,
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(gone.statusCode, 404);

      // An object without its row (a crash between upload and commit), seen as old by the cleaner.
      await t.storage.put('tasks/zz1-aaaaaaaaaaaaaaaaaaaaaaaa.png', PNG);
      const removed = await cleanOrphanFiles(t, Date.now() + 2 * 3600_000);
      assert.deepEqual(removed, ['tasks/zz1-aaaaaaaaaaaaaaaaaaaaaaaa.png']);
      assert.equal(await t.storage.exists(`tasks/${files[1]!.datei_name}`), true, 'a file with its row stays');
    });

    it('stores the invoice PDF in the bucket, serves it from there and attaches it to the mail from there', async () => {
      const products = (await t.app.inject({ url: '/web/rksv-products' })).json() as { id: number; kind: string }[];
      const created = await t.app.inject({
        method: 'POST',
        url: '/web/create-rksv-payment',
        payload: { ...ORDER, productId: products.find((p) => p.kind === 'main')!.id, altcha: await solveAltcha(t.app) },
      });
      assert.equal(created.statusCode, 200, created.body);
      const [order] = await t.db
        .select()
        .from(rksvOrders)
        .where(eq(rksvOrders.session_url, created.json().data.sessionUrl));
      const paid = await t.app.inject({
        method: 'POST',
        url: `/web/checkout/${encodeURIComponent(order!.session_id!)}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'method=card',
      });
      assert.ok(paid.statusCode < 400, paid.body);
      const [inv] = await t.db.select().from(invoices).where(eq(invoices.order_id, order!.id));
      assert.ok(inv);
      assert.equal(inv.pdf_path, `invoices/${inv.number}.pdf`);
      assert.ok(objectsIn(s3).includes(path.join('portal-test', 'portal', 'invoices', `${inv.number}.pdf`)));
      assert.equal(fs.existsSync(path.join(t.config.uploads.dir, 'invoices')), false);

      const pdf = await t.app.inject({ url: `/web/rksv-invoice/${inv.access_token}` });
      assert.equal(pdf.statusCode, 200);
      assert.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-');
      assert.equal(Number(pdf.headers['content-length']), pdf.rawPayload.length);

      // The confirmation mail names the key; a mailer with SMTP streams the PDF from the bucket.
      const [mail] = await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, ORDER.email))
        .orderBy(asc(mailOutbox.id));
      // The app's own mailer (no SMTP: it logs) handles the mail after the commit, unawaited by the answer:
      // it is done with it before the row is set back to pending for the SMTP mailer below, else its late
      // "logged" would overwrite that (seen under CI load).
      for (let i = 0; i < 100; i++) {
        const [row] = await t.db
          .select({ status: mailOutbox.status })
          .from(mailOutbox)
          .where(eq(mailOutbox.id, mail!.id));
        if (row!.status !== 'pending') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.deepEqual(mail!.attachments, [
        { filename: `Rechnung-${inv.number}.pdf`, key: `invoices/${inv.number}.pdf`, contentType: 'application/pdf' },
      ]);
      await t.db.update(mailOutbox).set({ status: 'pending', attempts: 0 }).where(eq(mailOutbox.id, mail!.id));
      const sent: string[] = [];
      const mailer = createMailer(t.db, pino({ level: 'silent' }), {
        from: 'x@y.at',
        storage: t.storage,
        transport: capturingTransport(sent),
      });
      await mailer.flush([mail!.id]);
      await mailer.close();
      assert.equal(sent.length, 1);
      assert.match(sent[0]!, new RegExp(`filename=Rechnung-${inv.number}\\.pdf`));
      const base64 = pdf.rawPayload.toString('base64');
      assert.ok(sent[0]!.replace(/\r\n/g, '').includes(base64), 'the attachment is the stored PDF');
      const [after] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id));
      assert.equal(after!.status, 'sent');
    });

    it('a mail whose attachment is not stored yet waits for its retry', async () => {
      const [row] = await t.db
        .insert(mailOutbox)
        .values({
          to: 'a@b.at',
          subject: 's',
          text: 't',
          attachments: [{ filename: 'x.pdf', key: 'invoices/9999-99999.pdf', contentType: 'application/pdf' }],
        })
        .returning();
      const sent: string[] = [];
      const mailer = createMailer(t.db, pino({ level: 'silent' }), {
        from: 'x@y.at',
        storage: t.storage,
        transport: capturingTransport(sent),
      });
      await mailer.flush([row!.id]);
      await mailer.close();
      assert.equal(sent.length, 0);
      const [after] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
      assert.equal(after!.status, 'pending');
      assert.equal(after!.attempts, 1);
      assert.match(after!.last_error ?? '', /not in the storage/);
    });
  });
}
