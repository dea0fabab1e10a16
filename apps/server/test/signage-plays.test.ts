import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  customers,
  signageDeviceContent,
  signageDevices,
  signageFiles,
  signagePlays,
  signageScheduleContent,
  signageSchedules,
  userSettings,
  users,
} from '../src/db/schema/index.js';
import { addUser, bearer, createTestApp, dbTargets, german, login, type TestApp } from './helpers.js';

/** Proof of play (issue 33): upload, deduplication, figures per customer and month, the PDF. */

const NOW = new Date('2026-06-05T10:00:00Z');
const device = (key: string) => ({ authorization: `Device ${key}` });

/** A poppler tool's output for the PDF (`pdftotext -layout`, `pdffonts`). */
function poppler(tool: string, args: string[], pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plays-'));
  const file = path.join(dir, 'r.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const pdfText = (pdf: Buffer) => poppler('pdftotext', ['-layout'], pdf).replace(/[\u00a0\u202f]/g, ' ');

for (const target of dbTargets()) {
  describe(`signage proof of play (${target})`, () => {
    let t: TestApp;
    let staff: string;
    let noFlag: string;
    let egypt: string;
    let owner: string;
    let ownerId: number;
    let otherOwner: string;
    const ids = { a: 0, b: 0, screen1: 0, screen2: 0, screen3: 0, fileA: 0, fileB: 0, fileOther: 0 };
    const keys = { screen1: 'k'.repeat(30) + '1', screen2: 'k'.repeat(30) + '2', screen3: 'k'.repeat(30) + '3' };
    const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
    const upload = (key: string, plays: object[]) =>
      t.app.inject({ method: 'POST', url: '/ds/api/plays', headers: device(key), payload: { plays } });
    const play = (seq: number, file_id: number, started_at: string, duration_ms = 10_000) => ({
      seq,
      file_id,
      started_at,
      duration_ms,
    });

    before(async () => {
      t = await createTestApp(target, {}, { clock: () => NOW });
      staff = await login(t.app, ...creds(await addUser(t.db, { role: 'agent', flags: ['digital_signage'] })));
      noFlag = await login(t.app, ...creds(await addUser(t.db, { role: 'agent', flags: ['tasks'] })));
      egypt = await login(
        t.app,
        ...creds(await addUser(t.db, { role: 'agent', flags: ['digital_signage'], country: 2 })),
      );
      const [a, b] = await t.db
        .insert(customers)
        .values([
          { kundennummer: '61001', firma: 'Café Sonne', country_id: 1 },
          { kundennummer: '61002', firma: 'Bar Mond', country_id: 1 },
        ])
        .returning({ id: customers.id });
      ids.a = a!.id;
      ids.b = b!.id;
      const screens = await t.db
        .insert(signageDevices)
        .values([
          { uuid: 'plays-1', device_name: 'Theke', status: 'active', customer_id: ids.a, key_hash: hash(keys.screen1) },
          {
            uuid: 'plays-2',
            device_name: 'Fenster',
            status: 'active',
            customer_id: ids.a,
            key_hash: hash(keys.screen2),
          },
          { uuid: 'plays-3', device_name: 'Bar', status: 'active', customer_id: ids.b, key_hash: hash(keys.screen3) },
        ])
        .returning({ id: signageDevices.id });
      [ids.screen1, ids.screen2, ids.screen3] = screens.map((s) => s.id) as [number, number, number];
      const files = await t.db
        .insert(signageFiles)
        .values(
          ['fruehstueck.png', 'mittagsmenue.mp4', 'cocktails.png'].map((name, i) => ({
            stored_name: `plays-${i}.bin`,
            file_name: name,
            file_type: name.endsWith('.mp4') ? 'video' : 'image',
            mime: name.endsWith('.mp4') ? 'video/mp4' : 'image/png',
            size: 10,
          })),
        )
        .returning({ id: signageFiles.id });
      [ids.fileA, ids.fileB, ids.fileOther] = files.map((f) => f.id) as [number, number, number];
      // A's file A is on screen 1; file B in one of A's schedules (inactive: still A's); the other is B's.
      await t.db.insert(signageDeviceContent).values([
        { device_id: ids.screen1, file_id: ids.fileA },
        { device_id: ids.screen3, file_id: ids.fileOther },
      ]);
      const [s] = await t.db
        .insert(signageSchedules)
        .values({ schedule_name: 'Mittag', customer_id: ids.a, status: 'inactive' })
        .returning({ id: signageSchedules.id });
      await t.db.insert(signageScheduleContent).values({ schedule_id: s!.id, file_id: ids.fileB });

      const o = await addUser(t.db, { role: 'customer' });
      await t.db.update(users).set({ customer_id: ids.a }).where(eq(users.id, o.id));
      owner = await login(t.app, o.email, o.password);
      ownerId = o.id;
      const o2 = await addUser(t.db, { role: 'customer' });
      await t.db.update(users).set({ customer_id: ids.b }).where(eq(users.id, o2.id));
      await t.db.insert(userSettings).values({ user_id: o2.id, language: 'en' });
      otherOwner = await login(t.app, o2.email, o2.password);
    });
    after(() => t.close());

    it('stores a batch once: sent again it counts nothing more, and every seq is confirmed', async () => {
      const batch = [
        play(1, ids.fileA, '2026-05-02T08:00:00Z'),
        play(2, ids.fileB, '2026-05-02T08:00:10Z', 30_000),
        play(3, ids.fileA, '2026-05-02T08:00:40Z'),
      ];
      const first = await upload(keys.screen1, batch);
      assert.equal(first.statusCode, 200, first.body);
      assert.deepEqual(first.json(), { confirmed: [1, 2, 3], stored: 3, duplicates: 0, skipped: 0 });
      const again = await upload(keys.screen1, batch);
      assert.deepEqual(again.json(), { confirmed: [1, 2, 3], stored: 0, duplicates: 3, skipped: 0 });
      const rows = await t.db.select().from(signagePlays).where(eq(signagePlays.device_id, ids.screen1));
      assert.equal(rows.length, 3);
      assert.equal(rows[0]!.customer_id, ids.a);
    });

    it('counts a batch sent twice at the same time once', async () => {
      const batch = Array.from({ length: 200 }, (_, i) =>
        play(1000 + i, ids.fileA, new Date(Date.parse('2026-05-03T09:00:00Z') + i * 10_000).toISOString()),
      );
      const answers = await Promise.all([0, 1, 2, 3].map(() => upload(keys.screen2, batch)));
      for (const a of answers) assert.equal(a.statusCode, 200, a.body);
      assert.equal(
        answers.reduce((n, a) => n + (a.json() as { stored: number }).stored, 0),
        200,
        'the four copies stored 200 rows between them',
      );
      const rows = await t.db.select().from(signagePlays).where(eq(signagePlays.device_id, ids.screen2));
      assert.equal(rows.length, 200);
    });

    it("skips another customer's file and times far off, and confirms them so the screen lets go", async () => {
      const res = await upload(keys.screen1, [
        play(10, ids.fileOther, '2026-05-04T08:00:00Z'),
        play(11, ids.fileA, '2026-06-05T12:00:00Z'), // two hours ahead of the server
        play(12, ids.fileA, '2024-01-01T08:00:00Z'), // older than anybody asks for
        play(13, ids.fileA, '2026-06-05T10:30:00Z'), // within the tolerance
      ]);
      assert.deepEqual(res.json(), { confirmed: [10, 11, 12, 13], stored: 1, duplicates: 0, skipped: 3 });
    });

    it('refuses a malformed batch at its field, and answers only to a device key', async () => {
      const cases: [object, string, string][] = [
        [{ plays: [] }, 'plays', 'Bitte mindestens eine Wiedergabe senden.'],
        [
          { plays: [play(0, ids.fileA, '2026-05-02T08:00:00Z')] },
          'plays.0.seq',
          'Die Folgenummer muss eine positive ganze Zahl sein.',
        ],
        [
          { plays: [play(5, ids.fileA, '2026-05-02 08:00')] },
          'plays.0.started_at',
          'Ungültiger Startzeitpunkt (ISO 8601 mit Zeitzone).',
        ],
        [
          { plays: [play(5, ids.fileA, '2026-05-02T08:00:00Z', 90_000_000)] },
          'plays.0.duration_ms',
          'Die Dauer muss zwischen 0 und 24 Stunden liegen (Millisekunden).',
        ],
        [
          { plays: Array.from({ length: 501 }, (_, i) => play(i + 1, ids.fileA, '2026-05-02T08:00:00Z')) },
          'plays',
          'Höchstens 500 Wiedergaben je Sendung.',
        ],
      ];
      for (const [payload, field, message] of cases) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/ds/api/plays',
          headers: device(keys.screen1),
          payload,
        });
        assert.equal(res.statusCode, 400, field);
        const err = (res.json() as { errors: { field: string; message: string }[] }).errors[0]!;
        assert.equal(err.field, field);
        assert.equal(german(err.message), message);
      }
      const anon = await t.app.inject({ method: 'POST', url: '/ds/api/plays', payload: { plays: [] } });
      assert.equal(anon.statusCode, 401);
      const asStaff = await t.app.inject({ method: 'POST', url: '/ds/api/plays', headers: bearer(staff), payload: {} });
      assert.equal(asStaff.statusCode, 401);
    });

    it("counts per customer, file and screen over Vienna days; another country's staff get 404", async () => {
      // Screen 3 (customer B) plays B's file; a play at 23:30 UTC on 31 May is 1 June in Vienna.
      await upload(keys.screen3, [
        play(1, ids.fileOther, '2026-05-10T10:00:00Z'),
        play(2, ids.fileOther, '2026-05-31T23:30:00Z'),
      ]);
      const res = await get(`/api/okds-plays?customer_id=${ids.a}&from=2026-05-01&to=2026-05-31`, bearer(staff));
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      assert.deepEqual(body.totals, { plays: 203, duration_ms: 2_050_000, screens: 2, files: 2 });
      assert.equal(body.total, 3);
      assert.deepEqual(
        body.rows.map((r: { file_name: string; device_name: string; plays: number }) => [
          r.file_name,
          r.device_name,
          r.plays,
        ]),
        [
          ['fruehstueck.png', 'Fenster', 200],
          ['fruehstueck.png', 'Theke', 2],
          ['mittagsmenue.mp4', 'Theke', 1],
        ],
      );
      const paged = await get(
        `/api/okds-plays?customer_id=${ids.a}&from=2026-05-01&to=2026-05-31&limit=1&offset=1`,
        bearer(staff),
      );
      assert.deepEqual(
        paged.json().rows.map((r: { device_name: string }) => r.device_name),
        ['Theke'],
      );
      const may = await get(`/api/okds-plays?customer_id=${ids.b}&from=2026-05-01&to=2026-05-31`, bearer(staff));
      assert.equal(may.json().totals.plays, 1, 'the 31 May 23:30 UTC play is June in Vienna');
      const june = await get(`/api/okds-plays?customer_id=${ids.b}&from=2026-06-01&to=2026-06-30`, bearer(staff));
      assert.equal(june.json().totals.plays, 1);

      assert.equal(
        (await get(`/api/okds-plays?customer_id=${ids.a}&from=2026-05-01&to=2026-05-31`, bearer(egypt))).statusCode,
        404,
      );
      assert.equal(
        (await get(`/api/okds-plays?customer_id=${ids.a}&from=2026-05-01&to=2026-05-31`, bearer(noFlag))).statusCode,
        403,
      );
      assert.equal(
        (await get(`/api/okds-plays?customer_id=${ids.a}&from=2026-05-01&to=2026-05-31`, bearer(owner))).statusCode,
        403,
      );
      const backwards = await get(`/api/okds-plays?customer_id=${ids.a}&from=2026-05-31&to=2026-05-01`, bearer(staff));
      assert.equal(backwards.statusCode, 400);
      assert.equal(backwards.json().errors[0].field, 'to');
      const noCustomer = await get('/api/okds-plays?from=2026-05-01&to=2026-05-31', bearer(staff));
      assert.equal(noCustomer.json().errors[0].field, 'customer_id');
    });

    it("gives the customer its months and the month's PDF, in its language; never another's", async () => {
      const months = await get('/api/business/plays', bearer(owner));
      assert.equal(months.statusCode, 200, months.body);
      assert.deepEqual(months.json().rows, [
        { month: '2026-06', plays: 1, screens: 1 },
        { month: '2026-05', plays: 203, screens: 2 },
      ]);
      const pdf = await get('/api/business/plays/2026-05/pdf', bearer(owner));
      assert.equal(pdf.statusCode, 200, pdf.body);
      assert.equal(pdf.headers['content-type'], 'application/pdf');
      const text = pdfText(pdf.rawPayload);
      assert.match(text, /Ihr Content lief 203-mal auf 2 Bildschirmen/);
      assert.match(text, /fruehstueck\.png\s+202\s+.*Fenster, Theke|fruehstueck\.png\s+202\s+.*Theke, Fenster/);
      assert.match(text, /mittagsmenue\.mp4\s+1\s+0:30\s+Theke/);
      assert.doesNotMatch(text, /cocktails/);

      // Customer B reads English, and only its own screens.
      const other = pdfText((await get('/api/business/plays/2026-06/pdf', bearer(otherOwner))).rawPayload);
      assert.match(other, /Your content played 1 times on 1 screen/);
      assert.match(other, /cocktails\.png/);
      assert.doesNotMatch(other, /fruehstueck/);
      const none = pdfText((await get('/api/business/plays/2026-04/pdf', bearer(owner))).rawPayload);
      assert.match(none, /keine Wiedergaben gemeldet/);

      assert.equal((await get('/api/business/plays/2026-13/pdf', bearer(owner))).statusCode, 400);
      assert.equal((await get('/api/business/plays/2026-05/pdf', bearer(staff))).statusCode, 403);
      // Staff's copy: German, for a customer of their country only.
      const staffPdf = await get(`/api/okds-plays/${ids.b}/2026-05/pdf`, bearer(staff));
      assert.equal(staffPdf.statusCode, 200);
      assert.match(pdfText(staffPdf.rawPayload), /Ihr Content lief 1-mal auf 1 Bildschirm/);
      assert.equal((await get(`/api/okds-plays/${ids.b}/2026-05/pdf`, bearer(egypt))).statusCode, 404);
    });

    it('gives an Arabic reader the month right to left: runs in reading order, numbers as they read', async () => {
      await t.db.insert(userSettings).values({ user_id: ownerId, language: 'ar' });
      try {
        const pdf = await get('/api/business/plays/2026-05/pdf', bearer(owner));
        assert.equal(pdf.statusCode, 200, pdf.body);
        const lines = plain(pdfText(pdf.rawPayload)).split('\n');
        // Right to left, the headline's first words are rightmost and the count reads "203", not "302".
        const headline = lines.find((l) => l.includes('عُرض المحتوى الخاص بك'));
        assert.ok(headline, lines.join('\n'));
        // poppler reads a right-to-left line back in logical order: it does so only from glyphs placed right.
        assert.match(headline.replace(/\s+/g, ''), /^عُرضالمحتوىالخاصبك203مرة·عددالشاشات/);
        assert.ok(lines.some((l) => l.trim() === 'إثبات العرض 05/2026'));
        // The table is mirrored: the file stands rightmost, its plays and screens to its left.
        assert.match(lines.join('\n'), /Theke\s+33:40\s+202\s+fruehstueck\.png$/m);
        assert.match(lines.join('\n'), /Theke\s+0:30\s+1\s+mittagsmenue\.mp4$/m);
        // No word is set in a face without its glyphs (Helvetica would show Arabic as Latin noise).
        const fonts = poppler('pdffonts', [], pdf.rawPayload);
        assert.match(fonts, /DejaVuSans/);
        assert.doesNotMatch(fonts, /Helvetica/);
      } finally {
        await t.db.delete(userSettings).where(eq(userSettings.user_id, ownerId));
      }
    });
  });
}

/** pdftotext's reading of right-to-left words comes between embedding marks: dropped for matching. */
const plain = (text: string) => text.replace(/[\u202a-\u202e]/g, '');

function creds(u: { email: string; password: string }): [string, string] {
  return [u.email, u.password];
}
function hash(key: string) {
  return createHash('sha256').update(key).digest('hex');
}
