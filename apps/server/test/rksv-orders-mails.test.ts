import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { postTrackingUrl, RKSV_ORDERS_MSG as MSG } from '@portal/shared';
import { mailOutbox, rksvOrderActivity } from '../src/db/schema/index.js';
import { insertSampleOrder, type SampleOrder } from '../src/modules/rksv-orders/sample-orders.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';

/**
 * Issue 30: the order dialog's refusals name their field (tracking number, certificate serial), and
 * the buyer hears of their order: a mail when shipped and when ready for pickup, in the order's
 * language (else German), through the outbox, once per event, shown in the order's activity.
 */
for (const target of dbTargets()) {
  describe(`RKSV orders: field errors and the buyer's mails (${target})`, () => {
    let t: TestApp;
    let token = '';
    let agentId = 0;
    let n = 0;

    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    const add = async (s: Partial<SampleOrder>) => {
      n += 1;
      const email = `buyer${n}@example.at`;
      const o = await insertSampleOrder(t.db, t.config, {
        companyname: `Gasthaus ${n}`,
        customername: `Käufer ${n}`,
        email,
        agentId,
        ...s,
      });
      return { ...o, email };
    };
    const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    const activity = (orderId: number) =>
      t.db.select().from(rksvOrderActivity).where(eq(rksvOrderActivity.order_id, orderId));

    before(async () => {
      t = await createTestApp(target, { LOGIN_RATE_LIMIT: '1000' });
      const u = await addUser(t.db, { role: 'agent', flags: ['rksv', 'rksv_orders'], name: 'Anna' });
      agentId = u.id;
      token = await login(t.app, u.email, u.password);
    });
    after(() => t.close());

    it('a tracking number not of the Post’s form is refused at its field, with the expected form', async () => {
      const o = await add({ stage: 'created', delivery: 1 });
      for (const bad of ['RR1AT', '12345', '123456789012345678901', 'AB12345678AT', 'x'.repeat(101)]) {
        const res = await post('/api/rksv-set-tracking', { orderId: o.id, trackingNumber: bad });
        assert.equal(res.statusCode, 400, bad);
        const errors = res.json().errors as { field: string; message: string; code: string }[];
        assert.equal(errors[0]!.field, 'trackingNumber', bad);
        if (bad.length <= 100) {
          assert.equal(errors[0]!.code, MSG.trackingInvalid.code);
          assert.match(errors[0]!.message, /^Sendungsnummer ungültig: erwartet z\. B\. 1234567890123456789012 \(22 Ziffern\) oder RR123456789AT/);
        } else assert.equal(errors[0]!.code, MSG.trackingTooLong.code);
      }
      assert.equal((await mailsTo(o.email)).length, 0);
      // Nothing changed.
      assert.ok(!(await activity(o.id)).some((a) => a.action === 'tracking'));
    });

    it('a certificate serial that is not hexadecimal is refused at its field; every failing field is named', async () => {
      const o = await add({ stage: 'pickup', delivery: 0 });
      const res = await post('/api/rksv-activate-card', { cardId: o.cardIds[0], kassenid: '', cert_sn: 'CERT-1' });
      assert.equal(res.statusCode, 400);
      const errors = res.json().errors as { field: string; message: string; code: string }[];
      const byField = Object.fromEntries(errors.map((e) => [e.field, e]));
      assert.equal(byField.cert_sn?.code, MSG.certSnHex.code);
      assert.match(byField.cert_sn!.message, /hexadezimal/);
      assert.equal(byField.kassenid?.code, MSG.kassenidRequired.code);
      const ok = await post('/api/rksv-activate-card', { cardId: o.cardIds[0], kassenid: 'K-1', cert_sn: '3a:0f:12:bc' });
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal(ok.json().cert_sn, '3A0F12BC');
    });

    it('shipped: one mail in the order’s language with the number and the Post’s link, even from parallel requests', async () => {
      const o = await add({ stage: 'created', delivery: 1, lang: 'fr' });
      const number = '1012345678901234567890';
      // Five clicks at once with the number, spaced as printed on the label.
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => post('/api/rksv-set-tracking', { orderId: o.id, trackingNumber: '10123 45678 90123 45678 90' })),
      );
      assert.deepEqual(
        answers.map((a) => a.statusCode),
        [200, 200, 200, 200, 200],
        answers.map((a) => a.body).join('\n'),
      );
      const mails = await mailsTo(o.email);
      assert.equal(mails.length, 1);
      const [mail] = mails;
      assert.equal(mail!.subject, `Votre commande ${o.id} a été expédiée`);
      assert.match(mail!.text, /^Bonjour Käufer \d+,/);
      assert.ok(mail!.text.includes(number), mail!.text);
      assert.ok(mail!.text.includes(postTrackingUrl(number)), mail!.text);
      assert.ok(mail!.text.includes('https://www.post.at/s/sendungsdetails?snr=1012345678901234567890'));
      // Another number afterwards is a conflict and sends nothing.
      const other = await post('/api/rksv-set-tracking', { orderId: o.id, trackingNumber: 'RR123456789AT' });
      assert.equal(other.statusCode, 409);
      assert.equal(other.json().message, MSG.trackingWrongStage.de);
      assert.equal((await mailsTo(o.email)).length, 1);
      // The order's history names the mail, once.
      const rows = (await activity(o.id)).filter((a) => a.action === 'customer_mail');
      assert.equal(rows.length, 1);
      assert.deepEqual(
        { mail: rows[0]!.details.mail, to: rows[0]!.details.to, lang: rows[0]!.details.lang },
        { mail: 'shipped', to: o.email, lang: 'fr' },
      );
      assert.equal(rows[0]!.user_id, agentId);
      // … with the mail's delivery as the outbox has it now: waiting (or logged without SMTP), then delivered.
      type Shown = { action: string; mail_status?: string | null };
      const shownMail = async () => {
        const res = await t.app.inject({ method: 'GET', url: `/api/rksv-order-activity/${o.id}`, headers: bearer(token) });
        assert.equal(res.statusCode, 200);
        const list = res.json() as Shown[];
        assert.ok(list.filter((a) => a.action !== 'customer_mail').every((a) => !('mail_status' in a)));
        return list.find((a) => a.action === 'customer_mail')!.mail_status;
      };
      assert.equal(await shownMail(), mail!.status);
      await t.db.update(mailOutbox).set({ status: 'sent', sent_at: new Date() }).where(eq(mailOutbox.id, mail!.id));
      assert.equal(await shownMail(), 'sent');
      await t.db.update(mailOutbox).set({ status: 'failed' }).where(eq(mailOutbox.id, mail!.id));
      assert.equal(await shownMail(), 'failed');
    });

    it('parallel requests with different numbers: one ships and mails, the others get 409', async () => {
      const o = await add({ stage: 'created', delivery: 1, lang: 'ar' });
      const numbers = ['RR100000001AT', 'RR100000002AT', 'RR100000003AT', 'RR100000004AT'];
      const answers = await Promise.all(numbers.map((nr) => post('/api/rksv-set-tracking', { orderId: o.id, trackingNumber: nr })));
      assert.deepEqual(answers.map((a) => a.statusCode).sort(), [200, 409, 409, 409]);
      const mails = await mailsTo(o.email);
      assert.equal(mails.length, 1);
      const shipped = numbers[answers.findIndex((a) => a.statusCode === 200)]!;
      assert.equal(mails[0]!.subject, `تم شحن طلبك رقم ${o.id}`);
      assert.ok(mails[0]!.text.includes(shipped));
    });

    it('ready for pickup: one mail, German without a language, with the pickup address and opening hours', async () => {
      const o = await add({ stage: 'created', delivery: 0 });
      const answers = await Promise.all(Array.from({ length: 4 }, () => post('/api/rksv-set-pickup-ready', { orderId: o.id })));
      assert.deepEqual(
        answers.map((a) => a.statusCode),
        [200, 200, 200, 200],
      );
      const again = await post('/api/rksv-set-pickup-ready', { orderId: o.id });
      assert.equal(again.statusCode, 200);
      const mails = await mailsTo(o.email);
      assert.equal(mails.length, 1);
      const text = mails[0]!.text;
      assert.equal(mails[0]!.subject, `Ihre Bestellung ${o.id} ist abholbereit`);
      assert.match(text, /^Guten Tag Käufer \d+,/);
      assert.ok(text.includes(`Abholadresse: ${t.config.seller.name}, ${t.config.seller.address}`), text);
      assert.ok(text.includes('Montag bis Donnerstag: 09:30–17:30'), text);
      assert.ok(text.includes('Freitag: 09:30–15:00'), text);
      assert.ok(text.includes(`Bestellnummer ${o.id}`));
      assert.ok(!/Sendungsnummer/.test(text));
      const rows = (await activity(o.id)).filter((a) => a.action === 'customer_mail');
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.details.mail, 'pickupReady');
      assert.equal(rows[0]!.details.lang, 'de');
    });

    it('English order: the pickup mail in English; a shipping order cannot be marked ready (no mail)', async () => {
      const o = await add({ stage: 'created', delivery: 0, lang: 'en' });
      assert.equal((await post('/api/rksv-set-pickup-ready', { orderId: o.id })).statusCode, 200);
      const [mail] = await mailsTo(o.email);
      assert.equal(mail!.subject, `Your order ${o.id} is ready for pickup`);
      assert.ok(mail!.text.includes('Monday to Thursday: 09:30–17:30'));
      const shipping = await add({ stage: 'created', delivery: 1, lang: 'en' });
      assert.equal((await post('/api/rksv-set-pickup-ready', { orderId: shipping.id })).statusCode, 409);
      assert.equal((await mailsTo(shipping.email)).length, 0);
    });
  });
}
