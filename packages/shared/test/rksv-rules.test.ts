import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  jahresbelegDue,
  mayActivate,
  maySetSerials,
  orderStage,
  outageReportable,
  outageReportDeadline,
  postTrackingUrl,
  RKSV_PAYMENT_STATUSES,
  serialPairValid,
  type StageInput,
} from '../src/rksv-rules.js';

const T = '2026-03-01T10:00:00Z';
const card = (cert_done: number, activated_at: string | null = null) => ({ cert_done, activated_at });
const order = (o: Partial<StageInput> = {}): StageInput => ({
  payment_status: 'paid',
  delivery: 1,
  shipped_at: null,
  cards: [card(1)],
  ...o,
});

describe('orderStage: the one rule of the RKSV workflow', () => {
  it('open while any card lacks its serial number', () => {
    assert.equal(orderStage(order({ cards: [card(1), card(0)] })), 'open');
  });
  it('created once every card has its serial and nothing left', () => {
    assert.equal(orderStage(order({ cards: [card(1), card(1)] })), 'created');
  });
  it('delivery or pickup once shipped, by the kind of the order', () => {
    assert.equal(orderStage(order({ shipped_at: T, delivery: 1 })), 'delivery');
    assert.equal(orderStage(order({ shipped_at: T, delivery: 0 })), 'pickup');
  });
  it('completed once any card is activated', () => {
    assert.equal(orderStage(order({ shipped_at: T, cards: [card(1, T), card(1)] })), 'completed');
  });
  it('no stage for an order that is not paid, whatever its cards; completed payment counts as paid', () => {
    for (const s of RKSV_PAYMENT_STATUSES) {
      const st = orderStage(order({ payment_status: s }));
      if (s === 'paid' || s === 'completed') assert.equal(st, 'created', s);
      else assert.equal(st, null, s);
    }
  });
  it('serials only while paid and not shipped; activation only once shipped', () => {
    assert.equal(maySetSerials(order()), true);
    assert.equal(maySetSerials(order({ shipped_at: T })), false);
    assert.equal(maySetSerials(order({ payment_status: 'pending' })), false);
    assert.equal(mayActivate(order()), false);
    assert.equal(mayActivate(order({ shipped_at: T, delivery: 0 })), true);
  });
});

describe('serial pairs, tracking link, outages, Jahresbeleg', () => {
  it('a serial and its repeat match exactly and are not blank', () => {
    assert.equal(serialPairValid('AB-1', 'AB-1'), true);
    assert.equal(serialPairValid(' AB-1 ', 'AB-1'), true);
    assert.equal(serialPairValid('AB-1', 'ab-1'), false);
    assert.equal(serialPairValid('  ', '  '), false);
  });
  it('Austrian Post tracking link', () => {
    assert.equal(postTrackingUrl(' RR123456789AT '), 'https://www.post.at/s/sendungsdetails?snr=RR123456789AT');
    assert.equal(postTrackingUrl('a b&c'), 'https://www.post.at/s/sendungsdetails?snr=a%20b%26c');
  });
  it('an outage over 48 h is reportable within a week of its start; an open one counts up to now', () => {
    const start = new Date('2026-03-01T00:00:00Z');
    assert.equal(outageReportable({ started_at: start, ended_at: new Date('2026-03-03T00:00:00Z') }), false);
    assert.equal(outageReportable({ started_at: start, ended_at: new Date('2026-03-03T00:00:01Z') }), true);
    assert.equal(outageReportable({ started_at: start, ended_at: null }, new Date('2026-03-02T00:00:00Z')), false);
    assert.equal(outageReportable({ started_at: start, ended_at: null }, new Date('2026-03-04T00:00:00Z')), true);
    assert.equal(outageReportDeadline(start).toISOString(), '2026-03-08T00:00:00.000Z');
  });
  it('Jahresbeleg: 15 February of the year after activation, then yearly; Vienna calendar', () => {
    assert.equal(jahresbelegDue('2025-06-01T10:00:00Z', new Date('2025-07-01T00:00:00Z')), '2026-02-15');
    assert.equal(jahresbelegDue('2025-06-01T10:00:00Z', new Date('2026-02-15T12:00:00Z')), '2026-02-15');
    assert.equal(jahresbelegDue('2025-06-01T10:00:00Z', new Date('2026-02-16T12:00:00Z')), '2027-02-15');
    // 31.12.2025 23:30 UTC is already 2026 in Vienna.
    assert.equal(jahresbelegDue('2025-12-31T23:30:00Z', new Date('2026-01-05T00:00:00Z')), '2027-02-15');
  });
});

