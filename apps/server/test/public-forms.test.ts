import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import {
  austrianHolidays,
  isWorkingDay,
  minMenuChangeDate,
  nthWorkingDayAfter,
  parseDateKey,
  PUBLIC_FORM_SUCCESS,
  toDateKey,
  viennaTimeToInstant,
  viennaToday,
} from '@portal/shared';
import {
  mailOutbox,
  notifications,
  taskConversations,
  taskFiles,
  taskMessages,
  tasks,
} from '../src/db/schema/index.js';
import { COUNTER_MAX, COUNTER_MIN } from '../src/modules/public-forms/altcha.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { CSV, EXE, PDF, PNG, multipart, type Part } from './tasks-fixtures.js';
import { DEP_REQUEST as DEP } from './request-fixtures.js';

type Fields = Record<string, string>;
type FileSpec = { name?: string; filename: string; content: Buffer; type?: string };

const MENU: Fields = {
  kundennummer: '10002',
  lokalname: 'Café Sacher Demo',
  name: 'Franz Sacher',
  plz: '1010',
  telefonnummer: '0664 7654321',
  email: 'cafe@example.at',
  comment: 'Neue Mittagskarte: Tafelspitz 18,90 statt 17,50.',
  agb_accepted: 'true',
};
const SWITCH: Fields = {
  oldCompanyName: 'Huber Gastro GmbH',
  oldLocalName: 'Gasthaus Huber',
  oldCustomerNumber: '10001',
  oldTaxId: 'ATU12345678',
  oldAddress: 'Hauptstraße 1, 1190 Wien',
  oldContact: 'Maria Huber',
  oldPhone: '0664 1234567',
  oldEmail: 'huber@example.at',
  newCompanyName: 'Berger Wirtshaus KG',
  newLocalName: 'Wirtshaus Berger',
  newCustomerNumber: '',
  newTaxId: 'ATU87654321',
  newAddress: 'Hauptstraße 1, 1190 Wien',
  newContact: 'Bernd Berger',
  newPhone: '+43 660 1112223',
  newEmail: 'berger@example.at',
  switchReason: 'Verkauf',
  additionalInfo: 'Übergabe zum Monatsersten.',
  agb: 'on',
};
const SUPPORT: Fields = {
  kundennummer: '10001',
  lokalname: 'Pizzeria Napoli',
  telefonnummer: '0043 1 2345678',
  email: 'napoli@example.at',
  name: 'Luca Rossi',
  plz: '1100',
  description: 'Der Bondrucker in der Küche druckt seit heute früh nicht mehr.',
  agb: 'true',
};

/** A valid menu-change date: the earliest allowed day (always a working day). */
const menuDate = () => minMenuChangeDate(new Date());
/** A Saturday, a holiday on a weekday and a too-early working day, all within the next year. */
function badMenuDates() {
  const min = parseDateKey(menuDate())!;
  let saturday = min;
  while (saturday.getDay() !== 6)
    saturday = new Date(saturday.getFullYear(), saturday.getMonth(), saturday.getDate() + 1);
  const holiday = [...austrianHolidays(min.getFullYear()), ...austrianHolidays(min.getFullYear() + 1)]
    .map((h) => parseDateKey(h.date)!)
    .find((d) => toDateKey(d) >= toDateKey(min) && d.getDay() !== 0 && d.getDay() !== 6)!;
  const early = nthWorkingDayAfter(viennaToday(new Date()), 1);
  assert.ok(isWorkingDay(early));
  return { saturday: toDateKey(saturday), holiday: toDateKey(holiday), early: toDateKey(early) };
}

