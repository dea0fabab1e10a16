import { german } from './german.js';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  SHOP_MSG,
  combineProducts,
  containedVat,
  isAustrianPhone,
  normalizeTaxId,
  orderTotal,
  paymentMethodLabelKey,
  paymentStatusLabelKey,
  rksvOrderFormSchema,
  rksvOrderRequestSchema,
  shortInvoiceNumber,
  taxIdError,
  updateOrderStatusSchema,
} from '../src/index.js';

const valid = {
  company: 'Gasthaus Zum Goldenen Hirschen GmbH',
  name: 'Maria Huber',
  taxIdType: 'uid' as const,
  taxId: 'ATU12345678',
  address: 'Hauptstraße 12',
  postalCode: '1190',
  city: 'Wien',
  email: 'maria.huber@hirschen.at',
  phone: '0664 123 45 67',
  quantity: 1,
  deliveryMethod: 'pickup' as const,
  productId: 1,
  agb: true as const,
  dataVerified: true as const,
};

/** The messages of a form value with one field changed (empty: valid). */
function messages(over: Record<string, unknown>, field?: string): string[] {
  const r = rksvOrderFormSchema.safeParse({ ...valid, ...over });
  if (r.success) return [];
  return r.error.issues.filter((i) => !field || i.path[0] === field).map((i) => german(i.message)!);
}

describe('RKSV price rules (cents)', () => {
  it('adds quantity × price and shipping only when shipping is chosen', () => {
    assert.deepEqual(orderTotal({ price: 8900, shippingPrice: 690, quantity: 2, delivery: 'shipping' }), {
      items: 17800,
      shipping: 690,
      gross: 18490,
      vat: 3082,
      net: 15408,
    });
    const pickup = orderTotal({ price: 8900, shippingPrice: 690, quantity: 2, delivery: 'pickup' });
    assert.equal(pickup.shipping, 0);
    assert.equal(pickup.gross, 17800);
  });

  it('takes the contained VAT as gross × 20 / 120, rounded half up to the cent', () => {
    assert.equal(containedVat(12000), 2000); // exact
    assert.equal(containedVat(100), 17); // 16.67 -> 17
    assert.equal(containedVat(1), 0); // 0.1667 -> 0
    assert.equal(containedVat(3), 1); // 0.5 -> 1 (half up)
    assert.equal(containedVat(9), 2); // 1.5 -> 2 (half up)
    assert.equal(containedVat(15), 3); // 2.5 -> 3
    assert.equal(containedVat(0), 0);
    assert.equal(containedVat(18490), 3082); // 3081.67
    // The same in exact rational arithmetic for a range of amounts.
    for (let g = 0; g < 5000; g++) {
      const exact = BigInt(g) * 20n;
      const q = exact / 120n;
      const r = exact % 120n;
      assert.equal(BigInt(containedVat(g)), r * 2n >= 120n ? q + 1n : q, `gross ${g}`);
    }
  });

  it('net + VAT is always the gross, and every part is integer cents', () => {
    for (const price of [1, 99, 8900, 12345]) {
      for (const quantity of [1, 2, 7, 100]) {
        for (const delivery of ['pickup', 'shipping'] as const) {
          const t = orderTotal({ price, shippingPrice: 690, quantity, delivery });
          assert.equal(t.net + t.vat, t.gross);
          for (const v of Object.values(t)) assert.ok(Number.isInteger(v));
        }
      }
    }
  });

  it('refuses fractions and negative amounts, and quantities below 1', () => {
    assert.throws(() => orderTotal({ price: 89.5, shippingPrice: 0, quantity: 1, delivery: 'pickup' }), TypeError);
    assert.throws(() => orderTotal({ price: -1, shippingPrice: 0, quantity: 1, delivery: 'pickup' }), TypeError);
    assert.throws(() => orderTotal({ price: 100, shippingPrice: 0.1, quantity: 1, delivery: 'shipping' }), TypeError);
    assert.throws(() => orderTotal({ price: 100, shippingPrice: 0, quantity: 0, delivery: 'pickup' }), RangeError);
    assert.throws(() => orderTotal({ price: 100, shippingPrice: 0, quantity: 1.5, delivery: 'pickup' }), RangeError);
    assert.throws(() => containedVat(0.5), TypeError);
  });

  it('combines the main product with the shipping product’s price; free shipping without one', () => {
    const main = { id: 1, kind: 'main' as const, name: 'Signaturkarte', description: '', price: 8900 };
    const ship = { id: 2, kind: 'shipping' as const, name: 'Versand', description: '', price: 690 };
    assert.equal(combineProducts([ship, main])?.shipping_price, 690);
    assert.equal(combineProducts([ship, main])?.id, 1);
    assert.equal(combineProducts([main])?.shipping_price, 0);
    assert.equal(combineProducts([ship]), null);
  });
});

