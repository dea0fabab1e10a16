import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { and, count, eq, sql } from 'drizzle-orm';
import { customers, notifications, signageDevices } from '../src/db/schema/index.js';
import { notifyOfflineDevices } from '../src/modules/signage/offline-alerts.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { flushHeartbeats } from '../src/modules/signage/heartbeats.js';
import { statusPageQuery } from '../src/modules/signage/devices.js';
import { rowsOf } from '../src/platform/db-helpers.js';
import type { ServiceCtx } from '../src/platform/service.js';
import { PNG, postMultipart } from './tasks-fixtures.js';

/**
 * Fleet health (issue 33): what a screen reports with its poll is kept on its device, the status board
 * reads it beside the server's view (online within 90 s, version current, the offline warning), and a
 * screen silent for 10 minutes while it has something to play is told to the signage staff once per
 * outage. All on an injected clock.
 */

const device = (key: string) => ({ authorization: `Device ${key}` });
/** Wednesday 25 November 2026, 11:00 in Vienna. */
const START = new Date('2026-11-25T10:00:00Z');
const seconds = (s: number) => new Date(START.getTime() + s * 1000);

interface StatusRow {
  device_id: number;
  online: boolean;
  now_playing_file_id: number | null;
  now_playing_file_name: string | null;
  version_current: boolean | null;
  cache_bytes: number | null;
  cache_files: number | null;
  app_version: string | null;
  screen: { w: number; h: number } | null;
  offline_alert: boolean;
  playing: string[];
  last_seen: string | null;
}

