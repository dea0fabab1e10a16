import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, count, eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import { SHOP_MSG } from '@portal/shared';
import {
  invoiceCounters,
  invoices,
  localCheckoutSessions,
  mailOutbox,
  paymentEvents,
  products,
  rksvCards,
  rksvOrders,
} from '../src/db/schema/index.js';
import { SHOP_ERR } from '../src/modules/shop/common.js';
import { solveAltcha } from './altcha-solve.js';
import { createTestApp, dbTargets, type TestApp } from './helpers.js';
import { startStripeStub, type StripeStub } from './stripe-stub.js';
import { RKSV_ORDER } from './request-fixtures.js';

const order = { ...RKSV_ORDER, quantity: 2, deliveryMethod: 'shipping' };

// Default products: 69,00 € per unit, shipping 6,90 €.
const PRICE = 6900;
const SHIPPING = 690;

/** The text of a PDF, through Debian's pdftotext; spaces normalised. */
function pdfText(pdf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-')), 'r.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[\u00a0\u202f]/g, ' ');
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

function shopApi(t: () => TestApp) {
  const api = {
    products: async () =>
      (await t().app.inject({ method: 'GET', url: '/web/rksv-products' })).json() as {
        id: number;
        kind: string;
        price: number;
      }[],
    mainId: async () => (await api.products()).find((p) => p.kind === 'main')!.id,
    create: async (over: Record<string, unknown> = {}, url = '/web/create-rksv-payment') =>
      t().app.inject({
        method: 'POST',
        url,
        payload: { ...order, productId: await api.mainId(), altcha: await solveAltcha(t().app), ...over },
      }),
    createOk: async (over: Record<string, unknown> = {}, url = '/web/create-rksv-payment') => {
      const res = await api.create(over, url);
      assert.equal(res.statusCode, 200, res.body);
      const sessionUrl = res.json().data.sessionUrl as string;
      const [row] = await t().db.select().from(rksvOrders).where(eq(rksvOrders.session_url, sessionUrl));
      assert.ok(row, 'order stored');
      return { sessionUrl, sessionId: row.session_id, order: row };
    },
    details: (sessionId: string) =>
      t().app.inject({ method: 'GET', url: `/web/rksv-order-details?session_id=${encodeURIComponent(sessionId)}` }),
    setStatus: (session_id: string, status = 'failed') =>
      t().app.inject({ method: 'POST', url: '/web/update-rksv-order-status', payload: { session_id, status } }),
    orderOf: async (sessionId: string) =>
      (await t().db.select().from(rksvOrders).where(eq(rksvOrders.session_id, sessionId)))[0]!,
    cards: async (orderId: number) =>
      (await t().db.select({ n: count() }).from(rksvCards).where(eq(rksvCards.order_id, orderId)))[0]!.n,
    invoicesOf: (orderId: number) => t().db.select().from(invoices).where(eq(invoices.order_id, orderId)),
    mailsTo: (to: string) => t().db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id)),
  };
  return api;
}