async function solve(t: TestApp): Promise<string> {
  const res = await t.app.inject({ url: '/web/challenge' });
  assert.equal(res.statusCode, 200, res.body);
  const challenge = res.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  assert.ok(solution, 'solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

for (const target of dbTargets()) {
  describe(`public forms (${target})`, () => {
    let t: TestApp;
    let admin: { id: number; token: string };
    let agent: { id: number };
    let noFlag: { id: number };

    const uploadCount = () => {
      const dir = path.join(t.config.uploads.dir, 'tasks');
      return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
    };
    const tmpCount = () => {
      const dir = path.join(t.config.uploads.dir, 'tmp');
      return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
    };
    const counts = async () => ({
      tasks: (await t.db.select({ n: count() }).from(tasks))[0]!.n,
      files: (await t.db.select({ n: count() }).from(taskFiles))[0]!.n,
      mails: (await t.db.select({ n: count() }).from(mailOutbox))[0]!.n,
      stored: uploadCount(),
      tmp: tmpCount(),
    });

    const postJson = (url: string, payload: object, remoteAddress?: string) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress });
    const postForm = (url: string, fields: Fields, files: FileSpec[] = [], remoteAddress?: string) => {
      const parts: Part[] = [
        ...Object.entries(fields).map(([name, value]) => ({ name, value })),
        ...files.map((f) => ({
          name: f.name ?? 'files',
          file: { filename: f.filename, content: f.content, type: f.type },
        })),
      ];
      const mp = multipart(parts);
      return t.app.inject({ method: 'POST', url, payload: mp.payload, headers: mp.headers, remoteAddress });
    };

    async function taskOf(reference: number) {
      const [task] = await t.db.select().from(tasks).where(eq(tasks.id, reference));
      assert.ok(task, `task ${reference}`);
      return task;
    }
    /**
     * Description, confirmation mail (outbox and conversation) and notifications of a new request.
     * The request's text is in the task once: `opening` (the customer's words) starts the
     * description, the contact block is in the customer fields only, no message copies the text and
     * the mail does not repeat it.
     */
    async function assertArrived(reference: number, to: string, opening: string, mustContain: string[]) {
      const task = await taskOf(reference);
      assert.equal(task.country_id, 1);
      assert.equal(task.user_id, null, 'unassigned');
      assert.equal(task.created_by_userid, null);
      assert.equal(task.status, 'offen');
      assert.ok(
        task.beschreibung.startsWith(opening),
        `description starts with the customer's words: ${task.beschreibung}`,
      );
      for (const s of mustContain) assert.ok(task.beschreibung.includes(s), `description has ${s}`);
      for (const s of [task.email, task.kontaktperson, task.plz, task.telefon_firma, 'Beschreibung:', 'Webformular'])
        if (s) assert.ok(!task.beschreibung.includes(s), `description does not repeat ${s}`);
      const messages = await t.db.select().from(taskMessages).where(eq(taskMessages.task_id, reference));
      assert.equal(messages.length, 0, 'no message repeats the request');
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.task_id, reference));
      assert.equal(mails.length, 1);
      assert.equal(mails[0]!.to, to);
      assert.ok(mails[0]!.subject.includes(`Referenznummer ${reference}`), mails[0]!.subject);
      assert.ok(mails[0]!.text.includes(`Referenznummer ${reference}`));
      assert.ok(!mails[0]!.text.includes('{id}'));
      assert.ok(!mails[0]!.text.includes(opening), 'the mail does not repeat the request');
      const conv = await t.db.select().from(taskConversations).where(eq(taskConversations.task_id, reference));
      assert.equal(conv.length, 1);
      assert.equal(conv[0]!.recipient, to);
      const notified = await t.db
        .select({ user: notifications.user_id })
        .from(notifications)
        .where(and(eq(notifications.task_id, reference), eq(notifications.type, 'task_created')));
      const ids = notified.map((n) => n.user);
      assert.ok(ids.includes(admin.id) && ids.includes(agent.id), 'staff with the tasks flag are told');
      assert.ok(!ids.includes(noFlag.id), 'staff without the tasks flag are not');
      return task;
    }

    before(async () => {
      t = await createTestApp(target, {
        PUBLIC_FORM_RATE_LIMIT: '1000',
        UPLOAD_MAX_FILE_MB: '0.05',
        UPLOAD_MAX_FILES: '3',
      });
      const a = await addUser(t.db, { role: 'admin', flags: ['tasks'], name: 'Adele Admin' });
      admin = { id: a.id, token: await login(t.app, a.email, a.password) };
      agent = await addUser(t.db, { role: 'agent', flags: ['tasks'], name: 'Anna Agentin' });
      noFlag = await addUser(t.db, { role: 'agent', flags: [], name: 'Nora Ohneflag' });
    });
    after(() => t?.close());

    it('hands out signed challenges that expire in 10 minutes and are solved in well under a second', async () => {
      const res = await t.app.inject({ url: '/web/challenge' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['cache-control'], 'no-store');
      const c = res.json() as Challenge;
      assert.equal(c.parameters.algorithm, 'SHA-256');
      assert.match(c.signature!, /^[0-9a-f]{64}$/);
      assert.ok(c.parameters.keySignature);
      const ttl = c.parameters.expiresAt! - Date.now() / 1000;
      assert.ok(ttl > 590 && ttl <= 600, `ttl ${ttl}`);
      const started = performance.now();
      const solution = await solveChallenge({ challenge: c, deriveKey });
      const ms = performance.now() - started;
      assert.ok(
        solution && solution.counter >= COUNTER_MIN && solution.counter <= COUNTER_MAX,
        `counter ${solution?.counter}`,
      );
      console.log(`challenge solved in Node in ${ms.toFixed(0)} ms (counter ${solution.counter})`);
    });

    it('accepts a DEP request: task of type DEP Export with message, confirmation and notifications', async () => {
      const res = await postJson('/web/deprequest', { ...DEP, altcha: await solve(t), website: '' });
      assert.equal(res.statusCode, 200, res.body);
      const { message, reference } = res.json();
      assert.equal(message, PUBLIC_FORM_SUCCESS.dep.de);
      assert.equal(message, 'Ihre DEP Anfrage wurde erfolgreich gesendet!');
      const task = await assertArrived(reference, DEP.email, 'Für die Betriebsprüfung im Herbst.', [
        'Zeitraum: Jänner 2024 bis Dezember 2025',
        'Lokalname: Gasthaus Zum Goldenen Hirschen',
      ]);
      assert.equal(task.typ, 5);
      assert.equal(task.kundennummer, '10001');
      assert.equal(task.firma, 'Huber Gastro GmbH');
      assert.equal(task.kontaktperson, 'Maria Huber');
      assert.equal(task.plz, '1190');
      assert.equal(task.email, 'wirt@example.at');
      assert.equal(task.telefon_firma, '+43 664 1234567');
      assert.ok(task.titel.startsWith('DEP Export: Gasthaus Zum Goldenen Hirschen'));
      // Three working days later (at least three calendar days, at most a week with holidays).
      const days = (task.frist.getTime() - Date.now()) / 86400_000;
      assert.ok(days > 2.9 && days < 8, `frist in ${days} days`);
    });

    it('accepts a menu change with files (file0, file1), due at the start of the chosen day', async () => {
      const date = menuDate();
      const res = await postForm('/web/menuechange', { ...MENU, frist: date, altcha: await solve(t) }, [
        { name: 'file0', filename: 'Speisekarte neu.pdf', content: PDF },
        { name: 'file1', filename: 'preise.csv', content: CSV },
      ]);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Menüänderung wurde erfolgreich beantragt.');
      const task = await assertArrived(res.json().reference, MENU.email!, MENU.comment as string, [
        'Tafelspitz 18,90',
        `Datum der Änderung: ${date.split('-').reverse().join('.')}`,
      ]);
      assert.ok(!task.beschreibung.includes('Speisekarte neu.pdf'), 'attachments are in the files tab');
      assert.equal(task.typ, 3);
      assert.equal(task.titel, 'Menüänderung: Café Sacher Demo');
      assert.equal(task.frist.toISOString(), viennaTimeToInstant(date, 0, 0).toISOString());
      const files = await t.db.select().from(taskFiles).where(eq(taskFiles.task_id, task.id));
      assert.deepEqual(files.map((f) => f.original_name).sort(), ['Speisekarte neu.pdf', 'preise.csv']);
      assert.deepEqual(files.map((f) => f.mime).sort(), ['application/pdf', 'text/csv']);
      for (const f of files) assert.ok(fs.existsSync(path.join(t.config.uploads.dir, 'tasks', f.datei_name)));
    });

    it('accepts a company switch; the confirmation goes to the new company', async () => {
      const res = await postForm('/web/companyswitch', { ...SWITCH, altcha: await solve(t) }, [
        { name: 'file0', filename: 'Kaufvertrag.pdf', content: PDF },
      ]);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Ihre Firmenübernahme-Anfrage wurde erfolgreich übermittelt.');
      const task = await assertArrived(res.json().reference, SWITCH.newEmail!, 'Übergabe zum Monatsersten.', [
        'Neue Firmendaten:',
        'Berger Wirtshaus KG',
        'ATU87654321',
        'Grund des Wechsels: Verkauf',
        'Übergabe zum Monatsersten.',
        'Kundennummer: noch keine',
      ]);
      assert.equal(task.typ, 4);
      assert.equal(task.titel, 'Firmenwechsel: Gasthaus Huber → Berger Wirtshaus KG');
      assert.equal(task.kundennummer, '10001');
      assert.equal(task.uid, 'ATU12345678');
      assert.equal(task.adresse, 'Hauptstraße 1, 1190 Wien');
    });

    it('accepts emergency support due in 24 hours and classic support due in 3 days', async () => {
      const before = Date.now();
      const em = await postForm('/web/emergency-support', { ...SUPPORT, altcha: await solve(t), frist: '2000-01-01' }, [
        { filename: 'fehler.png', content: PNG },
        { filename: 'log.pdf', content: PDF },
      ]);
      assert.equal(em.statusCode, 200, em.body);
      assert.equal(em.json().message, 'Ihre Emergency Support Anfrage wurde erfolgreich gesendet!');
      const emTask = await assertArrived(em.json().reference, SUPPORT.email!, SUPPORT.description as string, [
        '150,00 EUR pro angefangener Stunde',
      ]);
      assert.equal(emTask.typ, 2);
      assert.equal(emTask.titel, 'Emergency Support: Pizzeria Napoli');
      const emDue = emTask.frist.getTime() - before;
      assert.ok(Math.abs(emDue - 24 * 3600_000) < 60_000, 'now + 24 h (the client frist is ignored)');
      const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.task_id, emTask.id));
      assert.ok(mail!.text.includes('150,00 EUR'));

      // The second support variant calls the description "comment".
      const { description, ...rest } = SUPPORT;
      const cl = await postForm('/web/classic-support', { ...rest, comment: description!, altcha: await solve(t) });
      assert.equal(cl.statusCode, 200, cl.body);
      assert.equal(cl.json().message, 'Ihre Support-Anfrage wurde erfolgreich gesendet!');
      const clTask = await assertArrived(cl.json().reference, SUPPORT.email!, description as string, []);
      assert.equal(clTask.beschreibung, description, 'a support request is the customer’s words, nothing else');
      assert.equal(clTask.typ, 1);
      assert.ok(Math.abs(clTask.frist.getTime() - before - 3 * 86400_000) < 60_000, 'now + 3 days');
      const [clMail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.task_id, clTask.id));
      assert.ok(clMail!.text.includes('Öffnungszeiten'));
    });

    it('puts the request on the board and in the task details an agent opens', async () => {
      const res = await postForm(
        '/web/classic-support',
        { ...SUPPORT, lokalname: 'Kebab Haus Favoriten', altcha: await solve(t) },
        [{ filename: 'kasse.png', content: PNG }],
      );
      assert.equal(res.statusCode, 200, res.body);
      const id = res.json().reference as number;
      const board = await t.app.inject({
        url: '/api/get-tasks-from-admin/1/offen?q=Kebab%20Haus',
        headers: bearer(admin.token),
      });
      assert.equal(board.statusCode, 200, board.body);
      const rows = board.json().tasks as {
        id: number;
        agent_name: string | null;
        tasktype: string;
        beschreibung: string;
      }[];
      assert.deepEqual(
        rows.map((r) => r.id),
        [id],
      );
      assert.equal(rows[0]!.agent_name, null);
      assert.equal(rows[0]!.tasktype, 'Support');
      const detail = await t.app.inject({
        url: `/api/task-detail-agent/${id}/${admin.id}`,
        headers: bearer(admin.token),
      });
      assert.equal(detail.statusCode, 200, detail.body);
      const d = detail.json();
      assert.equal(d.taskDetails.kontaktperson, 'Luca Rossi');
      assert.equal(d.taskDetails.telefon_firma, '0043 1 2345678');
      assert.deepEqual(
        d.taskFiles.map((f: { original_name: string }) => f.original_name),
        ['kasse.png'],
      );
      // The request once: the description opens with the customer's words (card and details tab),
      // no message copies it, and the one conversation is the confirmation mail.
      assert.ok(rows[0]!.beschreibung.startsWith(SUPPORT.description as string), rows[0]!.beschreibung);
      assert.equal(d.messages.length, 0);
      assert.equal(d.conversations.length, 1);
      assert.ok(!d.conversations[0].content.includes(SUPPORT.description as string));
      assert.equal(d.conversations[0].recipient, SUPPORT.email);
    });

    it('refuses a call without the challenge, with a reused, forged, foreign or expired one, or with the honeypot filled', async () => {
      const start = await counts();
      const robot = (res: { statusCode: number; json(): { message: string } }, what: string) => {
        assert.equal(res.statusCode, 400, what);
        assert.equal(res.json().message, 'Bitte bestätigen Sie, dass Sie kein Roboter sind.', what);
      };
      robot(await postJson('/web/deprequest', DEP), 'DEP without altcha');
      robot(await postJson('/web/deprequest', { ...DEP, altcha: 'bm9wZQ==' }), 'DEP with garbage');
      robot(await postForm('/web/menuechange', { ...MENU, frist: menuDate() }), 'menu without altcha');
      robot(await postForm('/web/companyswitch', SWITCH), 'switch without altcha');
      robot(
        await postForm('/web/emergency-support', SUPPORT, [{ filename: 'a.png', content: PNG }]),
        'emergency without altcha',
      );
      robot(await postForm('/web/classic-support', { ...SUPPORT, altcha: '' }), 'classic with an empty altcha');

      // Honeypot: even a valid solution does not help.
      robot(
        await postJson('/web/deprequest', { ...DEP, altcha: await solve(t), website: 'http://spam.example' }),
        'DEP honeypot',
      );
      robot(
        await postForm('/web/classic-support', { ...SUPPORT, altcha: await solve(t), website: 'x' }),
        'classic honeypot',
      );

      // Forged: the right challenge, a made-up key.
      const payload = JSON.parse(Buffer.from(await solve(t), 'base64').toString()) as {
        challenge: Challenge;
        solution: { counter: number; derivedKey: string };
      };
      const forged = { ...payload, solution: { counter: 1, derivedKey: '00'.repeat(32) } };
      robot(
        await postForm('/web/classic-support', {
          ...SUPPORT,
          altcha: Buffer.from(JSON.stringify(forged)).toString('base64'),
        }),
        'forged solution',
      );
      // Tampered: an easier prefix breaks the signature.
      const tampered = {
        ...payload,
        challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, keyPrefix: '0' } },
      };
      robot(
        await postForm('/web/classic-support', {
          ...SUPPORT,
          altcha: Buffer.from(JSON.stringify(tampered)).toString('base64'),
        }),
        'tampered challenge',
      );
      // Signed with another key, or expired (signed with ours).
      const encode = async (c: Challenge) =>
        Buffer.from(
          JSON.stringify({ challenge: c, solution: await solveChallenge({ challenge: c, deriveKey }) }),
        ).toString('base64');
      const foreign = await createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        deriveKey,
        keyPrefix: '0',
        hmacSignatureSecret: 'some-other-secret-key',
        expiresAt: new Date(Date.now() + 60_000),
      });
      robot(await postForm('/web/classic-support', { ...SUPPORT, altcha: await encode(foreign) }), 'foreign key');
      const expired = await createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        deriveKey,
        keyPrefix: '0',
        hmacSignatureSecret: t.config.publicForms.altchaHmacKey,
        expiresAt: Math.floor(Date.now() / 1000) - 5,
      });
      robot(await postForm('/web/classic-support', { ...SUPPORT, altcha: await encode(expired) }), 'expired');
      assert.deepEqual(await counts(), start, 'nothing stored');

      // Single use: the first call passes, the same solution again is refused.
      const once = await solve(t);
      assert.equal((await postForm('/web/classic-support', { ...SUPPORT, altcha: once })).statusCode, 200);
      const again = await counts();
      robot(await postForm('/web/classic-support', { ...SUPPORT, altcha: once }), 'reused');
      robot(await postJson('/web/deprequest', { ...DEP, altcha: once }), 'reused on another form');
      assert.deepEqual(await counts(), again);
    });

    it('refuses a wrong file type disguised by its name, and too many files, storing nothing', async () => {
      const start = await counts();
      for (const url of ['/web/emergency-support', '/web/classic-support']) {
        const res = await postForm(url, { ...SUPPORT, altcha: await solve(t) }, [
          { filename: 'foto.png', content: PNG },
          { filename: 'rechnung.pdf', content: EXE, type: 'application/pdf' },
        ]);
        assert.equal(res.statusCode, 415, res.body);
        assert.equal(res.json().message, '„rechnung.pdf“ wurde nicht angenommen: Dieser Dateityp ist nicht erlaubt.');
      }
      const menu = await postForm('/web/menuechange', { ...MENU, frist: menuDate(), altcha: await solve(t) }, [
        { name: 'file0', filename: 'karte.pdf', content: EXE },
      ]);
      assert.equal(menu.statusCode, 415);
      const many = await postForm(
        '/web/companyswitch',
        { ...SWITCH, altcha: await solve(t) },
        [0, 1, 2, 3].map((i) => ({ name: `file${i}`, filename: `v${i}.png`, content: PNG })),
      );
      assert.equal(many.statusCode, 413);
      assert.equal(many.json().message, 'Zu viele Dateien.');
      assert.deepEqual(await counts(), start, 'nothing stored, no temporary file left');
    });

    it('refuses each invalid field with the German message of the shared schema, storing nothing', async () => {
      const start = await counts();
      const check = async (res: { statusCode: number; json(): { message: string } }, message: string, what: string) => {
        assert.equal(res.statusCode, 400, what);
        assert.equal(res.json().message, message, what);
      };
      const depCases: [object, string][] = [
        [{ kundennummer: '' }, 'Kundennummer ist erforderlich'],
        [{ kundennummer: '10a01' }, 'Kundennummer darf nur Zahlen enthalten'],
        [{ lokalname: ' ' }, 'Lokalname ist erforderlich'],
        [{ telefonnummer: '12' }, 'Ungültiges Telefonnummerformat'],
        [{ email: 'wirt(at)example.at' }, 'Ungültige E-Mail-Adresse'],
        [{ name: '' }, 'Name ist erforderlich'],
        [{ firmenname: '' }, 'Name der Firma ist erforderlich'],
        [{ plz: '119' }, 'PLZ muss 4-5 Ziffern enthalten'],
        [{ startMonth: '' }, 'Bitte wählen Sie den Startmonat'],
        [{ startYear: 2016 }, 'Das Jahr muss zwischen 2017 und dem aktuellen Jahr liegen'],
        [{ endYear: new Date().getFullYear() + 1 }, 'Das Jahr muss zwischen 2017 und dem aktuellen Jahr liegen'],
        [
          { startYear: 2025, startMonth: 5, endYear: 2025, endMonth: 4 },
          'Das Ende des Zeitraums darf nicht vor dem Beginn liegen',
        ],
        [{ agb: false }, 'Bitte akzeptieren Sie die AGB.'],
      ];
      for (const [over, message] of depCases)
        await check(
          await postJson('/web/deprequest', { ...DEP, ...over, altcha: await solve(t) }),
          message,
          `DEP ${JSON.stringify(over)}`,
        );

      const dates = badMenuDates();
      const menuCases: [Fields, string][] = [
        [{ frist: '' }, 'Bitte wählen Sie das Datum der Änderung'],
        [{ frist: dates.saturday }, 'Bitte wählen Sie einen Werktag (Mo-Fr) und kein Feiertag.'],
        [{ frist: dates.holiday }, 'Bitte wählen Sie einen Werktag (Mo-Fr) und kein Feiertag.'],
        [{ frist: dates.early }, 'Das Datum muss mindestens 3 Werktage in der Zukunft liegen.'],
        [{ frist: '31.12.2030' }, 'Ungültiges Datum'],
        [{ comment: '' }, 'Bitte beschreiben Sie die gewünschte Änderung'],
        [{ plz: '12345678' }, 'PLZ muss 4-5 Ziffern enthalten'],
        [{ email: 'cafe@' }, 'Ungültige E-Mail-Adresse'],
        [{ kundennummer: 'K10002' }, 'Kundennummer darf nur Zahlen enthalten'],
        [{ agb_accepted: 'false' }, 'Bitte akzeptieren Sie die AGB.'],
      ];
      for (const [over, message] of menuCases)
        await check(
          await postForm('/web/menuechange', { ...MENU, frist: menuDate(), ...over, altcha: await solve(t) }, [
            { name: 'file0', filename: 'karte.pdf', content: PDF },
          ]),
          message,
          `menu ${JSON.stringify(over)}`,
        );

      const switchCases: [Fields, string][] = [
        [{ oldCompanyName: '' }, 'Firmenname (aktuell) ist erforderlich'],
        [{ newCompanyName: '' }, 'Firmenname (neu) ist erforderlich'],
        [{ oldCustomerNumber: 'abc' }, 'Kundennummer darf nur Zahlen enthalten'],
        [{ newCustomerNumber: '12-3' }, 'Kundennummer darf nur Zahlen enthalten'],
        [{ oldTaxId: '' }, 'UID/Steuernummer (aktuell) ist erforderlich'],
        [{ newAddress: '' }, 'Adresse (neu) ist erforderlich'],
        [{ oldPhone: 'call me' }, 'Ungültiges Telefonnummerformat'],
        [{ newEmail: 'berger@' }, 'Ungültige E-Mail-Adresse'],
        [{ switchReason: '' }, 'Bitte wählen Sie den Grund des Firmenwechsels'],
        [{ agb: '' }, 'Bitte akzeptieren Sie die AGB.'],
      ];
      for (const [over, message] of switchCases)
        await check(
          await postForm('/web/companyswitch', { ...SWITCH, ...over, altcha: await solve(t) }),
          message,
          `switch ${JSON.stringify(over)}`,
        );

      const supportCases: [string, Fields, string][] = [
        ['/web/emergency-support', { agb: '' }, 'Bitte akzeptieren Sie die AGB und die Kosten des Emergency Supports.'],
        ['/web/emergency-support', { description: '' }, 'Beschreibung ist erforderlich'],
        ['/web/emergency-support', { telefonnummer: '+49 30 1234567' }, 'Ungültiges Telefonnummerformat'],
        ['/web/classic-support', { plz: '1a90' }, 'PLZ muss 4-5 Ziffern enthalten'],
        ['/web/classic-support', { kundennummer: '' }, 'Kundennummer ist erforderlich'],
        ['/web/classic-support', { name: '' }, 'Name ist erforderlich'],
        ['/web/classic-support', { email: '' }, 'E-Mail ist erforderlich'],
        ['/web/classic-support', { agb: 'false' }, 'Bitte akzeptieren Sie die AGB.'],
      ];
      for (const [url, over, message] of supportCases)
        await check(
          await postForm(url, { ...SUPPORT, ...over, altcha: await solve(t) }, [
            { filename: 'bild.png', content: PNG },
          ]),
          message,
          `${url} ${JSON.stringify(over)}`,
        );
      assert.deepEqual(await counts(), start, 'nothing stored');
    });
  });

  describe(`public forms: rate limit per IP (${target})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(target, { PUBLIC_FORM_RATE_LIMIT: '3' });
    });
    after(() => t?.close());

    it('answers 429 after PUBLIC_FORM_RATE_LIMIT calls in 10 minutes from one address, across the forms', async () => {
      const from = (remoteAddress: string, url: string) =>
        t.app.inject({ method: 'POST', url, payload: { ...DEP }, remoteAddress });
      // Refused calls count too: a script guessing solutions is limited the same way.
      assert.equal((await from('203.0.113.7', '/web/deprequest')).statusCode, 400);
      assert.equal((await from('203.0.113.7', '/web/deprequest')).statusCode, 400);
      const ok = await t.app.inject({
        method: 'POST',
        url: '/web/deprequest',
        payload: { ...DEP, altcha: await solve(t) },
        remoteAddress: '203.0.113.7',
      });
      assert.equal(ok.statusCode, 200, ok.body);
      const limited = await t.app.inject({
        method: 'POST',
        url: '/web/classic-support',
        ...multipart(Object.entries(SUPPORT).map(([name, value]) => ({ name, value }))),
        remoteAddress: '203.0.113.7',
      });
      assert.equal(limited.statusCode, 429);
      assert.equal(limited.json().message, 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.');
      assert.equal((await from('203.0.113.8', '/web/deprequest')).statusCode, 400, 'another address is not limited');
    });

    it('limits challenges too, more generously (five times the form limit)', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 16; i++)
        codes.push((await t.app.inject({ url: '/web/challenge', remoteAddress: '198.51.100.1' })).statusCode);
      // solve() above fetched from the default address; this one is fresh: 15 pass, the 16th is refused.
      assert.deepEqual(codes.slice(0, 15), Array(15).fill(200));
      assert.equal(codes[15], 429);
    });
  });
}