for (const target of dbTargets()) {
  describe(`signage fleet health (${target})`, () => {
    let t: TestApp;
    let clock = START;
    let token: string;
    let customerId: number;
    const staff: Record<'atAgent' | 'egAgent' | 'admin' | 'noFlag', number> = {
      atAgent: 0,
      egAgent: 0,
      admin: 0,
      noFlag: 0,
    };
    const get = (url: string, headers: Record<string, string> = bearer(token)) =>
      t.app.inject({ method: 'GET', url, headers });
    const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: bearer(token), payload });
    const poll = (key: string, report: Record<string, string | number> = {}) =>
      get(
        `/ds/api/playlist?${new URLSearchParams(Object.entries(report).map(([k, v]): [string, string] => [k, String(v)]))}`,
        device(key),
      );
    const statusOf = async (id: number): Promise<StatusRow> => {
      const res = await get('/api/okds-status?limit=200');
      assert.equal(res.statusCode, 200, res.body);
      return (res.json().rows as StatusRow[]).find((r) => r.device_id === id)!;
    };
    const upload = async (name: string) => {
      const res = await postMultipart(t.app, '/api/okds-upload', token, [
        { name: 'file', file: { filename: name, content: PNG } },
      ]);
      assert.equal(res.statusCode, 201, res.body);
      return res.json().file.id as number;
    };
    /** A screen registered, activated for the customer, with `content` as its own list. */
    const screen = async (uuid: string, content: object[] = []) => {
      const reg = await t.app.inject({ method: 'POST', url: '/ds/api/register', payload: { uuid } });
      const { device_key, activation_code } = reg.json() as { device_key: string; activation_code: string };
      const added = await send('POST', '/api/okds-devices/activate', { activation_code, customer_id: customerId });
      assert.equal(added.statusCode, 200, added.body);
      const id = added.json().device_id as number;
      if (content.length) assert.equal((await send('POST', `/api/okds-content/${id}`, { content })).statusCode, 200);
      return { id, key: device_key };
    };
    const told = async (userId: number) =>
      (
        await t.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.user_id, userId), eq(notifications.type, 'device_offline')))
      ).length;
    const runJob = () => notifyOfflineDevices({ db: t.db, clock: () => clock });

    before(async () => {
      t = await createTestApp(target, { LOGIN_RATE_LIMIT: '1000' }, { clock: () => clock });
      const me = await addUser(t.db, { role: 'agent', flags: ['digital_signage'], country: 1 });
      token = await login(t.app, me.email, me.password);
      staff.atAgent = me.id;
      staff.egAgent = (await addUser(t.db, { role: 'agent', flags: ['digital_signage'], country: 2 })).id;
      staff.admin = (await addUser(t.db, { role: 'admin', flags: ['digital_signage'], country: 2 })).id;
      staff.noFlag = (await addUser(t.db, { role: 'agent', flags: ['tasks'], country: 1 })).id;
      const [c] = await t.db
        .insert(customers)
        .values({ kundennummer: '70001', firma: 'Café Health', email: 'cafe@health.test', country_id: 1 })
        .returning({ id: customers.id });
      customerId = c!.id;
    });
    after(() => t.close());

    it('keeps what the screen reports with its poll; an old player reporting nothing keeps it; out of range is refused at its field', async () => {
      clock = START;
      const fileId = await upload('menu.png');
      const s = await screen('health-report-0001', [{ file_id: fileId }]);
      const fresh = await statusOf(s.id);
      for (const field of ['now_playing_file_id', 'version_current', 'cache_bytes', 'cache_files', 'app_version'])
        assert.equal(fresh[field as keyof StatusRow], null, `${field} is null until the screen reports it`);

      const first = await poll(s.key);
      assert.equal(first.statusCode, 200);
      const report = {
        version: first.json().version,
        now_playing_file_id: fileId,
        cache_bytes: 5_000_000_000,
        cache_files: 3,
        app_version: '1.0.0',
        screen_w: 1920,
        screen_h: 1080,
      };
      assert.equal((await poll(s.key, report)).statusCode, 200);
      // The poll's record waits for the second's batch (heartbeats.ts); a reader writes it first.
      await flushHeartbeats(t.db);
      const [row] = await t.db.select().from(signageDevices).where(eq(signageDevices.id, s.id));
      assert.equal(row!.reported_version, report.version);
      assert.equal(row!.cache_bytes, 5_000_000_000, 'beyond 32 bits');
      assert.deepEqual([row!.screen_w, row!.screen_h], [1920, 1080]);
      const st = await statusOf(s.id);
      assert.equal(st.online, true);
      assert.equal(st.now_playing_file_id, fileId);
      assert.equal(st.now_playing_file_name, 'menu.png');
      assert.equal(st.version_current, true);
      assert.deepEqual([st.cache_bytes, st.cache_files, st.app_version], [5_000_000_000, 3, '1.0.0']);
      assert.deepEqual(st.screen, { w: 1920, h: 1080 });
      assert.deepEqual(st.playing, ['menu.png'], "today's fields stay");

      // A player from before issue 33 polls without a report: what the last report said stays.
      assert.equal((await poll(s.key)).statusCode, 200);
      assert.equal((await statusOf(s.id)).cache_files, 3);

      for (const [field, value] of [
        ['cache_files', -1],
        ['cache_bytes', 2 ** 41],
        ['screen_w', 0],
        ['screen_h', 100_000],
        ['now_playing_file_id', 'x'],
        ['app_version', 'v'.repeat(65)],
        ['version', 'a b'],
      ] as const) {
        const res = await poll(s.key, { [field]: value });
        assert.equal(res.statusCode, 400, `${field}=${value}`);
        assert.deepEqual(
          res.json().errors.map((e: { field: string }) => e.field),
          [field],
        );
      }
      assert.equal((await statusOf(s.id)).cache_files, 3, 'a refused report changes nothing');
    });

    it('turns offline 90 s after the last report by the server clock', async () => {
      clock = START;
      const s = await screen('health-online-0002');
      await poll(s.key, { cache_files: 0 });
      clock = seconds(89);
      assert.equal((await statusOf(s.id)).online, true);
      clock = seconds(91);
      assert.equal((await statusOf(s.id)).online, false);
      await poll(s.key, { cache_files: 0 });
      assert.equal((await statusOf(s.id)).online, true);
    });

    it('polls of one second share a write: the last report and the last time win, a poll without a report keeps it', async () => {
      clock = START;
      const s = await screen('health-batch-0005');
      await flushHeartbeats(t.db);
      // Three polls queued before any write (heartbeats.ts): report 7, report 8, then none.
      await poll(s.key, { cache_files: 7 });
      clock = seconds(1);
      await poll(s.key, { cache_files: 8, app_version: '2.0.0' });
      clock = seconds(2);
      await poll(s.key);
      // The status board sees them before they are written, and the row holds the same once they are.
      const st = await statusOf(s.id);
      assert.deepEqual([st.cache_files, st.app_version], [8, '2.0.0']);
      assert.equal(st.last_seen, seconds(2).toISOString());
      await flushHeartbeats(t.db);
      const [row] = await t.db.select().from(signageDevices).where(eq(signageDevices.id, s.id));
      assert.deepEqual([row!.cache_files, row!.app_version, row!.last_seen], [8, '2.0.0', seconds(2)]);
      assert.deepEqual(await statusOf(s.id), st);
    });

    it('says whether the screen runs the version the server would give it now', async () => {
      clock = START;
      const a = await upload('a.png');
      const b = await upload('b.png');
      const s = await screen('health-version-0003', [{ file_id: a }]);
      const v1 = (await poll(s.key)).json().version as string;
      await poll(s.key, { version: v1, now_playing_file_id: a });
      assert.equal((await statusOf(s.id)).version_current, true);
      // The content changes: the server would now give another version; the screen still runs v1.
      assert.equal((await send('POST', `/api/okds-content/${s.id}`, { content: [{ file_id: b }] })).statusCode, 200);
      assert.equal((await statusOf(s.id)).version_current, false);
      const v2 = (await poll(s.key, { version: v1 })).json().version as string;
      assert.notEqual(v2, v1);
      await poll(s.key, { version: v2, now_playing_file_id: b });
      const st = await statusOf(s.id);
      assert.equal(st.version_current, true);
      assert.equal(st.now_playing_file_name, 'b.png');
    });

    it('tells the signage staff of a screen silent for 10 minutes in its window, once per outage', async () => {
      // A day on: the screens of the tests above are long silent; a first run tells of them.
      const base = START.getTime() + 24 * 3600_000;
      const at = (s: number) => new Date(base + s * 1000);
      clock = at(0);
      const file = await upload('offline.png');
      const playing = await screen('health-offline-0004', [{ file_id: file }]);
      // Its only item plays on Sundays: silent on a Thursday is no outage yet.
      const outside = await screen('health-offline-0005', [{ file_id: file, days_of_week: '7' }]);
      await poll(playing.key, { cache_files: 1 });
      await poll(outside.key, { cache_files: 1 });
      await runJob();
      const before = { at: await told(staff.atAgent), admin: await told(staff.admin) };

      clock = at(9 * 60);
      assert.equal(await runJob(), 0, 'nine minutes is not yet an outage');
      assert.equal((await statusOf(playing.id)).offline_alert, false);

      clock = at(11 * 60);
      assert.equal((await statusOf(playing.id)).offline_alert, true);
      assert.equal((await statusOf(outside.id)).offline_alert, false);
      assert.equal(await runJob(), 1);
      assert.equal(await runJob(), 0, 'a second run tells nothing new');
      assert.equal(await told(staff.atAgent), before.at + 1);
      assert.equal(await told(staff.admin), before.admin + 1, 'admins with the flag hear of every country');
      assert.equal(await told(staff.egAgent), 0, "another country's staff do not");
      assert.equal(await told(staff.noFlag), 0, 'nor staff without the signage flag');
      const [n] = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.user_id, staff.atAgent), eq(notifications.type, 'device_offline')));
      assert.equal(n!.link, '/agent-dashboard/ds/status');
      assert.equal(n!.title, 'Bildschirm offline');
      assert.match(n!.message, /Café Health/);

      // It reports again: the outage is over; the next silence is a new outage, told again.
      clock = at(12 * 60);
      await poll(playing.key, { cache_files: 1 });
      assert.equal((await statusOf(playing.id)).offline_alert, false);
      clock = at(20 * 60);
      assert.equal(await runJob(), 0);
      clock = at(23 * 60);
      assert.equal(await runJob(), 1);
      assert.equal(await told(staff.atAgent), before.at + 2);

      // A poll from a player that reports nothing ends the outage too.
      clock = at(24 * 60);
      await poll(playing.key);
      clock = at(35 * 60);
      assert.equal(await runJob(), 1);
      assert.equal(await told(staff.atAgent), before.at + 3);
    });

    it('counts the fleet right while the count is kept: a screen registered, written or deleted in SQL, a page past the end', async () => {
      const total = async (query = '') => {
        const res = await get(`/api/okds-status?limit=5${query}`);
        assert.equal(res.statusCode, 200, res.body);
        return res.json() as { rows: StatusRow[]; total: number };
      };
      const [{ n }] = (await t.db.select({ n: count() }).from(signageDevices)) as [{ n: number }];
      assert.equal((await total()).total, n);
      assert.equal((await total()).total, n, 'the kept count');
      await t.app.inject({ method: 'POST', url: '/ds/api/register', payload: { uuid: 'fleet-count-1' } });
      assert.equal((await total()).total, n + 1, 'a screen registered');
      await t.db.execute(
        sql`insert into signage_devices (uuid, status, key_hash) values ('fleet-count-2', 'pending', 'fleet-count-2')`,
      );
      assert.equal((await total()).total, n + 2, 'a row written in SQL');
      const far = await total('&offset=10000');
      assert.deepEqual(far, { rows: [], total: n + 2 }, 'a page past the end');
      await t.db.execute(sql`delete from signage_devices where uuid in ('fleet-count-1', 'fleet-count-2')`);
      assert.equal((await total()).total, n, 'rows deleted in SQL');
      assert.equal((await total('&offset=10000')).total, n);
    });

    it('reads the status page in the order of signage_devices_last_seen_idx, never sorting the fleet', async () => {
      const { sql: text, params } = statusPageQuery({ db: t.db } as ServiceCtx, { limit: 50, offset: 100 }).toSQL();
      assert.deepEqual(params, [], 'planned once per connection');
      await t.db.execute(sql`set enable_seqscan = off`);
      try {
        const plan = rowsOf<{ 'QUERY PLAN': string }>(await t.db.execute(sql.raw(`explain ${text}`)))
          .map((r) => r['QUERY PLAN'])
          .join('\n');
        // The page's limit sits right on the index: no sort (plain or incremental) below it.
        assert.match(plan, /Limit[^\n]*\n\s*->\s+Index (Only )?Scan using signage_devices_last_seen_idx/, plan);
      } finally {
        await t.db.execute(sql`reset enable_seqscan`);
      }
    });
  });
}