for (const target of dbTargets()) {
  describe(`RKSV shop with the built-in test checkout (${target})`, () => {
    let t: TestApp;
    const api = shopApi(() => t);
    const pay = (sessionId: string, method = 'card') =>
      t.app.inject({
        method: 'POST',
        url: `/web/checkout/${encodeURIComponent(sessionId)}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `method=${method}`,
      });

    before(async () => {
      t = await createTestApp(target);
    });
    after(() => t.close());

    it('lists the main product and the shipping product, prices in gross cents', async () => {
      const list = await api.products();
      assert.deepEqual(
        list.map((p) => [p.kind, p.price]),
        [
          ['main', PRICE],
          ['shipping', SHIPPING],
        ],
      );
      // Reference data is ensured at every start without duplicates.
      const { ensureReferenceData } = await import('../src/db/reference-data.js');
      await ensureReferenceData(t.db);
      assert.equal((await t.db.select({ n: count() }).from(products))[0]!.n, 2);
    });

    it('validates the order with the shared schema and its German messages', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ company: ' ' }, 'Firmenname ist erforderlich'],
        [{ taxId: 'ATU1234' }, SHOP_MSG.uid.de],
        [{ taxIdType: 'steuernummer', taxId: 'ATU12345678' }, SHOP_MSG.steuernummer.de],
        [{ taxId: 'FN 123456a' }, SHOP_MSG.companyRegister.de],
        [{ postalCode: '11900' }, 'PLZ muss 4 Ziffern enthalten'],
        [{ phone: '12' }, SHOP_MSG.phone.de],
        [{ email: 'maria' }, SHOP_MSG.email.de],
        [{ quantity: 0 }, SHOP_MSG.quantity.de],
        [{ agb: false }, SHOP_MSG.agb.de],
        [{ dataVerified: false }, SHOP_MSG.dataVerified.de],
      ];
      for (const [over, message] of cases) {
        const res = await api.create(over);
        assert.equal(res.statusCode, 400, JSON.stringify(over));
        assert.equal(res.json().message, message, JSON.stringify(over));
      }
      assert.equal((await api.create({ productId: 999 })).json().message, SHOP_ERR.unknownProduct.de);
      const shippingId = (await api.products()).find((p) => p.kind === 'shipping')!.id;
      assert.equal((await api.create({ productId: shippingId })).statusCode, 400, 'shipping is not orderable');
      assert.equal((await t.db.select({ n: count() }).from(rksvOrders))[0]!.n, 0);
    });

    it('refuses a tampered amount and stores nothing', async () => {
      const right = 2 * PRICE + SHIPPING;
      for (const amount of [1, right - 1, right + 1, 2 * PRICE]) {
        const res = await api.create({ amount });
        assert.equal(res.statusCode, 400);
        assert.equal(res.json().message, SHOP_ERR.amountMismatch.de);
      }
      assert.equal((await t.db.select({ n: count() }).from(rksvOrders))[0]!.n, 0);
      assert.equal((await t.db.select({ n: count() }).from(localCheckoutSessions))[0]!.n, 0);
      const ok = await api.create({ amount: right });
      assert.equal(ok.statusCode, 200, ok.body);
    });

    it('stores the order as pending with the server’s amounts and opens the test checkout', async () => {
      const {
        sessionUrl,
        sessionId,
        order: o,
      } = await api.createOk({ quantity: 3, deliveryMethod: 'pickup', taxId: 'atu 8765 4321' });
      assert.match(sessionUrl, /^http:\/\/portal\.test\/web\/checkout\/cs_local_/);
      assert.equal(o.payment_status, 'pending');
      assert.equal(o.delivery, 0);
      assert.equal(o.total_amount, 3 * PRICE);
      assert.equal(o.vat_amount, Math.round((3 * PRICE) / 6));
      assert.equal(o.net_amount + o.vat_amount, o.total_amount);
      assert.equal(o.vatnr, 'ATU87654321', 'normalised');
      assert.equal(o.stripe_inv_id, null);

      const page = await t.app.inject({ method: 'GET', url: new URL(sessionUrl).pathname });
      assert.equal(page.statusCode, 200);
      assert.match(page.headers['content-type'] as string, /text\/html/);
      assert.match(page.headers['content-security-policy'] as string, /default-src 'none'/);
      for (const s of [
        'Jetzt bezahlen',
        'Zahlung abbrechen',
        'Kreditkarte',
        'EPS Überweisung',
        'SEPA Lastschrift',
        '207,00',
      ])
        assert.ok(page.body.includes(s), s);
      assert.ok(!/name="(card|cvc|iban)/i.test(page.body), 'no card data fields');

      const details = await api.details(sessionId);
      assert.equal(details.statusCode, 200);
      assert.equal(details.json().order.payment_status, 'pending');
      assert.equal(details.json().stripe.payment_status, 'unpaid');
      assert.equal(details.json().payment.invoice_url, null);
    });

    it('the test checkout completes an order: paid, cards, invoice, PDF, mail', async () => {
      const { sessionId, order: o } = await api.createOk();
      const res = await pay(sessionId, 'card');
      assert.equal(res.statusCode, 303);
      assert.equal(
        res.headers.location,
        `http://portal.test/rksv/result?session_id=${encodeURIComponent(sessionId)}&status=success`,
      );
      const paid = await api.orderOf(sessionId);
      assert.equal(paid.payment_status, 'paid');
      assert.ok(paid.payed_at instanceof Date);
      assert.equal(paid.payment_type, 'card');
      assert.equal(await api.cards(o.id), 2, 'one card row per unit');
      const [inv] = await api.invoicesOf(o.id);
      assert.ok(inv);
      assert.match(inv.number, /^\d{4}-\d{5}$/);
      assert.equal(paid.stripe_inv_id, inv.number);

      const mails = await api.mailsTo(order.email);
      assert.equal(mails.length, 1);
      assert.match(mails[0]!.subject, /Zahlungsbestätigung/);
      assert.ok(mails[0]!.text.includes(inv.number));
      assert.equal(mails[0]!.attachments?.length, 1);
      assert.ok(await t.storage.exists(mails[0]!.attachments![0]!.key!), 'the attached PDF is in the storage');

      const d = (await api.details(sessionId)).json();
      assert.equal(d.order.id, o.id);
      assert.equal(d.order.qty, 2);
      assert.equal(d.order.delivery, 1);
      assert.equal(d.order.payment_status, 'paid');
      assert.equal(d.order.total_amount, 2 * PRICE + SHIPPING);
      assert.deepEqual(d.stripe, { payment_status: 'paid', payment_method: 'card', invoice: inv.number });
      assert.match(d.payment.invoice_url, /^\/web\/rksv-invoice\/[A-Za-z0-9_-]{30,}$/);

      const pdf = await t.app.inject({ method: 'GET', url: d.payment.invoice_url });
      assert.equal(pdf.statusCode, 200);
      assert.equal(pdf.headers['content-type'], 'application/pdf');
      assert.match(pdf.headers['content-disposition'] as string, /^inline; filename="Rechnung-/);
      const text = pdfText(pdf.rawPayload);
      assert.ok(text.includes(inv.number), 'invoice number');
      assert.ok(text.includes(t.config.seller.uid), 'seller UID');
      assert.ok(text.includes(t.config.seller.name), 'seller name');
      assert.ok(text.includes('UID: ATU87654321'), 'buyer UID');
      assert.ok(text.includes(order.company), 'buyer');
      assert.match(text, /USt 20 %\s+€ 24,15/, 'VAT line');
      assert.match(text, /Nettobetrag\s+€ 120,75/);
      assert.match(text, /Gesamtbetrag brutto\s+€ 144,90/);
      assert.match(text, /Rechnungsdatum\s+\d{2}\.\d{2}\.\d{4}/);

      assert.equal(
        (await t.app.inject({ method: 'GET', url: '/web/rksv-invoice/not-a-real-token-00000000' })).statusCode,
        404,
      );
    });

    it('paying twice changes nothing: one invoice, one set of cards, one mail; the second lands on the success page too', async () => {
      const { sessionId, order: o } = await api.createOk({ email: 'twice@hirschen.at' });
      const first = await pay(sessionId);
      assert.equal(first.statusCode, 303);
      // The buyer's own second click: the success page again, never "bereits abgeschlossen".
      const again = await pay(sessionId, 'eps');
      assert.equal(again.statusCode, 303);
      assert.equal(again.headers.location, first.headers.location);
      assert.match(String(again.headers.location), /\/rksv\/result\?session_id=.*&status=success$/);
      // Opened again later, the page says it is paid.
      const page = await t.app.inject({ method: 'GET', url: `/web/checkout/${encodeURIComponent(sessionId)}` });
      assert.ok(page.body.includes('bereits abgeschlossen'));
      assert.equal(await api.cards(o.id), 2);
      assert.equal((await api.invoicesOf(o.id)).length, 1);
      assert.equal((await api.mailsTo('twice@hirschen.at')).length, 1);
      assert.equal((await api.orderOf(sessionId)).payment_type, 'card');
    });

    it('a double click on "Jetzt bezahlen" (two requests at once): both land on the success page, one payment', async () => {
      const { sessionId, order: o } = await api.createOk({ email: 'double@hirschen.at' });
      const answers = await Promise.all([pay(sessionId), pay(sessionId)]);
      assert.deepEqual(
        answers.map((a) => a.statusCode),
        [303, 303],
      );
      for (const a of answers) assert.match(String(a.headers.location), /status=success$/);
      assert.equal(await api.cards(o.id), 2);
      assert.equal((await api.invoicesOf(o.id)).length, 1);
      assert.equal((await api.mailsTo('double@hirschen.at')).length, 1);
    });

    it('the checkout page disables its buttons once sent (its one script, allowed by nonce)', async () => {
      const { sessionId } = await api.createOk();
      const res = await t.app.inject({ method: 'GET', url: `/web/checkout/${encodeURIComponent(sessionId)}` });
      const nonce = /<script nonce="([^"]+)">/.exec(res.body)?.[1];
      assert.ok(nonce);
      assert.ok(String(res.headers['content-security-policy']).includes(`script-src 'nonce-${nonce}'`));
      assert.match(res.body, /data-busy="Zahlung läuft …">Jetzt bezahlen</);
    });

    it('a cancelled payment leads back to the result page and the order becomes failed', async () => {
      const { sessionId } = await api.createOk();
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/web/checkout/${encodeURIComponent(sessionId)}/cancel`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'method=card',
      });
      assert.equal(cancel.statusCode, 303);
      const back = await t.app.inject({
        method: 'GET',
        url: new URL(cancel.headers.location as string).pathname + new URL(cancel.headers.location as string).search,
      });
      assert.equal(back.statusCode, 303);
      assert.equal(back.headers.location, `/rksv/result?session_id=${encodeURIComponent(sessionId)}&status=failed`);
      assert.equal((await api.orderOf(sessionId)).payment_status, 'pending', 'cancelling alone changes nothing');

      const res = await api.setStatus(sessionId);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { data: { payment_status: 'failed' } });
      assert.equal((await api.setStatus(sessionId)).statusCode, 200, 'idempotent');
      const o = await api.orderOf(sessionId);
      assert.equal(o.payment_status, 'failed');
      assert.equal(await api.cards(o.id), 0);
      assert.equal((await api.invoicesOf(o.id)).length, 0, 'no invoice for a failed order');
      assert.equal((await api.details(sessionId)).json().order.payment_status, 'failed');
    });

    it('failed never overwrites paid', async () => {
      const { sessionId } = await api.createOk();
      await pay(sessionId);
      const res = await api.setStatus(sessionId);
      assert.equal(res.statusCode, 409);
      assert.equal(res.json().message, SHOP_ERR.paidNoDowngrade.de);
      assert.equal((await api.orderOf(sessionId)).payment_status, 'paid');
      const other = await api.setStatus(sessionId, 'paid');
      assert.equal(other.statusCode, 400);
      assert.equal(other.json().message, SHOP_MSG.onlyFailed.de);
    });

    it('a payment after a reported failure still books the money', async () => {
      const { sessionId } = await api.createOk();
      await api.setStatus(sessionId);
      assert.equal((await pay(sessionId, 'eps')).statusCode, 303);
      const o = await api.orderOf(sessionId);
      assert.equal(o.payment_status, 'paid');
      assert.equal(o.payment_type, 'eps');
    });

    it('order details and status updates for an unknown session answer 404', async () => {
      const res = await api.details('cs_local_unknown');
      assert.equal(res.statusCode, 404);
      assert.equal(res.json().message, SHOP_ERR.orderNotFound.de);
      assert.equal((await api.setStatus('cs_local_unknown')).statusCode, 404);
      assert.equal((await t.app.inject({ method: 'GET', url: '/web/rksv-order-details' })).statusCode, 400);
      const page = await t.app.inject({ method: 'GET', url: '/web/checkout/cs_local_unknown' });
      assert.equal(page.statusCode, 404);
    });

    it('a SEPA debit completes unpaid, then succeeds: paid once, both events recorded', async () => {
      const { sessionId, order: o } = await api.createOk();
      assert.equal((await pay(sessionId, 'sepa_debit')).statusCode, 303);
      const paid = await api.orderOf(sessionId);
      assert.equal(paid.payment_status, 'paid');
      assert.equal(paid.payment_type, 'sepa_debit');
      const events = await t.db
        .select({ type: paymentEvents.type, outcome: paymentEvents.outcome })
        .from(paymentEvents)
        .where(eq(paymentEvents.session_id, sessionId))
        .orderBy(asc(paymentEvents.received_at));
      assert.deepEqual(events.map((e) => e.outcome).sort(), ['awaiting_payment', 'fulfilled']);
      assert.equal(await api.cards(o.id), 2);
    });

    it('an expired session expires its order and cannot be paid', async () => {
      const { sessionId } = await api.createOk();
      await t.db
        .update(localCheckoutSessions)
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where(eq(localCheckoutSessions.id, sessionId));
      const page = await t.app.inject({ method: 'GET', url: `/web/checkout/${encodeURIComponent(sessionId)}` });
      assert.equal(page.statusCode, 200);
      assert.ok(page.body.includes('abgelaufen'));
      assert.equal((await api.orderOf(sessionId)).payment_status, 'expired');
      assert.equal((await pay(sessionId)).statusCode, 409);
      assert.equal((await api.orderOf(sessionId)).payment_status, 'expired');
    });

    it('both order calls need a fresh proof of work: without one nothing is stored, numbered or mailed', async () => {
      const before = {
        orders: (await t.db.select({ n: count() }).from(rksvOrders))[0]!.n,
        invoices: (await t.db.select({ n: count() }).from(invoices))[0]!.n,
        mails: (await t.db.select({ n: count() }).from(mailOutbox))[0]!.n,
      };
      for (const url of ['/web/create-rksv-payment', '/web/create-rksv-invoice']) {
        for (const altcha of [undefined, '', 'bm9wZQ==']) {
          const res = await api.create({ altcha }, url);
          assert.equal(res.statusCode, 400, `${url} ${altcha}`);
          assert.equal(res.json().message, SHOP_ERR.robot.de);
        }
        // Single use: the same solution a second time is refused.
        const proof = await solveAltcha(t.app);
        assert.equal((await api.create({ altcha: proof }, url)).statusCode, 200);
        const again = await api.create({ altcha: proof }, url);
        assert.equal(again.statusCode, 400);
        assert.equal(again.json().message, SHOP_ERR.robot.de);
      }
      assert.equal((await t.db.select({ n: count() }).from(rksvOrders))[0]!.n, before.orders + 2);
      assert.equal((await t.db.select({ n: count() }).from(invoices))[0]!.n, before.invoices, 'no invoice number');
      assert.equal((await t.db.select({ n: count() }).from(mailOutbox))[0]!.n, before.mails, 'no mail');
    });

    it('on invoice: a pro-forma with the order, no number and no mail; the invoice once paid', async () => {
      const res = await api.create({ email: 'rechnung@hirschen.at' }, '/web/create-rksv-invoice');
      assert.equal(res.statusCode, 200, res.body);
      const { sessionUrl, proformaNumber, proformaUrl } = res.json().data;
      assert.match(sessionUrl, /\/web\/checkout\/cs_local_/);
      const [o] = await t.db.select().from(rksvOrders).where(eq(rksvOrders.session_url, sessionUrl));
      assert.equal(o!.mode, 'invoice');
      assert.equal(o!.payment_status, 'pending');
      assert.equal(proformaNumber, `PF-${o!.id}`);
      assert.equal(o!.stripe_inv_id, null, 'no invoice number before payment');
      assert.equal((await api.invoicesOf(o!.id)).length, 0);
      assert.equal((await api.mailsTo('rechnung@hirschen.at')).length, 0, 'no mail to an unconfirmed address');

      const d = (await api.details(o!.session_id)).json();
      assert.equal(d.payment.invoice_url, null);
      assert.equal(d.payment.proforma_url, proformaUrl);
      const pf = await t.app.inject({ method: 'GET', url: proformaUrl });
      assert.equal(pf.statusCode, 200);
      assert.equal(pf.headers['content-type'], 'application/pdf');
      const text = pdfText(pf.rawPayload);
      assert.ok(text.includes('Proforma-Rechnung') && text.includes(`PF-${o!.id}`), text);
      assert.ok(text.replace(/\s+/g, ' ').includes('keine Rechnung im Sinne des § 11 UStG'), text);
      assert.ok(text.replace(/\s+/g, '').includes(sessionUrl), 'where to pay');
      assert.equal(
        (await t.app.inject({ method: 'GET', url: '/web/rksv-proforma/' + 'x'.repeat(32) })).statusCode,
        404,
      );

      await pay(o!.session_id);
      const paid = await api.orderOf(o!.session_id);
      assert.equal(paid.payment_status, 'paid');
      const [inv] = await api.invoicesOf(o!.id);
      assert.ok(inv && paid.stripe_inv_id === inv.number, 'the invoice number is taken on payment');
      assert.equal((inv.data as { paidAt: string | null }).paidAt !== null, true);
      const mails = await api.mailsTo('rechnung@hirschen.at');
      assert.equal(mails.length, 1);
      assert.match(mails[0]!.subject, /Zahlungsbestätigung/);
      assert.equal(mails[0]!.attachments?.[0]?.filename, `Rechnung-${inv.number}.pdf`);
      const after = (await api.details(o!.session_id)).json();
      assert.ok(after.payment.invoice_url);
      assert.equal(after.payment.proforma_url, null);
    });

    it('invoice numbers are gap-free per year, also when orders are paid at the same time', async () => {
      const created = [];
      for (let i = 0; i < 6; i++) created.push(await api.createOk({ quantity: 1 + (i % 3) }));
      // Failed and expired orders take no number.
      await api.setStatus(created[5]!.sessionId);
      const results = await Promise.all(created.slice(0, 5).map((c) => pay(c.sessionId)));
      assert.deepEqual(
        results.map((r) => r.statusCode),
        [303, 303, 303, 303, 303],
      );

      const all = await t.db.select().from(invoices).orderBy(asc(invoices.year), asc(invoices.seq));
      const years = [...new Set(all.map((i) => i.year))];
      for (const year of years) {
        const seqs = all.filter((i) => i.year === year).map((i) => i.seq);
        assert.deepEqual(
          seqs,
          seqs.map((_, k) => k + 1),
          `year ${year}: 1..n without gaps`,
        );
        const [counter] = await t.db.select().from(invoiceCounters).where(eq(invoiceCounters.year, year));
        assert.equal(counter!.last_number, seqs.length);
        for (const inv of all.filter((i) => i.year === year))
          assert.equal(inv.number, `${year}-${String(inv.seq).padStart(5, '0')}`);
      }
      const ids = created.slice(0, 5).map((c) => c.order.id);
      const rows = await t.db.select().from(invoices).where(inArray(invoices.order_id, ids));
      assert.equal(rows.length, 5);
      assert.equal((await api.invoicesOf(created[5]!.order.id)).length, 0);
    });

    it('declares every shop route public', () => {
      const shop = t.app.routeTable.filter((r) => /^\/web\/(rksv|create-rksv|update-rksv|checkout|stripe)/.test(r.url));
      assert.ok(shop.length >= 10);
      for (const r of shop) assert.equal(r.access, 'public', `${r.method} ${r.url}`);
    });
  });

  describe(`RKSV shop with Stripe (${target})`, () => {
    let t: TestApp;
    let stub: StripeStub;
    const api = shopApi(() => t);
    const SECRET = 'whsec_test_secret';
    const signer = new Stripe('sk_test_signer');
    const webhook = (event: object, opts: { secret?: string; signature?: string | null } = {}) => {
      const payload = JSON.stringify(event);
      const signature =
        opts.signature === undefined
          ? signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? SECRET })
          : opts.signature;
      return t.app.inject({
        method: 'POST',
        url: '/web/stripe-webhook',
        headers: {
          'content-type': 'application/json',
          ...(signature === null ? {} : { 'stripe-signature': signature }),
        },
        payload,
      });
    };

    before(async () => {
      stub = await startStripeStub();
      t = await createTestApp(target, {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_portal',
        STRIPE_WEBHOOK_SECRET: SECRET,
        STRIPE_API_BASE: stub.url,
      });
    });
    after(async () => {
      await t.close();
      await stub.close();
    });

    it('opens a Stripe Checkout session priced by the server', async () => {
      const { sessionUrl, sessionId, order: o } = await api.createOk();
      const s = stub.sessions.get(sessionId)!;
      assert.equal(sessionUrl, s.url);
      assert.deepEqual(s.line_items, [
        { quantity: 2, unit_amount: PRICE, name: 'Signaturkarte RKSV 2025' },
        { quantity: 1, unit_amount: SHIPPING, name: 'Versand innerhalb Österreichs' },
      ]);
      assert.equal(s.amount_total, o.total_amount);
      assert.equal(s.client_reference_id, String(o.id));
      assert.equal(s.customer_email, order.email);
      assert.deepEqual(s.allowed_payment_method_types, ['card', 'eps', 'sepa_debit']);
      assert.equal(s.success_url, `http://portal.test/rksv/result?session_id=${sessionId}&status=success`);
      assert.match(s.cancel_url!, /^http:\/\/portal\.test\/web\/rksv-checkout-cancelled\?ref=/);
      const create = stub.requests.find((r) => r.method === 'POST' && r.body.client_reference_id === String(o.id))!;
      assert.equal(create.headers['idempotency-key'], `rksv-order-${o.id}`);
      // While no webhook has come, the result page asks Stripe.
      const d = (await api.details(sessionId)).json();
      assert.equal(d.stripe.payment_status, 'unpaid');
      assert.equal(d.order.payment_status, 'pending');
    });

    it('refuses a tampered amount without calling Stripe', async () => {
      const before = stub.requests.length;
      const res = await api.create({ amount: 100 });
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().message, SHOP_ERR.amountMismatch.de);
      assert.equal(stub.requests.length, before);
    });

    it('answers 502 and stores nothing when Stripe is unavailable', async () => {
      const ordersBefore = (await t.db.select({ n: count() }).from(rksvOrders))[0]!.n;
      stub.failCreates = 5;
      const res = await api.create();
      assert.equal(res.statusCode, 502);
      assert.equal(res.json().message, SHOP_ERR.providerDown.de);
      assert.equal((await t.db.select({ n: count() }).from(rksvOrders))[0]!.n, ordersBefore);
      stub.failCreates = 0;
    });

    it('refuses a webhook with a bad or missing signature', async () => {
      const { sessionId } = await api.createOk();
      stub.complete(sessionId, 'card');
      const event = stub.event('checkout.session.completed', sessionId);
      for (const opts of [{ secret: 'whsec_wrong' }, { signature: null }, { signature: 't=1,v1=deadbeef' }]) {
        const res = await webhook(event, opts);
        assert.equal(res.statusCode, 400, JSON.stringify(opts));
        assert.equal(res.json().message, SHOP_ERR.badSignature.de);
      }
      // A body changed after signing fails too.
      const payload = JSON.stringify(event);
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET });
      const tampered = await t.app.inject({
        method: 'POST',
        url: '/web/stripe-webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: payload.replace('"paid"', '"paid" '),
      });
      assert.equal(tampered.statusCode, 400);
      assert.equal((await api.orderOf(sessionId)).payment_status, 'pending');
      assert.equal((await t.db.select({ n: count() }).from(paymentEvents))[0]!.n, 0);
    });

    it('the same event twice fulfils once', async () => {
      const { sessionId, order: o } = await api.createOk({ email: 'stripe@hirschen.at' });
      stub.complete(sessionId, 'card');
      const event = stub.event('checkout.session.completed', sessionId);
      const first = await webhook(event);
      assert.equal(first.statusCode, 200, first.body);
      assert.deepEqual(first.json(), { received: true, outcome: 'fulfilled' });
      const second = await webhook(event);
      assert.equal(second.statusCode, 200);
      assert.equal(second.json().outcome, 'duplicate');
      // Another event about the same payment (a new id) does not fulfil again either.
      const third = await webhook(stub.event('checkout.session.async_payment_succeeded', sessionId));
      assert.equal(third.json().outcome, 'already_paid');

      const paid = await api.orderOf(sessionId);
      assert.equal(paid.payment_status, 'paid');
      assert.equal(paid.payment_type, 'card', 'method looked up at Stripe');
      assert.equal(await api.cards(o.id), 2);
      assert.equal((await api.invoicesOf(o.id)).length, 1);
      assert.equal((await api.mailsTo('stripe@hirschen.at')).length, 1);
      const d = (await api.details(sessionId)).json();
      assert.deepEqual(d.stripe, { payment_status: 'paid', payment_method: 'card', invoice: paid.stripe_inv_id });
    });

    it('a failure or expiry never downgrades a paid order', async () => {
      const { sessionId } = await api.createOk();
      stub.complete(sessionId, 'eps');
      await webhook(stub.event('checkout.session.completed', sessionId));
      assert.equal(
        (await webhook(stub.event('checkout.session.async_payment_failed', sessionId))).json().outcome,
        'ignored',
      );
      assert.equal((await webhook(stub.event('checkout.session.expired', sessionId))).json().outcome, 'ignored');
      assert.equal((await api.setStatus(sessionId)).statusCode, 409);
      const o = await api.orderOf(sessionId);
      assert.equal(o.payment_status, 'paid');
      assert.equal(o.payment_type, 'eps');
    });

    it('a delayed SEPA debit: completed unpaid, then failed', async () => {
      const { sessionId, order: o } = await api.createOk();
      stub.complete(sessionId, 'sepa_debit', false);
      assert.equal(
        (await webhook(stub.event('checkout.session.completed', sessionId))).json().outcome,
        'awaiting_payment',
      );
      assert.equal((await api.orderOf(sessionId)).payment_status, 'pending');
      assert.equal(
        (await webhook(stub.event('checkout.session.async_payment_failed', sessionId))).json().outcome,
        'failed',
      );
      assert.equal((await api.orderOf(sessionId)).payment_status, 'failed');
      assert.equal(await api.cards(o.id), 0);
    });

    it('an expired session expires the order', async () => {
      const { sessionId } = await api.createOk();
      stub.expire(sessionId);
      assert.equal((await webhook(stub.event('checkout.session.expired', sessionId))).json().outcome, 'expired');
      assert.equal((await api.orderOf(sessionId)).payment_status, 'expired');
    });

    it('does not fulfil when the paid amount differs from the order', async () => {
      const { sessionId, order: o } = await api.createOk();
      const s = stub.complete(sessionId, 'card');
      s.amount_total = 100;
      assert.equal(
        (await webhook(stub.event('checkout.session.completed', sessionId))).json().outcome,
        'amount_mismatch',
      );
      assert.equal((await api.orderOf(sessionId)).payment_status, 'pending');
      assert.equal(await api.cards(o.id), 0);
    });

    it('acknowledges events of unknown sessions and other types without acting', async () => {
      const { sessionId } = await api.createOk();
      stub.complete(sessionId, 'card');
      const unknown = { ...stub.event('checkout.session.completed', sessionId) };
      (unknown.data as { object: { id: string } }).object.id = 'cs_test_somebody_else';
      assert.equal((await webhook(unknown)).json().outcome, 'unknown_session');
      const other = { ...stub.event('checkout.session.completed', sessionId), type: 'customer.created' };
      assert.equal((await webhook(other)).json().outcome, 'ignored');
      assert.equal((await api.orderOf(sessionId)).payment_status, 'pending');
    });
  });
}