describe('tracking numbers and certificate serials (issue 30)', () => {
  it('a tracking number is 22 digits or the S10 form, spaces and case aside', async () => {
    const { isTrackingNumber, normalizeTrackingNumber } = await import('../src/rksv-rules.js');
    for (const ok of ['1234567890123456789012', '10123 45678 90123 45678 90', 'RR123456789AT', 'rr 123456789 at', 'CA123456789DE'])
      assert.equal(isTrackingNumber(ok), true, ok);
    for (const bad of ['', 'RR1AT', '123456789012345678901', '12345678901234567890123', 'R1234567890AT', 'RR12345678AT', 'RR123456789A1'])
      assert.equal(isTrackingNumber(bad), false, bad);
    assert.equal(normalizeTrackingNumber(' rr 123456789 at '), 'RR123456789AT');
  });
  it('a certificate serial is hexadecimal; spaces and colons between bytes are dropped', async () => {
    const { isCertSerial, normalizeCertSerial } = await import('../src/rksv-rules.js');
    for (const ok of ['3A0F12BC', '3a:0f:12:bc', '0ce7 0001', '1234']) assert.equal(isCertSerial(ok), true, ok);
    for (const bad of ['', 'CERT-1', '3G', '0x3A', 'ÄB']) assert.equal(isCertSerial(bad), false, bad);
    assert.equal(normalizeCertSerial('3a:0f 12:bc'), '3A0F12BC');
  });
  it('the schemas refuse with the catalogue entries and store the normal form', async () => {
    const { rksvSetTrackingSchema, rksvActivateCardSchema } = await import('../src/schemas/rksv-orders.js');
    const { RKSV_ORDERS_MSG } = await import('../src/messages/rksv-orders.js');
    const bad = rksvSetTrackingSchema.safeParse({ orderId: 1, trackingNumber: 'RR1AT' });
    assert.equal(bad.error?.issues[0]?.message, RKSV_ORDERS_MSG.trackingInvalid.code);
    assert.match(RKSV_ORDERS_MSG.trackingInvalid.de, /^Sendungsnummer ungültig: erwartet z\. B\. .*22 Ziffern.*RR123456789AT/);
    assert.equal(rksvSetTrackingSchema.parse({ orderId: 1, trackingNumber: 'rr123456789at' }).trackingNumber, 'RR123456789AT');
    const hex = rksvActivateCardSchema.safeParse({ cardId: 1, kassenid: 'K', cert_sn: 'CERT-1' });
    assert.equal(hex.error?.issues[0]?.message, RKSV_ORDERS_MSG.certSnHex.code);
    assert.match(RKSV_ORDERS_MSG.certSnHex.de, /hexadezimal/);
  });
});

describe('the buyer’s mails (issue 30)', () => {
  it('in each language, German for an unknown one; the pickup mail names address and hours', async () => {
    const { rksvOrderMail, orderMailLanguage, LANGUAGES } = await import('../src/index.js');
    assert.equal(orderMailLanguage(null), 'de');
    assert.equal(orderMailLanguage('xx'), 'de');
    assert.equal(orderMailLanguage('ar'), 'ar');
    for (const lang of LANGUAGES) {
      const shipped = rksvOrderMail(lang, { kind: 'shipped', id: 7, name: 'Eva', qty: 2, address: 'A', tracking: 'RR123456789AT', trackingUrl: 'https://post/x', seller: 'S' });
      assert.ok(shipped.subject.includes('7') && shipped.text.includes('RR123456789AT') && shipped.text.includes('https://post/x'), lang);
      assert.doesNotMatch(shipped.text, /\{\{/);
      const pickup = rksvOrderMail(lang, { kind: 'pickupReady', id: 7, name: 'Eva', qty: 1, pickupAddress: 'Musterstraße 1, 1190 Wien', seller: 'S' });
      assert.ok(pickup.text.includes('Musterstraße 1, 1190 Wien') && pickup.text.includes('09:30–17:30') && pickup.text.includes('09:30–15:00'), lang);
      assert.doesNotMatch(pickup.text, /\{\{/);
    }
  });
});
