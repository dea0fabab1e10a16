import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { customers, signageDevices } from '../src/db/schema/index.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { postMultipart } from './tasks-fixtures.js';
import {
  MP4_FTYP_ONLY,
  MP4_LARGESIZE,
  MP4_MDAT_OVERRUN,
  MP4_MOOV_LAST,
  MP4_TRUNCATED,
  WEBM,
  WEBM_HEADER_ONLY,
} from './fixtures/signage-media.js';

/**
 * Issue 28, items 3, 8 and 11: a refused activation changes nothing but the try count, a live screen
 * cannot be re-registered without its key, and a "video" must be a video container one can play.
 */

const device = (key: string) => ({ authorization: `Device ${key}` });

for (const target of dbTargets()) {
  describe(`signage integrity (${target})`, () => {
    let t: TestApp;
    let token: string;
    let customerA: number;
    let customerB: number;
    const send = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    const register = (uuid: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/ds/api/register', payload: { uuid }, headers });
    const registered = async (uuid: string) => {
      const res = await register(uuid);
      assert.equal(res.statusCode, 201, res.body);
      return res.json() as { device_key: string; activation_code: string };
    };
    const row = async (uuid: string) =>
      (await t.db.select().from(signageDevices).where(eq(signageDevices.uuid, uuid)))[0]!;
    const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

    before(async () => {
      t = await createTestApp(target);
      const staff = await addUser(t.db, { role: 'agent', flags: ['digital_signage'] });
      token = await login(t.app, staff.email, staff.password);
      const rows = await t.db
        .insert(customers)
        .values([
          { kundennummer: '61001', firma: 'Kaffeehaus Eins', country_id: 1 },
          { kundennummer: '61002', firma: 'Wirtshaus Zwei', country_id: 1 },
        ])
        .returning({ id: customers.id });
      customerA = rows[0]!.id;
      customerB = rows[1]!.id;
    });
    after(() => t.close());

    describe('activation with the customer in one call (item 3)', () => {
      it('a wrong code with customer_id answers 400 and leaves the customer as it was; only the try counts', async () => {
        const reg = await registered('integrity-act-0001');
        const { id } = await row('integrity-act-0001');
        const wrong = await send(`/api/okds-devices/${id}/verify-activation`, {
          activation_code: wrongOf(reg.activation_code),
          customer_id: customerA,
        });
        assert.equal(wrong.statusCode, 400, wrong.body);
        assert.equal(wrong.json().error, 'Aktivierungscode ist nicht korrekt');
        let d = await row('integrity-act-0001');
        assert.equal(d.customer_id, null, 'a refused activation gives the device no customer');
        assert.equal(d.status, 'pending');
        assert.equal(d.activation_tries, 1, 'the try counts');

        const ok = await send(`/api/okds-devices/${id}/verify-activation`, {
          activation_code: reg.activation_code,
          customer_id: customerA,
        });
        assert.equal(ok.statusCode, 200, ok.body);
        assert.equal(ok.json().device.customer_id, customerA);
        assert.equal(ok.json().device.customer_name, 'Kaffeehaus Eins');
        assert.equal(ok.json().device.status, 'active');
        d = await row('integrity-act-0001');
        assert.deepEqual([d.customer_id, d.status, d.activation_tries], [customerA, 'active', 0]);
      });

      it('a device with a customer keeps it on a wrong code naming another one, and activates without customer_id', async () => {
        const reg = await registered('integrity-act-0002');
        const { id } = await row('integrity-act-0002');
        await t.db.update(signageDevices).set({ customer_id: customerA }).where(eq(signageDevices.id, id));
        const wrong = await send(`/api/okds-devices/${id}/verify-activation`, {
          activation_code: wrongOf(reg.activation_code),
          customer_id: customerB,
        });
        assert.equal(wrong.statusCode, 400);
        assert.equal((await row('integrity-act-0002')).customer_id, customerA);
        const ok = await send(`/api/okds-devices/${id}/verify-activation`, { activation_code: reg.activation_code });
        assert.equal(ok.statusCode, 200, ok.body);
        assert.equal(ok.json().device.customer_id, customerA);
      });

      it('without a customer on the device or in the call: 400 and nothing counted; an unknown customer: 404', async () => {
        const reg = await registered('integrity-act-0003');
        const { id } = await row('integrity-act-0003');
        const none = await send(`/api/okds-devices/${id}/verify-activation`, { activation_code: reg.activation_code });
        assert.equal(none.statusCode, 400);
        assert.equal(none.json().message, 'Bitte wählen Sie einen Kunden aus');
        const unknown = await send(`/api/okds-devices/${id}/verify-activation`, {
          activation_code: reg.activation_code,
          customer_id: 999_999,
        });
        assert.equal(unknown.statusCode, 404);
        const d = await row('integrity-act-0003');
        assert.deepEqual([d.customer_id, d.status, d.activation_tries], [null, 'pending', 0]);
      });

      it('concurrent wrong codes take at most five tries; the right code after them is refused', async () => {
        const reg = await registered('integrity-act-0004');
        const { id } = await row('integrity-act-0004');
        const answers = await Promise.all(
          Array.from({ length: 12 }, () =>
            send(`/api/okds-devices/${id}/verify-activation`, {
              activation_code: wrongOf(reg.activation_code),
              customer_id: customerA,
            }),
          ),
        );
        assert.ok(answers.every((a) => a.statusCode === 400));
        const d = await row('integrity-act-0004');
        assert.equal(d.activation_tries, 5);
        assert.equal(d.customer_id, null);
        const late = await send(`/api/okds-devices/${id}/verify-activation`, {
          activation_code: reg.activation_code,
          customer_id: customerA,
        });
        assert.equal(late.statusCode, 400);
        assert.equal(late.json().error, 'Zu viele falsche Versuche: Das Gerät muss sich neu registrieren.');
        assert.equal((await row('integrity-act-0004')).customer_id, null);
      });
    });

    describe('registering a known screen (item 8)', () => {
      it('an activated screen re-registered without its key: 409, and its key still plays', async () => {
        const reg = await registered('integrity-reg-0001');
        const { id } = await row('integrity-reg-0001');
        const ok = await send(`/api/okds-devices/${id}/verify-activation`, {
          activation_code: reg.activation_code,
          customer_id: customerA,
        });
        assert.equal(ok.statusCode, 200, ok.body);
        const before = await row('integrity-reg-0001');

        for (const headers of [{}, device('x'.repeat(43)), { authorization: 'Device kaputt' }]) {
          const again = await register('integrity-reg-0001', headers);
          assert.equal(again.statusCode, 409, again.body);
          assert.equal(again.json().message, 'Dieses Gerät ist bereits registriert.');
        }
        const after = await row('integrity-reg-0001');
        assert.deepEqual(after, before, 'device, key and state untouched');
        const pl = await t.app.inject({ method: 'GET', url: '/ds/api/playlist', headers: device(reg.device_key) });
        assert.equal(pl.statusCode, 200);
        assert.equal(pl.json().status, 'active');
      });

      it('locked and expired screens are refused as well', async () => {
        for (const [uuid, set] of [
          ['integrity-reg-0002', { status: 'locked' }],
          ['integrity-reg-0003', { status: 'active', license_until: '2020-01-31' }],
        ] as const) {
          const reg = await registered(uuid);
          await t.db.update(signageDevices).set(set).where(eq(signageDevices.uuid, uuid));
          const before = await row(uuid);
          assert.equal((await register(uuid)).statusCode, 409);
          assert.deepEqual(await row(uuid), before);
          assert.equal(
            (await t.app.inject({ method: 'GET', url: '/ds/api/playlist', headers: device(reg.device_key) }))
              .statusCode,
            200,
          );
        }
      });

      it('a pending screen registers anew without a key (it lost it): 201 and a new key', async () => {
        const first = await registered('integrity-reg-0004');
        const second = await register('integrity-reg-0004');
        assert.equal(second.statusCode, 201, second.body);
        assert.notEqual(second.json().device_key, first.device_key);
        assert.equal(
          (await t.app.inject({ method: 'GET', url: '/ds/api/playlist', headers: device(first.device_key) }))
            .statusCode,
          401,
          'the old key is gone',
        );
      });

      it('with its current key an activated screen registers anew: 201, a new key, and it waits for a new code', async () => {
        const reg = await registered('integrity-reg-0005');
        const { id } = await row('integrity-reg-0005');
        await send(`/api/okds-devices/${id}/verify-activation`, {
          activation_code: reg.activation_code,
          customer_id: customerB,
        });
        const again = await register('integrity-reg-0005', device(reg.device_key));
        assert.equal(again.statusCode, 201, again.body);
        const d = await row('integrity-reg-0005');
        assert.equal(d.status, 'pending');
        assert.equal(d.customer_id, customerB, 'keeps its customer');
        const pl = await t.app.inject({
          method: 'GET',
          url: '/ds/api/playlist',
          headers: device(again.json().device_key),
        });
        assert.equal(pl.json().activation_code, again.json().activation_code);
        assert.equal(
          (await t.app.inject({ method: 'GET', url: '/ds/api/playlist', headers: device(reg.device_key) })).statusCode,
          401,
        );
        // A locked screen with its key: a new key, and it stays locked.
        await t.db.update(signageDevices).set({ status: 'locked' }).where(eq(signageDevices.id, id));
        const locked = await register('integrity-reg-0005', device(again.json().device_key));
        assert.equal(locked.statusCode, 201);
        assert.equal((await row('integrity-reg-0005')).status, 'locked');
      });

      it('concurrent registrations without a key never take over an active screen', async () => {
        const reg = await registered('integrity-reg-0006');
        const { id } = await row('integrity-reg-0006');
        await send(`/api/okds-devices/${id}/verify-activation`, {
          activation_code: reg.activation_code,
          customer_id: customerA,
        });
        const answers = await Promise.all(Array.from({ length: 8 }, () => register('integrity-reg-0006')));
        assert.deepEqual(
          answers.map((a) => a.statusCode),
          Array(8).fill(409),
        );
        assert.equal((await row('integrity-reg-0006')).status, 'active');
      });
    });

    describe('videos are checked as containers (item 11)', () => {
      const upload = (content: Buffer, filename: string) =>
        postMultipart(t.app, '/api/okds-upload', token, [{ name: 'file', file: { filename, content } }]);

      it('refuses an ftyp-only file, truncated boxes and a WebM without a Segment with 415', async () => {
        assert.equal(MP4_FTYP_ONLY.length, 137);
        for (const [content, name] of [
          [MP4_FTYP_ONLY, 'ftyp.mp4'],
          [MP4_TRUNCATED, 'cut.mp4'],
          [MP4_MDAT_OVERRUN, 'overrun.mp4'],
          [WEBM_HEADER_ONLY, 'header.webm'],
          [WEBM.subarray(0, WEBM.length - 30), 'cut.webm'],
        ] as const) {
          const res = await upload(content, name);
          assert.equal(res.statusCode, 415, `${name}: ${res.body}`);
          assert.equal(res.json().message, 'Dieser Dateityp ist nicht erlaubt.');
        }
      });

      it('takes MP4 with its moov after the mdat, with a 64-bit box size, and a small WebM', async () => {
        for (const [content, name] of [
          [MP4_MOOV_LAST, 'camera.mp4'],
          [MP4_LARGESIZE, 'large.mp4'],
          [WEBM, 'clip.webm'],
        ] as const) {
          const res = await upload(content, name);
          assert.equal(res.statusCode, 201, `${name}: ${res.body}`);
          assert.equal(res.json().file.file_type, 'video');
        }
      });
    });
  });
}
