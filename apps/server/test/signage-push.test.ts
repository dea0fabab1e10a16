import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { customers, signageDevices } from '../src/db/schema/index.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { PNG, fields, postMultipart } from './tasks-fixtures.js';

/**
 * The screens' socket namespace (/ds, issue 33): a device key opens it, and every staff change that
 * touches what a device plays tells exactly the devices it touches `playlist_changed {version}`,
 * after commit, with the version the playlist call then answers.
 */

const open = (url: string, auth: Record<string, unknown>): Socket =>
  connect(`${url}/ds`, { path: '/socket.io/', transports: ['websocket'], reconnection: false, auth, forceNew: true });

const connected = (s: Socket) =>
  new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', (e) => reject(e));
  });
const refused = (s: Socket) =>
  new Promise<string>((resolve, reject) => {
    s.once('connect', () => reject(new Error('connected')));
    s.once('connect_error', (e) => resolve(e.message));
  });

for (const target of dbTargets()) {
  describe(`signage push (${target})`, () => {
    let t: TestApp;
    let url: string;
    let token: string;
    let noFlag: string;
    let customerA: number;
    let customerB: number;
    const sockets: Socket[] = [];
    /** Device name → its id, key and the versions its socket heard. */
    const screens = new Map<string, { id: number; uuid: string; key: string; code: string; heard: string[] }>();

    const send = (method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: object, headers = bearer(token)) =>
      t.app.inject({ method, url: path, headers, ...(payload ? { payload } : {}) });
    const ok = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
      const r = await res;
      assert.ok(r.statusCode < 300, `${r.statusCode} ${r.body}`);
      return r.json() as Record<string, unknown>;
    };
    const screen = (name: string) => screens.get(name)!;
    const playlistVersion = async (name: string) =>
      (await t.app.inject({ url: '/ds/api/playlist', headers: { authorization: `Device ${screen(name).key}` } })).json()
        .version as string;

    /**
     * Runs a change and answers which screens heard of it (after a moment for stray events). Every screen
     * asks for its playlist before (so the process keeps its content: content-cache.ts) and after: one that
     * heard gets the version it heard, the others the version they had (a kept playlist never outlives
     * the change, and no change is taken for one).
     */
    async function heardBy(change: () => Promise<unknown>): Promise<string[]> {
      const before = new Map<string, string>();
      for (const [name, s] of screens) {
        s.heard = [];
        before.set(name, await playlistVersion(name));
      }
      await change();
      await new Promise((r) => setTimeout(r, 400));
      const heard = [...screens].filter(([, s]) => s.heard.length > 0).map(([n]) => n);
      for (const [name, s] of screens)
        assert.equal(
          await playlistVersion(name),
          heard.includes(name) ? s.heard.at(-1) : before.get(name),
          `${name}: the playlist after the change`,
        );
      return heard.sort();
    }

    before(async () => {
      t = await createTestApp(target);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      await t.realtime.attach(t.app.server);
      url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
      const staff = await addUser(t.db, { role: 'agent', flags: ['digital_signage'] });
      token = await login(t.app, staff.email, staff.password);
      const plain = await addUser(t.db, { role: 'agent', flags: ['tasks'] });
      noFlag = await login(t.app, plain.email, plain.password);
      const rows = await t.db
        .insert(customers)
        .values([
          {
            kundennummer: '61001',
            firma: 'Push Anker',
            email: 'a@push.test',
            stripe_cu_id: 'cus_push_a',
            country_id: 1,
          },
          { kundennummer: '61002', firma: 'Push Berg', email: 'b@push.test', country_id: 1 },
        ])
        .returning({ id: customers.id });
      customerA = rows[0]!.id;
      customerB = rows[1]!.id;
      // A1 and A2 play customer A's schedules, B1 customer B's; P waits for its activation.
      for (const name of ['A1', 'A2', 'B1', 'P']) {
        const uuid = randomUUID();
        const reg = await t.app.inject({ method: 'POST', url: '/ds/api/register', payload: { uuid } });
        assert.equal(reg.statusCode, 201, reg.body);
        const { device_key: key, activation_code: code } = reg.json() as {
          device_key: string;
          activation_code: string;
        };
        const [d] = await t.db
          .select({ id: signageDevices.id })
          .from(signageDevices)
          .where(eq(signageDevices.uuid, uuid));
        screens.set(name, { id: d!.id, uuid, key, code, heard: [] });
      }
      for (const [name, customer] of [
        ['A1', customerA],
        ['A2', customerA],
        ['B1', customerB],
      ] as const)
        await ok(
          send('POST', `/api/okds-devices/${screen(name).id}/verify-activation`, {
            activation_code: screen(name).code,
            customer_id: customer,
          }),
        );
      for (const [name, s] of screens) {
        const socket = open(url, { key: s.key });
        sockets.push(socket);
        socket.on('playlist_changed', (e: { version: string }) => screen(name).heard.push(e.version));
        await connected(socket);
      }
    });
    after(async () => {
      for (const s of sockets) s.disconnect();
      await t.close();
    });

    it('refuses a handshake without a key, with a wrong one or a malformed one', async () => {
      assert.equal(await refused(open(url, {})), 'unauthorized');
      assert.equal(await refused(open(url, { key: 'x'.repeat(43) })), 'unauthorized');
      assert.equal(await refused(open(url, { key: 'kurz' })), 'unauthorized');
      assert.equal(await refused(open(url, { key: 42 })), 'unauthorized');
      // A staff session is no device key either.
      assert.equal(await refused(open(url, { key: token })), 'unauthorized');
    });

    it('own content: assigning, moving and removing tell exactly the devices concerned, with the version they then get', async () => {
      const up = await postMultipart(t.app, '/api/okds-upload', token, [
        { name: 'file', file: { filename: 'a.png', content: PNG } },
      ]);
      assert.equal(up.statusCode, 201, up.body);
      const fileId = (up.json() as { file: { id: number } }).file.id;
      // A file that is only uploaded plays nowhere yet.
      assert.deepEqual(await heardBy(async () => {}), []);
      let content: { id: number }[] = [];
      assert.deepEqual(
        await heardBy(async () => {
          content = (await ok(send('POST', `/api/okds-content/${screen('A1').id}`, { content: [{ file_id: fileId }] })))
            .content as { id: number }[];
        }),
        ['A1'],
      );
      assert.equal(screen('A1').heard[0], await playlistVersion('A1'), 'the pushed version is the playlist call’s');
      assert.deepEqual(
        await heardBy(() =>
          ok(
            send('POST', '/api/okds-content/update-device', {
              contentIds: [content[0]!.id],
              deviceId: screen('B1').id,
            }),
          ),
        ),
        ['A1', 'B1'],
      );
      assert.deepEqual(await heardBy(() => ok(send('DELETE', `/api/okds-content/${content[0]!.id}`))), ['B1']);
      // Refused or failed changes commit nothing and tell no one.
      assert.deepEqual(
        await heardBy(async () => {
          assert.equal(
            (
              await send(
                'POST',
                `/api/okds-content/${screen('A1').id}`,
                { content: [{ file_id: fileId }] },
                bearer(noFlag),
              )
            ).statusCode,
            403,
          );
          assert.equal(
            (await send('POST', `/api/okds-content/${screen('A1').id}`, { content: [{ file_id: 999999 }] })).statusCode,
            404,
          );
        }),
        [],
      );
    });

    it('schedules: creating, filling, uploading into, moving to another customer and deleting tell that customer’s devices', async () => {
      let scheduleId = 0;
      assert.deepEqual(
        await heardBy(async () => {
          const created = await ok(
            send('POST', '/api/okds-schedules', {
              schedule_name: 'Ganztags',
              customer_id: customerA,
              start_time: '00:00',
              end_time: '23:59',
              days: '1,2,3,4,5,6,7',
            }),
          );
          scheduleId = (created.schedule as { schedule_id: number }).schedule_id;
        }),
        ['A1', 'A2'],
      );
      let fileId = 0;
      assert.deepEqual(
        await heardBy(async () => {
          const up = await postMultipart(t.app, `/api/okds-content-schedule/${scheduleId}/upload`, token, [
            ...fields({ duration: 5 }),
            { name: 'file', file: { filename: 'plan.png', content: PNG } },
          ]);
          assert.equal(up.statusCode, 201, up.body);
          fileId = (up.json() as { content: { file_id: number }[] }).content[0]!.file_id;
        }),
        ['A1', 'A2'],
      );
      assert.equal(screen('A2').heard[0], await playlistVersion('A2'));
      assert.deepEqual(
        await heardBy(() =>
          ok(
            send('POST', `/api/okds-content-schedule/${scheduleId}`, {
              content: [{ file_id: fileId, display_order: 0, duration: 7 }],
            }),
          ),
        ),
        ['A1', 'A2'],
      );
      // Moved to customer B: A's screens lose it, B's gain it.
      assert.deepEqual(
        await heardBy(() =>
          ok(
            send('PUT', `/api/okds-schedules/${scheduleId}`, {
              schedule_name: 'Ganztags',
              customer_id: customerB,
              start_time: '00:00',
              end_time: '23:59',
              days: '1,2,3,4,5,6,7',
            }),
          ),
        ),
        ['A1', 'A2', 'B1'],
      );
      assert.deepEqual(await heardBy(() => ok(send('DELETE', `/api/okds-schedules/${scheduleId}`))), ['B1']);
    });

    it('the device itself: lock, licence, customer and activation tell that device only', async () => {
      const a2 = screen('A2').id;
      assert.deepEqual(await heardBy(() => ok(send('PUT', `/api/okds-devices/${a2}`, { status: 'locked' }))), ['A2']);
      assert.equal(screen('A2').heard[0], await playlistVersion('A2'));
      assert.deepEqual(await heardBy(() => ok(send('PUT', `/api/okds-devices/${a2}`, { status: 'active' }))), ['A2']);
      assert.deepEqual(
        await heardBy(() => ok(send('PUT', `/api/okds-devices/${a2}`, { license_until: '2020-01-01' }))),
        ['A2'],
      );
      assert.deepEqual(
        await heardBy(() => ok(send('PUT', `/api/okds-devices/${a2}`, { license_until: '2099-12-31' }))),
        ['A2'],
      );
      assert.deepEqual(
        await heardBy(() => ok(send('POST', `/api/okds-devices/${a2}/assign-customer`, { customer_id: customerB }))),
        ['A2'],
      );
      assert.deepEqual(await heardBy(() => ok(send('POST', `/api/okds-devices/${a2}/remove-customer`))), ['A2']);
      assert.deepEqual(
        await heardBy(() =>
          ok(send('POST', '/api/okds-devices/activate', { activation_code: screen('P').code, customer_id: customerA })),
        ),
        ['P'],
      );
      assert.equal(screen('P').heard[0], await playlistVersion('P'));
      // A wrong code changes nothing on the screen.
      assert.deepEqual(
        await heardBy(async () => {
          assert.equal(
            (await send('POST', '/api/okds-devices/activate', { activation_code: '000000', customer_id: customerA }))
              .statusCode,
            400,
          );
        }),
        [],
      );
    });

    it('a write the API did not make still reaches the next playlist call (the database raises the content version)', async () => {
      const b1 = screen('B1');
      const items = async () =>
        (await t.app.inject({ url: '/ds/api/playlist', headers: { authorization: `Device ${b1.key}` } })).json()
          .items as { file_id: number; file_type: string; duration: number }[];
      const up = await postMultipart(t.app, '/api/okds-upload', token, [
        { name: 'file', file: { filename: 'roh.png', content: PNG } },
      ]);
      const fileId = (up.json() as { file: { id: number } }).file.id;
      await ok(send('POST', `/api/okds-content/${b1.id}`, { content: [{ file_id: fileId, duration: 5 }] }));
      const mine = async () => (await items()).find((i) => i.file_id === fileId);
      assert.deepEqual([(await mine())?.file_type, (await mine())?.duration], ['image', 5]);
      await t.db.execute(sql`update signage_device_content set duration = 9 where file_id = ${fileId}`);
      assert.equal((await mine())?.duration, 9, 'device content');
      await t.db.execute(sql`update signage_files set file_type = 'video' where id = ${fileId}`);
      assert.equal((await mine())?.file_type, 'video', 'the file');
      const [sched] = await t.db
        .execute(
          sql`insert into signage_schedules (schedule_name, customer_id, start_time, end_time)
            values ('Roh', (select customer_id from signage_devices where id = ${b1.id}), '00:00', '23:59') returning id`,
        )
        .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
      await t.db.execute(
        sql`insert into signage_schedule_content (schedule_id, file_id, duration) values (${sched!.id}, ${fileId}, 3)`,
      );
      assert.ok(
        (await items()).some((i) => i.file_id === fileId && i.duration === 3),
        'schedule content',
      );
      await t.db.execute(sql`update signage_schedules set status = 'inactive' where id = ${sched!.id}`);
      assert.ok(!(await items()).some((i) => i.duration === 3), 'schedule status');
      await t.db.execute(sql`delete from signage_device_content where file_id = ${fileId}`);
      assert.equal(await mine(), undefined, 'removed');
    });

    it('a screen registered anew with a new key: the old key’s socket hears nothing more', async () => {
      const a1 = screen('A1');
      const reg = await t.app.inject({
        method: 'POST',
        url: '/ds/api/register',
        payload: { uuid: a1.uuid },
        headers: { authorization: `Device ${a1.key}` },
      });
      assert.equal(reg.statusCode, 201, reg.body);
      assert.deepEqual(
        await heardBy(() => ok(send('PUT', `/api/okds-devices/${a1.id}`, { location: 'Schaufenster' }))),
        [],
      );
      const fresh = open(url, { key: (reg.json() as { device_key: string }).device_key });
      sockets.push(fresh);
      await connected(fresh);
      const heard = new Promise<{ version: string }>((resolve) => fresh.once('playlist_changed', resolve));
      await ok(send('PUT', `/api/okds-devices/${a1.id}`, { location: 'Eingang' }));
      assert.ok((await heard).version);
    });
  });
}