describe('RKSV order form rules', () => {
  it('accepts a complete order', () => {
    assert.deepEqual(messages({}), []);
    assert.deepEqual(messages({ taxIdType: 'steuernummer', taxId: '12345/6789' }), []);
    assert.deepEqual(messages({ deliveryMethod: 'shipping', quantity: 100 }), []);
  });

  it('requires company, name, address and city (blank is empty)', () => {
    assert.deepEqual(messages({ company: '  ' }, 'company'), ['Firmenname ist erforderlich']);
    assert.deepEqual(messages({ name: '' }, 'name'), ['Name des Bestellers ist erforderlich']);
    assert.deepEqual(messages({ address: '' }, 'address'), ['Adresse ist erforderlich']);
    assert.deepEqual(messages({ city: ' ' }, 'city'), ['Ort ist erforderlich']);
    assert.deepEqual(messages({ company: undefined }, 'company'), ['Firmenname ist erforderlich']);
    assert.deepEqual(messages({ company: 'x'.repeat(201) }, 'company'), [SHOP_MSG.tooLong.de]);
  });

  it('checks the UID: ATU plus 8 digits', () => {
    for (const ok of ['ATU12345678', 'atu12345678', 'ATU 1234 5678']) assert.deepEqual(messages({ taxId: ok }), [], ok);
    for (const bad of ['', 'ATU1234567', 'ATU123456789', 'DE123456789', 'AT12345678', 'ATU1234567X', '12345/6789'])
      assert.deepEqual(messages({ taxId: bad }, 'taxId'), ['UID muss im Format ATU12345678 sein'], bad);
    assert.equal(normalizeTaxId('uid', ' atu 1234 5678 '), 'ATU12345678');
  });

  it('checks the Steuernummer: 5 digits, slash, 4 digits', () => {
    const st = (taxId: string) => messages({ taxIdType: 'steuernummer', taxId }, 'taxId');
    assert.deepEqual(st(' 12345/6789 '), []);
    for (const bad of ['', '1234/6789', '12345/678', '123456789', '12345-6789', 'ATU12345678'])
      assert.deepEqual(st(bad), ['Steuernummer muss im Format 12345/6789 sein'], bad);
  });

  it('does not accept a company register number in place of a tax id', () => {
    for (const fn of ['FN 123456a', 'FN123456A', '123456 a']) {
      assert.deepEqual(messages({ taxId: fn }, 'taxId'), [SHOP_MSG.companyRegister.de], fn);
      assert.equal(taxIdError('steuernummer', fn), SHOP_MSG.companyRegister);
    }
  });

  it('checks the tax id type', () => {
    assert.deepEqual(messages({ taxIdType: 'fn' }, 'taxIdType'), [SHOP_MSG.taxIdType.de]);
  });

  it('reports the tax id even when other fields fail too', () => {
    const r = rksvOrderFormSchema.safeParse({ ...valid, company: '', agb: false, taxId: 'ATU1' });
    assert.ok(!r.success);
    const paths = r.error.issues.map((i) => i.path.join('.'));
    assert.ok(paths.includes('taxId') && paths.includes('company') && paths.includes('agb'), paths.join());
  });

  it('requires a postal code of exactly 4 digits', () => {
    for (const bad of ['', '119', '11900', '1l90', 'A-1190'])
      assert.deepEqual(messages({ postalCode: bad }, 'postalCode'), ['PLZ muss 4 Ziffern enthalten'], bad);
    assert.deepEqual(messages({ postalCode: ' 1010 ' }), []);
  });

  it('checks the email', () => {
    for (const bad of ['', 'maria', 'maria@', '@hirschen.at', 'maria hub@hirschen.at'])
      assert.deepEqual(messages({ email: bad }, 'email'), ['Bitte geben Sie eine gültige E-Mail-Adresse ein'], bad);
  });

  it('checks the Austrian phone number after removing spaces, dashes and brackets', () => {
    for (const ok of [
      '01234567',
      '012345678',
      '0664 123 45 67',
      '(01) 234-5678',
      '436641234567',
      '+43 664 1234567',
      '004366412345678'.slice(0, 14),
    ])
      assert.ok(isAustrianPhone(ok), ok);
    for (const bad of [
      '',
      '0123456',
      '12345678',
      '0664/1234567',
      '+43 664',
      '066412345678901234',
      'telefon',
      '0664.1234567',
    ])
      assert.ok(!isAustrianPhone(bad), bad);
    assert.deepEqual(messages({ phone: '123' }, 'phone'), [
      'Bitte geben Sie eine gültige österreichische Telefonnummer ein',
    ]);
  });

  it('requires an integer quantity of at least 1', () => {
    assert.deepEqual(messages({ quantity: 0 }, 'quantity'), ['Die Menge muss mindestens 1 sein']);
    assert.deepEqual(messages({ quantity: 1.5 }, 'quantity'), ['Die Menge muss mindestens 1 sein']);
    assert.deepEqual(messages({ quantity: '' }, 'quantity'), ['Die Menge muss mindestens 1 sein']);
    assert.deepEqual(messages({ quantity: 101 }, 'quantity'), [SHOP_MSG.quantityMax.de]);
  });

  it('knows pickup and shipping only', () => {
    assert.deepEqual(messages({ deliveryMethod: 'post' }, 'deliveryMethod'), [SHOP_MSG.deliveryMethod.de]);
  });

  it('requires both confirmations', () => {
    assert.deepEqual(messages({ agb: false }, 'agb'), [SHOP_MSG.agb.de]);
    assert.deepEqual(messages({ dataVerified: false }, 'dataVerified'), [SHOP_MSG.dataVerified.de]);
    assert.deepEqual(messages({ dataVerified: 'true' }, 'dataVerified'), [SHOP_MSG.dataVerified.de]);
  });

  it('takes an optional amount in cents on the request', () => {
    assert.ok(rksvOrderRequestSchema.safeParse({ ...valid, amount: 8900 }).success);
    assert.ok(rksvOrderRequestSchema.safeParse(valid).success);
    assert.ok(!rksvOrderRequestSchema.safeParse({ ...valid, amount: 89.5 }).success);
    assert.ok(!rksvOrderRequestSchema.safeParse({ ...valid, amount: -1 }).success);
  });

  it('accepts only failed as a status update', () => {
    assert.ok(updateOrderStatusSchema.safeParse({ session_id: 'cs_1', status: 'failed' }).success);
    const r = updateOrderStatusSchema.safeParse({ session_id: 'cs_1', status: 'paid' });
    assert.equal(german(r.error?.issues[0]?.message), SHOP_MSG.onlyFailed.de);
  });
});

describe('RKSV result page helpers', () => {
  it('maps payment status and method to label keys; unknown values stay raw', () => {
    assert.equal(paymentStatusLabelKey('paid'), 'paid');
    assert.equal(paymentStatusLabelKey('incomplete'), 'incomplete');
    assert.equal(paymentStatusLabelKey(null), 'missing');
    assert.equal(paymentStatusLabelKey('no_payment_required'), null);
    assert.equal(paymentStatusLabelKey('toString'), null);
    assert.equal(paymentMethodLabelKey('sepa_debit'), 'sepa_debit');
    assert.equal(paymentMethodLabelKey(''), 'missing');
    assert.equal(paymentMethodLabelKey('klarna'), null);
  });

  it('cuts the invoice number after 12 characters', () => {
    assert.equal(shortInvoiceNumber('in_1PqRsTuVwXyZ'), 'in_1PqRsTuVw...');
    assert.equal(shortInvoiceNumber('2026-00001'), '2026-00001');
    assert.equal(shortInvoiceNumber('123456789012'), '123456789012');
  });
});
