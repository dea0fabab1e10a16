import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { customers, signageDevices } from '../src/db/schema/index.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { flushHeartbeats } from '../src/modules/signage/heartbeats.js';
import { EXE, PNG, fields, postMultipart } from './tasks-fixtures.js';
import { playingAt as sharedPlayingAt, type Playlist } from '@portal/shared';
import { box, MP4_MOOV_LAST } from './fixtures/signage-media.js';

/** A small MP4 (ftyp, mdat, moov with its mvhd): a container the upload's check opens. */
const MP4 = MP4_MOOV_LAST;
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const device = (key: string) => ({ authorization: `Device ${key}` });

for (const target of dbTargets()) {
  describe(`signage (${target})`, () => {
    let t: TestApp;
    let token: string;
    let noFlag: string;
    let customerId: number;
    let otherCustomerId: number;
    const get = (url: string, headers: Record<string, string> = bearer(token)) =>
      t.app.inject({ method: 'GET', url, headers });
    const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = bearer(token)) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const register = async (uuid: string, extra: object = {}) => {
      const res = await t.app.inject({ method: 'POST', url: '/ds/api/register', payload: { uuid, ...extra } });
      assert.equal(res.statusCode, 201, res.body);
      return res.json() as { device_key: string; activation_code: string };
    };
    const deviceIdOf = async (uuid: string) =>
      (await t.db.select({ id: signageDevices.id }).from(signageDevices).where(eq(signageDevices.uuid, uuid)))[0]!.id;
    const activate = async (uuid: string, code: string) => {
      const id = await deviceIdOf(uuid);
      assert.equal(
        (await send('POST', `/api/okds-devices/${id}/assign-customer`, { customer_id: customerId })).statusCode,
        200,
      );
      const res = await send('POST', `/api/okds-devices/${id}/verify-activation`, { activation_code: code });
      assert.equal(res.statusCode, 200, res.body);
      return id;
    };
    const upload = async (content: Buffer, filename: string, duration?: number) =>
      postMultipart(t.app, '/api/okds-upload', token, [
        ...(duration === undefined ? [] : fields({ duration })),
        { name: 'file', file: { filename, content } },
      ]);

    before(async () => {
      t = await createTestApp(target);
      const staff = await addUser(t.db, { role: 'agent', flags: ['digital_signage'] });
      token = await login(t.app, staff.email, staff.password);
      const plain = await addUser(t.db, { role: 'agent', flags: ['tasks'] });
      noFlag = await login(t.app, plain.email, plain.password);
      const rows = await t.db
        .insert(customers)
        .values([
          {
            kundennummer: '50001',
            firma: 'Bäckerei Anker Demo',
            email: 'office@anker.test',
            kontaktperson: 'Anna Anker',
            stripe_cu_id: 'cus_anker',
            country_id: 1,
          },
          { kundennummer: '50002', firma: 'Heuriger Grinzing', email: 'wein@grinzing.test', country_id: 1 },
        ])
        .returning({ id: customers.id });
      customerId = rows[0]!.id;
      otherCustomerId = rows[1]!.id;
    });
    after(() => t.close());

    it('needs the digital_signage flag; anonymous callers are refused', async () => {
      assert.equal((await get('/api/okds-overview', {})).statusCode, 401);
      assert.equal((await get('/api/okds-overview', bearer(noFlag))).statusCode, 403);
      assert.equal((await get('/api/okds-devices', bearer(noFlag))).statusCode, 403);
      assert.equal((await get('/api/okds-overview')).statusCode, 200);
    });

    it('registers a screen: a key once, kept hashed, and a six-digit code the pending playlist repeats', async () => {
      const reg = await register('screen-one-0001', { device_name: 'Kassa', device_type: 'stele' });
      assert.match(reg.activation_code, /^\d{6}$/);
      const [row] = await t.db.select().from(signageDevices).where(eq(signageDevices.uuid, 'screen-one-0001'));
      assert.notEqual(row!.key_hash, reg.device_key);
      assert.equal(row!.key_hash.length, 64);
      assert.equal(row!.device_type, 'stele');
      const pl = await get('/ds/api/playlist', device(reg.device_key));
      assert.equal(pl.statusCode, 200);
      assert.equal(pl.json().status, 'pending');
      assert.equal(pl.json().activation_code, reg.activation_code);
      assert.deepEqual(pl.json().items, []);
      assert.equal((await get('/ds/api/playlist', {})).statusCode, 401);
      assert.equal((await get('/ds/api/playlist', device('x'.repeat(43)))).statusCode, 401);
      assert.equal((await get('/ds/api/playlist', bearer(token))).statusCode, 401, 'a staff session is no device key');
      assert.equal((await t.app.inject({ method: 'POST', url: '/ds/api/register', payload: {} })).statusCode, 400);
    });

    it('searches customers from two characters, at most 20, by company, number or e-mail', async () => {
      const short = await get('/api/okds-search-customers?query=a');
      assert.equal(short.statusCode, 400);
      assert.equal(short.json().message, 'Bitte mindestens 2 Zeichen eingeben.');
      const byFirma = await get('/api/okds-search-customers?query=anker');
      assert.deepEqual(byFirma.json(), [
        {
          id: customerId,
          name: 'Anna Anker',
          email: 'office@anker.test',
          stripe_cu_id: 'cus_anker',
          kundennummer: '50001',
          firma: 'Bäckerei Anker Demo',
        },
      ]);
      assert.equal((await get('/api/okds-search-customers?query=5000')).json().length, 2);
      assert.equal((await get('/api/okds-search-customers?query=grinzing.test')).json()[0].id, otherCustomerId);
    });

    it('adds a screen by the code it shows: customer and name in one step; a code no screen shows is 400; tries per caller are limited', async () => {
      const reg = await register('screen-code-0009');
      const add = (body: object, headers = bearer(token)) => send('POST', '/api/okds-devices/activate', body, headers);
      assert.equal(
        (await add({ activation_code: reg.activation_code, customer_id: customerId }, bearer(noFlag))).statusCode,
        403,
      );
      const bad = await add({ activation_code: '12a', customer_id: customerId });
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().message, 'Aktivierungscode ist nicht korrekt');
      const missing = await add({ activation_code: reg.activation_code });
      assert.equal(missing.statusCode, 400);
      assert.equal(missing.json().errors[0].field, 'customer_id');
      // A code no pending screen shows: 400, and the screen with the code is untouched.
      const unknown = reg.activation_code === '999999' ? '888888' : '999999';
      const wrong = await add({ activation_code: unknown, customer_id: customerId });
      assert.equal(wrong.statusCode, 400, wrong.body);
      assert.deepEqual(wrong.json(), { message: 'Aktivierungscode ist nicht korrekt', code: 'signage.codeWrong' });
      // Spaces and dashes as people type them; the device gets customer, name, and is active.
      const spaced = `${reg.activation_code.slice(0, 3)} ${reg.activation_code.slice(3)}`;
      const ok = await add({ activation_code: spaced, customer_id: otherCustomerId, device_name: 'Theke links' });
      assert.equal(ok.statusCode, 200, ok.body);
      const row = ok.json();
      assert.equal(row.device_name, 'Theke links');
      assert.equal(row.customer_id, otherCustomerId);
      assert.equal(row.status, 'active');
      // The code is used up: a second add with it finds no screen.
      assert.equal((await add({ activation_code: reg.activation_code, customer_id: customerId })).statusCode, 400);
      // Twenty tries per caller in ten minutes, then 429 with the wait (the limit is the caller's, not the device's).
      let limited = 0;
      for (let i = 0; i < 20 && !limited; i++)
        if ((await add({ activation_code: unknown, customer_id: customerId })).statusCode === 429) limited = i;
      assert.ok(limited > 0, 'refused within twenty tries');
      const refused = await add({ activation_code: unknown, customer_id: customerId });
      assert.equal(refused.statusCode, 429);
      assert.ok(Number(refused.headers['retry-after']) > 0);
    });

    it('activates with the right code for a customer; five wrong codes end the code until the screen registers anew', async () => {
      let reg = await register('screen-two-0002');
      const id = await deviceIdOf('screen-two-0002');
      const verify = (code: string) =>
        send('POST', `/api/okds-devices/${id}/verify-activation`, { activation_code: code });
      assert.equal((await verify('')).json().message, 'Bitte geben Sie einen Aktivierungscode ein');
      assert.equal(
        (await verify(reg.activation_code)).json().message,
        'Bitte wählen Sie einen Kunden aus',
        'a customer first',
      );
      assert.equal(
        (await send('POST', `/api/okds-devices/${id}/assign-customer`, { customer_id: customerId })).json()
          .customer_name,
        'Bäckerei Anker Demo',
      );
      const wrong = reg.activation_code === '000000' ? '111111' : '000000';
      for (let i = 1; i <= 4; i++) {
        const res = await verify(wrong);
        assert.equal(res.statusCode, 400);
        assert.equal(res.json().error, 'Aktivierungscode ist nicht korrekt');
      }
      assert.equal(
        (await verify(wrong)).json().error,
        'Zu viele falsche Versuche: Das Gerät muss sich neu registrieren.',
      );
      const locked = await verify(reg.activation_code);
      assert.equal(locked.statusCode, 400, 'the right code no longer counts after five wrong ones');
      const list = (await get('/api/okds-devices')).json();
      assert.equal(list.rows.find((d: { device_id: number }) => d.device_id === id).activation_locked, true);

      reg = await register('screen-two-0002');
      const ok = await verify(reg.activation_code);
      assert.equal(ok.statusCode, 200, ok.body);
      const d = ok.json().device;
      assert.equal(d.effective_status, 'active');
      assert.equal(d.status, 'active');
      assert.ok(d.days_remaining >= 365 && d.days_remaining <= 366, `days_remaining ${d.days_remaining}`);
      assert.equal(d.customer_email, 'office@anker.test');
      assert.equal(d.stripe_cu_id, 'cus_anker');
      assert.equal((await get('/ds/api/playlist', device(reg.device_key))).json().status, 'active');
    });

    it('locks, expires and unlocks a device; a locked or expired one gets its status and no items', async () => {
      const reg = await register('screen-three-0003');
      const id = await activate('screen-three-0003', reg.activation_code);
      const up = await upload(PNG, 'bild.png');
      await send('POST', `/api/okds-content/${id}`, { content: [{ file_id: up.json().file.id }] });
      assert.equal((await get('/ds/api/playlist', device(reg.device_key))).json().items.length, 1);
      // "Was läuft jetzt?": the same item for staff, with its file, and no poll recorded.
      await flushHeartbeats(t.db);
      const seenBefore = (await t.db.select().from(signageDevices).where(eq(signageDevices.id, id)))[0]!.last_seen;
      const now = (await get(`/api/okds-devices/${id}/now-playing`)).json();
      // The dialog opened from a link knows only the id: the answer names the device.
      assert.ok('device_name' in now);
      assert.equal(now.status, 'active');
      assert.deepEqual(
        now.items.map((i: { file_name: string; schedule_name: string | null }) => [i.file_name, i.schedule_name]),
        [['bild.png', null]],
      );
      assert.match(now.items[0].file_path, /^\/protected-files\/uploads\/signage\//);
      await flushHeartbeats(t.db);
      const seenAfter = (await t.db.select().from(signageDevices).where(eq(signageDevices.id, id)))[0]!.last_seen;
      assert.deepEqual(seenAfter, seenBefore);
      assert.equal((await get(`/api/okds-devices/${id}/now-playing`, bearer(noFlag))).statusCode, 403);
      assert.equal((await get('/api/okds-devices/999999/now-playing')).statusCode, 404);

      const lock = await send('PUT', `/api/okds-devices/${id}`, { status: 'locked', location: 'Eingang' });
      assert.equal(lock.json().effective_status, 'locked');
      assert.equal(lock.json().location, 'Eingang');
      let pl = (await get('/ds/api/playlist', device(reg.device_key))).json();
      assert.deepEqual([pl.status, pl.items], ['locked', []]);
      assert.deepEqual((await get(`/api/okds-devices/${id}/now-playing`)).json().items, []);
      assert.equal((await get(`/ds/api/media/${up.json().file.id}`, device(reg.device_key))).statusCode, 404);
      assert.equal(
        (
          await t.app.inject({
            method: 'POST',
            url: '/ds/api/register',
            payload: { uuid: 'screen-three-0003' },
            headers: device(reg.device_key),
          })
        ).statusCode,
        201,
        'with its key a locked screen may register anew',
      );
      const [relocked] = await t.db.select().from(signageDevices).where(eq(signageDevices.id, id));
      assert.equal(relocked!.status, 'locked', 'registering anew does not lift a lock');

      const unlocked = await send('PUT', `/api/okds-devices/${id}`, { status: 'active' });
      assert.equal(
        unlocked.json().status,
        'pending',
        'registered anew while locked: it has to show its new code again',
      );
      const fresh = await register('screen-three-0003');
      await send('POST', `/api/okds-devices/${id}/verify-activation`, { activation_code: fresh.activation_code });
      const past = await send('PUT', `/api/okds-devices/${id}`, { license_until: '2020-01-31' });
      assert.deepEqual([past.json().effective_status, past.json().days_remaining < 0], ['expired', true]);
      const expired = (await get('/api/okds-devices?status=expired')).json();
      assert.deepEqual(
        expired.rows.map((d: { device_id: number }) => d.device_id),
        [id],
      );
      pl = (await get('/ds/api/playlist', device(fresh.device_key))).json();
      assert.deepEqual([pl.status, pl.items], ['expired', []]);
      const today = await send('PUT', `/api/okds-devices/${id}`, { license_until: null });
      assert.equal(today.json().effective_status, 'active', 'no licence end: it does not expire');
      assert.equal((await send('PUT', `/api/okds-devices/${id}`, { license_until: '2020-02-30' })).statusCode, 400);
    });

    it('uploads pictures and videos checked by content, refuses other types, serves them to staff and to the device with ranges', async () => {
      const png = await upload(PNG, 'logo.png', 7);
      assert.equal(png.statusCode, 201, png.body);
      assert.equal(png.json().file.duration, 7);
      assert.equal(png.json().file.file_type, 'image');
      const mp4 = await upload(MP4, 'clip.mp4');
      assert.equal(mp4.statusCode, 201, mp4.body);
      assert.equal(mp4.json().file.file_type, 'video');
      assert.equal(mp4.json().file.duration, 10, 'default duration');
      for (const [content, name] of [
        [EXE, 'bild.png'],
        [GIF, 'anim.gif'],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.svg'],
      ] as const) {
        const res = await upload(content, name);
        assert.equal(res.statusCode, 415, `${name}: ${res.body}`);
        assert.equal(res.json().message, 'Dieser Dateityp ist nicht erlaubt.');
      }
      assert.equal(
        (await upload(PNG, 'a.png', 0)).json().message,
        'Die Dauer muss eine ganze Zahl von mindestens 1 Sekunde sein.',
      );
      const small = await createTestApp(target, { SIGNAGE_MAX_VIDEO_MB: '0.00001' });
      try {
        const user = await addUser(small.db, { flags: ['digital_signage'] });
        const tk = await login(small.app, user.email, user.password);
        const big = await postMultipart(small.app, '/api/okds-upload', tk, [
          { name: 'file', file: { filename: 'v.mp4', content: Buffer.concat([MP4, box('free', Buffer.alloc(200))]) } },
        ]);
        assert.equal(big.statusCode, 413);
      } finally {
        await small.close();
      }

      const files = (await get('/api/okds-files')).json();
      assert.ok(files.total >= 2);
      const staffGet = await get(png.json().file.file_path);
      assert.equal(staffGet.statusCode, 200);
      assert.equal(staffGet.headers['content-type'], 'image/png');
      assert.deepEqual(staffGet.rawPayload, PNG);
      assert.equal((await get(png.json().file.file_path, bearer(noFlag))).statusCode, 403);

      const reg = await register('screen-four-0004');
      const id = await activate('screen-four-0004', reg.activation_code);
      const mediaUrl = `/ds/api/media/${mp4.json().file.id}`;
      assert.equal((await get(mediaUrl, device(reg.device_key))).statusCode, 404, 'not on its playlist');
      await send('POST', `/api/okds-content/${id}`, { content: [{ file_id: mp4.json().file.id }] });
      assert.equal((await get(mediaUrl, {})).statusCode, 401);
      const whole = await get(mediaUrl, device(reg.device_key));
      assert.equal(whole.statusCode, 200);
      assert.deepEqual(whole.rawPayload, MP4);
      assert.equal(whole.headers['accept-ranges'], 'bytes');
      const part = await get(mediaUrl, { ...device(reg.device_key), range: 'bytes=4-11' });
      assert.equal(part.statusCode, 206);
      assert.equal(part.headers['content-range'], `bytes 4-11/${MP4.length}`);
      assert.deepEqual(part.rawPayload, MP4.subarray(4, 12));
      const tail = await get(mediaUrl, { ...device(reg.device_key), range: 'bytes=-4' });
      assert.deepEqual(tail.rawPayload, MP4.subarray(MP4.length - 4));
      assert.equal((await get(mediaUrl, { ...device(reg.device_key), range: `bytes=${MP4.length}-` })).statusCode, 416);
    });

    it('assigns, moves and removes content; refuses an empty assignment', async () => {
      const a = await register('screen-five-0005');
      const b = await register('screen-six-0006');
      const idA = await activate('screen-five-0005', a.activation_code);
      const idB = await activate('screen-six-0006', b.activation_code);
      const f1 = (await upload(PNG, 'eins.png', 5)).json().file.id;
      const f2 = (await upload(PNG, 'zwei.png', 6)).json().file.id;
      const empty = await send('POST', `/api/okds-content/${idA}`, { content: [] });
      assert.equal(empty.statusCode, 400);
      assert.equal(empty.json().message, 'Bitte mindestens einen Content auswählen.');
      assert.equal(
        (await send('POST', `/api/okds-content/${idA}`, { content: [{ file_id: 999999 }] })).statusCode,
        404,
      );
      const assigned = await send('POST', `/api/okds-content/${idA}`, {
        content: [
          { file_id: f2, display_order: 2 },
          { file_id: f1, display_order: 1, duration: 3 },
        ],
      });
      assert.deepEqual(
        assigned.json().content.map((c: { file_id: number; duration: number }) => [c.file_id, c.duration]),
        [
          [f1, 3],
          [f2, 6],
        ],
      );
      const pl = (await get('/ds/api/playlist', device(a.device_key))).json();
      assert.deepEqual(
        pl.items.map((i: { file_id: number }) => i.file_id),
        [f1, f2],
      );
      assert.equal(pl.items[0].url, `/ds/api/media/${f1}`);
      const first = assigned.json().content[0].id;
      const moved = await send('POST', '/api/okds-content/update-device', { contentIds: [first], deviceId: idB });
      assert.equal(moved.json().moved, 1);
      assert.deepEqual(
        (await get(`/api/okds-content/${idB}`)).json().map((c: { file_id: number }) => c.file_id),
        [f1],
      );
      const plB = (await get('/ds/api/playlist', device(b.device_key))).json();
      assert.notEqual(plB.version, pl.version);
      assert.equal((await send('DELETE', `/api/okds-content/${first}`)).statusCode, 200);
      assert.equal((await send('DELETE', `/api/okds-content/${first}`)).statusCode, 404);
      assert.deepEqual((await get(`/api/okds-content/${idB}`)).json(), []);
    });

    it('keeps schedules with their rules: all fields and a customer, start before end, status filter, delete', async () => {
      const missing = await send('POST', '/api/okds-schedules', {
        schedule_name: 'Mittag',
        start_time: '11:00',
        end_time: '14:00',
        days: '1,2,3,4,5',
      });
      assert.equal(missing.statusCode, 400);
      assert.equal(missing.json().message, 'Bitte alle Felder ausfüllen und einen Kunden wählen.');
      const unknown = await send('POST', '/api/okds-schedules', {
        schedule_name: 'X',
        stripe_customer_id: 'cus_none',
        start_time: '11:00',
        end_time: '14:00',
        days: '1',
      });
      assert.equal(unknown.json().message, 'Bitte alle Felder ausfüllen und einen Kunden wählen.');
      const reversed = await send('POST', '/api/okds-schedules', {
        schedule_name: 'X',
        customer_id: customerId,
        start_time: '15:00',
        end_time: '14:00',
        days: '1',
      });
      assert.equal(reversed.json().message, 'Die Startzeit muss vor der Endzeit liegen.');
      const created = await send('POST', '/api/okds-schedules', {
        schedule_name: 'Mittag',
        stripe_customer_id: 'cus_anker',
        start_time: '11:00',
        end_time: '14:00',
        days: '5,1,2,3,4',
      });
      assert.equal(created.statusCode, 201, created.body);
      const s = created.json().schedule;
      assert.deepEqual(
        [s.customer_id, s.customer_name, s.days_of_week, s.stripe_customer_id, s.content_count],
        [customerId, 'Bäckerei Anker Demo', '1,2,3,4,5', 'cus_anker', 0],
      );
      const other = await send('POST', '/api/okds-schedules', {
        schedule_name: 'Heuriger',
        customer_id: otherCustomerId,
        start_time: '08:00',
        end_time: '17:00',
        days: '1,2,3,4,5,6,7',
      });
      const otherId = other.json().schedule.schedule_id;
      await send('PUT', `/api/okds-schedules/${otherId}`, {
        ...other.json().schedule,
        schedule_name: 'Heuriger aus',
        days: '6,7',
        customer_id: otherCustomerId,
        status: 'inactive',
      });
      const active = (await get('/api/okds-schedules')).json();
      assert.ok(active.rows.every((r: { status: string }) => r.status === 'active'));
      assert.ok(!active.rows.some((r: { schedule_id: number }) => r.schedule_id === otherId));
      const inactive = (await get('/api/okds-schedules?status=inactive')).json();
      assert.deepEqual(
        inactive.rows.map((r: { schedule_name: string; days_of_week: string }) => [r.schedule_name, r.days_of_week]),
        [['Heuriger aus', '6,7']],
      );
      assert.equal((await send('DELETE', `/api/okds-schedules/${otherId}`)).statusCode, 200);
      assert.equal((await send('DELETE', `/api/okds-schedules/${otherId}`)).statusCode, 404);
      assert.equal(
        (
          await send('PUT', `/api/okds-schedules/${otherId}`, {
            schedule_name: 'X',
            customer_id: customerId,
            start_time: '08:00',
            end_time: '09:00',
            days: '1',
          })
        ).statusCode,
        404,
      );
    });

    it('lists each schedule with its first items for the thumbnail strip; refusals name their field', async () => {
      const files = [];
      for (const name of ['s1.png', 's2.png', 's3.png', 's4.png', 's5.png'])
        files.push((await upload(PNG, name)).json().file.id as number);
      const created = await send('POST', '/api/okds-schedules', {
        schedule_name: 'Streifen',
        customer_id: customerId,
        start_time: '08:00',
        end_time: '17:00',
        days: '1,2,3,4,5,6,7',
      });
      const sid = created.json().schedule.schedule_id;
      assert.deepEqual(created.json().schedule.preview, []);
      // Stored in the reverse of the upload order: the strip follows the playing order.
      const order = [...files].reverse();
      await send('POST', `/api/okds-content-schedule/${sid}`, {
        content: order.map((file_id, display_order) => ({ file_id, display_order })),
      });
      const row = (await get('/api/okds-schedules'))
        .json()
        .rows.find((r: { schedule_id: number }) => r.schedule_id === sid);
      assert.equal(row.content_count, 5);
      assert.deepEqual(
        row.preview.map((p: { file_id: number }) => p.file_id),
        order.slice(0, 4),
      );
      assert.match(row.preview[0].file_path, /^\/protected-files\/uploads\/signage\//);

      // An unknown customer is said at the customer field, every failing field at its own.
      const unknown = await send('PUT', `/api/okds-schedules/${sid}`, {
        schedule_name: 'Streifen',
        customer_id: 999_999,
        start_time: '08:00',
        end_time: '17:00',
        days: '1',
      });
      assert.equal(unknown.statusCode, 400);
      assert.deepEqual(unknown.json().errors, [
        {
          field: 'customer_id',
          message: 'Bitte alle Felder ausfüllen und einen Kunden wählen.',
          code: 'signage.scheduleRequired',
        },
      ]);
      const several = await send('POST', '/api/okds-schedules', {
        schedule_name: 'x'.repeat(201),
        customer_id: customerId,
        start_time: '8 Uhr',
        end_time: '',
        days: '',
      });
      assert.deepEqual(
        several.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
        [
          ['schedule_name', 'Der Name des Schedules darf höchstens 200 Zeichen lang sein.'],
          ['start_time', 'Ungültige Uhrzeit (HH:MM).'],
          ['end_time', 'Bitte alle Felder ausfüllen und einen Kunden wählen.'],
          ['days', 'Bitte alle Felder ausfüllen und einen Kunden wählen.'],
        ],
      );
      const reg = await register('screen-long-name-01');
      const longName = await send('PUT', `/api/okds-devices/${await deviceIdOf('screen-long-name-01')}`, {
        device_name: 'x'.repeat(101),
      });
      assert.ok(reg.device_key);
      assert.equal(longName.statusCode, 400);
      assert.deepEqual(longName.json().errors[0], {
        field: 'device_name',
        message: 'Der Gerätename darf höchstens 100 Zeichen lang sein.',
        code: 'signage.deviceNameTooLong',
      });
      // Gone again: the later tests count the customer's schedules and what plays.
      assert.equal((await send('DELETE', `/api/okds-schedules/${sid}`)).statusCode, 200);
    });

    it('plays what the window and weekday allow in Vienna time, schedules of the customer included (fixed clock)', async (tctx) => {
      const reg = await register('screen-clock-0007');
      const id = await activate('screen-clock-0007', reg.activation_code);
      const morning = (await upload(PNG, 'morgen.png')).json().file.id;
      const weekend = (await upload(PNG, 'wochenende.png')).json().file.id;
      const lunch = (await upload(PNG, 'mittag.png')).json().file.id;
      await send('POST', `/api/okds-content/${id}`, {
        content: [
          { file_id: morning, display_order: 1, start_time: '06:00', end_time: '10:00', days_of_week: '1,2,3,4,5' },
          { file_id: weekend, display_order: 2, days_of_week: '6,7' },
        ],
      });
      const sched = await send('POST', '/api/okds-schedules', {
        schedule_name: 'Mittagsmenü',
        customer_id: customerId,
        start_time: '11:00',
        end_time: '14:00',
        days: '1,2,3,4,5',
      });
      const sid = sched.json().schedule.schedule_id;
      const sc = await send('POST', `/api/okds-content-schedule/${sid}`, {
        content: [{ file_id: lunch, display_order: 0, duration: 12 }],
      });
      assert.equal(sc.statusCode, 200, sc.body);
      assert.deepEqual(
        (await get(`/api/okds-content-schedule/${sid}`)).json().content.map((c: { file_id: number }) => c.file_id),
        [lunch],
      );
      const listedSchedule = (await get('/api/okds-schedules'))
        .json()
        .rows.find((r: { schedule_id: number }) => r.schedule_id === sid);
      assert.equal(listedSchedule.content_count, 1);

      const playingAt = async (utc: string) => {
        tctx.mock.timers.enable({ apis: ['Date'], now: new Date(utc) });
        try {
          return (await get('/ds/api/playlist', device(reg.device_key)))
            .json()
            .items.map((i: { file_id: number }) => i.file_id);
        } finally {
          tctx.mock.timers.reset();
        }
      };
      // Monday 2 March 2026 (CET, UTC+1).
      assert.deepEqual(await playingAt('2026-03-02T04:59:00Z'), [], '05:59 Vienna: before the morning window');
      assert.deepEqual(await playingAt('2026-03-02T05:00:00Z'), [morning], '06:00 Vienna');
      assert.deepEqual(await playingAt('2026-03-02T09:00:00Z'), [], '10:00 Vienna: the morning window has ended');
      assert.deepEqual(await playingAt('2026-03-02T10:30:00Z'), [lunch], '11:30 Vienna: the schedule plays');
      // Monday 6 July 2026 (CEST, UTC+2): 11:30 Vienna is 09:30 UTC.
      assert.deepEqual(await playingAt('2026-07-06T09:30:00Z'), [lunch]);
      assert.deepEqual(await playingAt('2026-07-06T12:00:00Z'), [], '14:00 Vienna');
      // Saturday 7 March 2026, 23:30 UTC is Sunday 00:30 in Vienna; the schedule rests at weekends.
      assert.deepEqual(await playingAt('2026-03-07T23:30:00Z'), [weekend]);
      // Friday 23:30 UTC is Saturday 00:30 in Vienna.
      assert.deepEqual(await playingAt('2026-03-06T23:30:00Z'), [weekend]);
      assert.deepEqual(await playingAt('2026-03-06T22:30:00Z'), [], 'Friday 23:30 in Vienna');
      // Every answer carries the week's plan (a schedule's item narrowed to the schedule) and the server's
      // clock: the screen picks from it offline by the same rule, so it switches as the server would.
      tctx.mock.timers.enable({ apis: ['Date'], now: new Date('2026-03-02T04:00:00Z') });
      let answer;
      try {
        answer = (await get('/ds/api/playlist', device(reg.device_key))).json() as Playlist;
      } finally {
        tctx.mock.timers.reset();
      }
      assert.equal(answer.server_time, '2026-03-02T04:00:00.000Z');
      assert.deepEqual(
        answer.plan.map((i) => [i.file_id, i.start_time, i.end_time, i.days_of_week]),
        [
          [morning, '06:00', '10:00', '1,2,3,4,5'],
          [weekend, '00:00', '23:59', '6,7'],
          [lunch, '11:00', '14:00', '1,2,3,4,5'],
        ],
      );
      for (const utc of [
        '2026-03-02T05:00:00Z',
        '2026-03-02T10:30:00Z',
        '2026-03-07T23:30:00Z',
        '2026-03-06T22:30:00Z',
      ])
        assert.deepEqual(
          sharedPlayingAt(answer.plan, new Date(utc)).map((i) => i.file_id),
          await playingAt(utc),
          utc,
        );
      // An inactive schedule plays nothing.
      await send('PUT', `/api/okds-schedules/${sid}`, {
        schedule_name: 'Mittagsmenü',
        customer_id: customerId,
        start_time: '11:00',
        end_time: '14:00',
        days: '1,2,3,4,5',
        status: 'inactive',
      });
      assert.deepEqual(await playingAt('2026-03-02T10:30:00Z'), []);
      // What plays at 05:00 is the same (nothing), but the plan changed: a new version, so the screen takes it.
      tctx.mock.timers.enable({ apis: ['Date'], now: new Date('2026-03-02T04:00:00Z') });
      try {
        const later = (await get('/ds/api/playlist', device(reg.device_key))).json() as Playlist;
        assert.deepEqual([later.items, answer.items], [[], []]);
        assert.notEqual(later.version, answer.version);
        assert.deepEqual(
          later.plan.map((i) => i.file_id),
          [morning, weekend],
        );
      } finally {
        tctx.mock.timers.reset();
      }

      const sUp = await postMultipart(t.app, `/api/okds-content-schedule/${sid}/upload`, token, [
        ...fields({ duration: 4, start_time: '12:00' }),
        { name: 'file', file: { filename: 'neu.png', content: PNG } },
      ]);
      assert.equal(sUp.statusCode, 201, sUp.body);
      const added = sUp.json().content.at(-1);
      assert.deepEqual(
        [added.duration, added.start_time, added.end_time, added.days_of_week],
        [4, '12:00', '23:59', '1,2,3,4,5,6,7'],
      );
    });

    it('shows the overview, the customers with screens and the status board', async () => {
      const ov = (await get('/api/okds-overview')).json();
      assert.equal(ov.stats.total, ov.stats.active + ov.stats.pending + ov.stats.locked + ov.stats.expired);
      assert.ok(ov.stats.total >= 7);
      assert.equal(Object.keys(ov.devicesByMonth).length, 12);
      const thisMonth = Object.keys(ov.devicesByMonth).at(-1)!;
      assert.equal(ov.devicesByMonth[thisMonth], ov.stats.total);
      assert.deepEqual(
        ov.byType.find((b: { device_type: string }) => b.device_type === 'stele'),
        { device_type: 'stele', total: 1 },
      );
      const custRes = await get('/api/okds-customers');
      assert.equal(custRes.statusCode, 200, custRes.body);
      const cust = custRes.json();
      const anker = cust.rows.find((c: { customer_id: number }) => c.customer_id === customerId);
      assert.ok(anker.devices.length >= 5);
      assert.equal(anker.schedule_count, 2);
      assert.ok(anker.content_count >= 5);
      const status = (await get('/api/okds-status')).json();
      assert.ok(
        status.rows.some((r: { playing: string[] }) => r.playing.length > 0),
        'what a screen played last',
      );
      assert.ok(status.rows.some((r: { online: boolean }) => r.online));
      const listed = (await get('/api/okds-devices?limit=2')).json();
      assert.equal(listed.rows.length, 2);
      assert.ok(listed.total >= 7);
    });
  });
}
