import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { lookBackMonths, ratingStatsSchema, type RatingStatsRow } from '@portal/shared';
import { customers, mailOutbox, ratingCodes, taskRatings, tasks } from '../src/db/schema/index.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { fields, postMultipart } from './tasks-fixtures.js';

for (const target of dbTargets()) {
  describe(`customer rating (${target})`, () => {
    let t: TestApp;
    type User = { id: number; token: string };
    let admin: User, anna: User, ben: User;
    const months = lookBackMonths(new Date());
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    const get = (url: string, u: User) => t.app.inject({ method: 'GET', url, headers: bearer(u.token) });

    /** A task created by staff for the customer, set done and closed with an audit: the real path. */
    async function closedTask(kundennummer: string, agent: User = anna): Promise<number> {
      const created = await postMultipart(t.app, '/api/create-task', agent.token, [
        ...fields({
          titel: 'Kassa startet nicht',
          beschreibung: 'Die Kassa bleibt beim Start hängen.',
          frist: new Date(Date.now() + 86400_000).toISOString(),
          typ: 1,
          userID: agent.id,
          kundennummer,
          firma: 'Gasthaus Zum Goldenen Hirschen',
        }),
      ]);
      assert.equal(created.statusCode, 200, created.body);
      const id = created.json().aufgabeID as number;
      const done = await t.app.inject({
        method: 'POST',
        url: '/api/task-set-status',
        headers: bearer(agent.token),
        payload: { taskID: id, status: 'erledigt' },
      });
      assert.equal(done.statusCode, 200, done.body);
      const audit = await postMultipart(t.app, '/api/audit-task', agent.token, [
        ...fields({ taskID: id, description: 'Kassa neu installiert', contacted: 'true' }),
      ]);
      assert.equal(audit.statusCode, 200, audit.body);
      return id;
    }

    /** The link and the code of the rating mail of a task, read from the outbox like a mail client would. */
    async function mailOf(taskId: number) {
      const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.task_id, taskId));
      const mail = rows.find((m) => m.text.includes('/rating/'));
      assert.ok(mail, 'a rating mail was queued');
      const link = /(https?:\/\/\S+\/rating\/\d+)/.exec(mail.text)?.[1];
      const code = /Bewertungscode: (\d{6})\b/.exec(mail.text)?.[1];
      assert.ok(link && code, mail.text);
      return { mail, link, code };
    }

    before(async () => {
      t = await createTestApp(target, { PUBLIC_FORM_RATE_LIMIT: '1000' });
      const mk = async (input: Parameters<typeof addUser>[1]) => {
        const u = await addUser(t.db, input);
        return { id: u.id, token: await login(t.app, u.email, u.password) };
      };
      admin = await mk({ role: 'admin', flags: ['tasks'], name: 'Adele Admin' });
      anna = await mk({ flags: ['tasks'], name: 'Anna Agentin' });
      ben = await mk({ flags: ['tasks'], name: 'Ben Berger' });
      await t.db.insert(customers).values([
        {
          kundennummer: '10001',
          firma: 'Gasthaus Zum Goldenen Hirschen',
          kontaktperson: 'Maria Wirt',
          email: 'wirt@hirsch.at',
          country_id: 1,
        },
        { kundennummer: '10002', firma: 'Café ohne Post', country_id: 1 },
      ]);
    });
    after(() => t.close());

    it('mails a working link and code when a task is closed, and takes the rating in three steps', async () => {
      const id = await closedTask('10001');
      const { mail, link, code } = await mailOf(id);
      assert.equal(mail.to, 'wirt@hirsch.at', "the customer record's e-mail (a staff-made task has none of its own)");
      assert.equal(link, `http://portal.test/rating/${id}`);
      assert.match(mail.subject, new RegExp(`#${id}`));
      assert.match(mail.text, /^Guten Tag Maria Wirt,/);
      // Only the hash is stored.
      const [stored] = await t.db.select().from(ratingCodes).where(eq(ratingCodes.task_id, id));
      assert.ok(stored && !stored.code_hash.includes(code) && stored.code_hash.startsWith('$argon2id$'));
      const days = (stored.expires_at.getTime() - Date.now()) / 86400_000;
      assert.ok(days > 29.9 && days <= 30, `valid 30 days, not ${days}`);

      const taskId = Number(new URL(link).pathname.split('/').pop());
      const step1 = await post('/web/verify-customer-rating', { customerNumber: '10001', taskId });
      assert.equal(step1.statusCode, 200, step1.body);
      assert.deepEqual(step1.json(), {
        customerInfo: { firma: 'Gasthaus Zum Goldenen Hirschen', kundennummer: '10001', kontaktperson: 'Maria Wirt' },
      });
      const step2 = await post('/web/verify-code-rating', { customerNumber: '10001', taskId, verificationCode: code });
      assert.equal(step2.statusCode, 200, step2.body);
      assert.deepEqual(step2.json(), { verified: true });
      const rating = {
        customerNumber: '10001',
        taskId,
        verificationCode: code,
        timeRating: 4,
        satisfactionRating: 5,
        friendlinessRating: 5,
      };
      // Out of range or not whole: 400, nothing stored.
      for (const bad of [
        { timeRating: 0 },
        { satisfactionRating: 6 },
        { friendlinessRating: 2.5 },
        { timeRating: '4' },
        { comment: 'x'.repeat(2001) },
      ]) {
        const res = await post('/web/submit-rating', { ...rating, ...bad });
        assert.equal(res.statusCode, 400, JSON.stringify(bad));
        assert.match(res.json().message, /zwischen 1 und 5|Kommentar ist zu lang/);
      }
      assert.equal((await t.db.select().from(taskRatings)).length, 0);
      const saved = await post('/web/submit-rating', { ...rating, comment: '  Sehr freundlich  ' });
      assert.equal(saved.statusCode, 201, saved.body);
      assert.equal(saved.json().message, 'Vielen Dank für Ihre Bewertung!');
      const [row] = await t.db.select().from(taskRatings).where(eq(taskRatings.task_id, id));
      assert.deepEqual(
        [
          row?.agent_id,
          row?.country_id,
          row?.time_rating,
          row?.satisfaction_rating,
          row?.friendliness_rating,
          row?.comment,
        ],
        [anna.id, 1, 4, 5, 5, 'Sehr freundlich'],
      );
      // One rating per task.
      const twice = await post('/web/submit-rating', rating);
      assert.equal(twice.statusCode, 409);
      assert.equal(twice.json().message, 'Diese Aufgabe wurde bereits bewertet.');
      assert.equal(
        (await post('/web/verify-code-rating', { customerNumber: '10001', taskId, verificationCode: code })).statusCode,
        409,
      );
      // Step 1 already says so.
      const again = await post('/web/verify-customer-rating', { customerNumber: '10001', taskId });
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().message, 'Diese Aufgabe wurde bereits bewertet.');
    });

    it('answers the same 404 for a wrong customer number and an unknown task', async () => {
      const id = await closedTask('10001', ben);
      for (const body of [
        { customerNumber: '99999', taskId: id },
        { customerNumber: '10001', taskId: id + 1000 },
      ]) {
        for (const url of ['/web/verify-customer-rating', '/web/verify-code-rating', '/web/submit-rating']) {
          const res = await post(url, {
            ...body,
            verificationCode: '123456',
            timeRating: 3,
            satisfactionRating: 3,
            friendlinessRating: 3,
          });
          assert.equal(res.statusCode, 404, url);
          assert.deepEqual(res.json(), { message: 'Kundennummer nicht gefunden', code: 'ratings.customerNotFound' });
        }
      }
      const missing = await post('/web/verify-customer-rating', { taskId: id });
      assert.equal(missing.statusCode, 400);
      assert.equal(missing.json().message, 'Bitte geben Sie Ihre Kundennummer ein');
    });

    it('counts wrong codes and locks the code after the fifth (410), also for the right code', async () => {
      const id = await closedTask('10001', ben);
      const { code } = await mailOf(id);
      const wrong = code === '000000' ? '111111' : '000000';
      const body = { customerNumber: '10001', taskId: id };
      for (let i = 1; i <= 4; i++) {
        const res = await post('/web/verify-code-rating', { ...body, verificationCode: wrong });
        assert.equal(res.statusCode, 400, `try ${i}`);
        assert.equal(res.json().message, 'Verifikationscode ist nicht korrekt');
      }
      const fifth = await post('/web/verify-code-rating', { ...body, verificationCode: wrong });
      assert.equal(fifth.statusCode, 410);
      assert.equal(fifth.json().message, 'Der Verifikationscode wurde nach zu vielen Fehlversuchen gesperrt.');
      const right = await post('/web/verify-code-rating', { ...body, verificationCode: code });
      assert.equal(right.statusCode, 410);
      const submit = await post('/web/submit-rating', {
        ...body,
        verificationCode: code,
        timeRating: 5,
        satisfactionRating: 5,
        friendlinessRating: 5,
      });
      assert.equal(submit.statusCode, 410);
      // A wrong format is refused by the schema and costs no try.
      assert.equal((await post('/web/verify-code-rating', { ...body, verificationCode: '12a' })).statusCode, 400);
    });

    /** Twenty guesses at once; `right` is the index of the right code among them (or -1). */
    async function guessAtOnce(right: number) {
      const id = await closedTask('10001', ben);
      const { code } = await mailOf(id);
      const wrongCodes = Array.from({ length: 20 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
      const guesses = wrongCodes.map((w, i) => (i === right ? code : w));
      const answers = await Promise.all(
        guesses.map((verificationCode) =>
          post('/web/verify-code-rating', { customerNumber: '10001', taskId: id, verificationCode }),
        ),
      );
      const [stored] = await t.db.select().from(ratingCodes).where(eq(ratingCodes.task_id, id));
      return { id, code, answers, stored: stored! };
    }

    it('compares at most five of twenty guesses sent at once; every other one answers 410', async () => {
      const { code, answers, stored } = await guessAtOnce(-1);
      const compared = answers.filter((a) => a.statusCode !== 410);
      assert.ok(compared.length <= 5, `${compared.length} of 20 answered other than 410`);
      for (const a of compared) {
        assert.equal(a.statusCode, 400, a.body);
        assert.equal(a.json().message, 'Verifikationscode ist nicht korrekt');
      }
      for (const a of answers.filter((x) => x.statusCode === 410))
        assert.equal(a.json().message, 'Der Verifikationscode wurde nach zu vielen Fehlversuchen gesperrt.');
      assert.equal(stored.failed_tries, 5);
      // Locked for good, also for the right code.
      const right = await post('/web/verify-code-rating', { customerNumber: '10001', taskId: stored.task_id, verificationCode: code });
      assert.equal(right.statusCode, 410);
    });

    for (const position of [0, 10, 19]) {
      it(`the right code among twenty at once (at ${position}) is accepted only when it is among the five compared`, async () => {
        const { answers, stored } = await guessAtOnce(position);
        const rightAnswer = answers[position]!;
        const wrongAnswers = answers.filter((_, i) => i !== position);
        const wrongCompared = wrongAnswers.filter((a) => a.statusCode === 400).length;
        assert.ok(wrongCompared <= 4, `${wrongCompared} wrong guesses answered 400`);
        assert.ok(answers.filter((a) => a.statusCode !== 410).length <= 5);
        for (const a of wrongAnswers) assert.ok([400, 410].includes(a.statusCode), a.body);
        if (rightAnswer.statusCode === 200) {
          // Compared and right: its try was given back, only the wrong ones count (at most five).
          assert.deepEqual(rightAnswer.json(), { verified: true });
          assert.ok(stored.failed_tries <= 5 && stored.failed_tries >= wrongCompared, String(stored.failed_tries));
        } else {
          // Not compared: five wrong guesses took every try first.
          assert.equal(rightAnswer.statusCode, 410, rightAnswer.body);
          assert.equal(rightAnswer.json().message, 'Der Verifikationscode wurde nach zu vielen Fehlversuchen gesperrt.');
          assert.equal(stored.failed_tries, 5);
        }
      });
    }

    it('refuses an expired code (410), a task not closed (409), and sends nothing without an e-mail', async () => {
      const id = await closedTask('10001', ben);
      const { code } = await mailOf(id);
      await t.db
        .update(ratingCodes)
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where(eq(ratingCodes.task_id, id));
      const expired = await post('/web/verify-code-rating', {
        customerNumber: '10001',
        taskId: id,
        verificationCode: code,
      });
      assert.equal(expired.statusCode, 410);
      assert.equal(expired.json().message, 'Der Verifikationscode ist abgelaufen.');

      const [open] = await t.db
        .insert(tasks)
        .values({
          titel: 'Offen',
          beschreibung: 'x',
          frist: new Date(),
          typ: 1,
          country_id: 1,
          user_id: ben.id,
          kundennummer: '10001',
          status: 'erledigt',
        })
        .returning({ id: tasks.id });
      for (const url of ['/web/verify-code-rating', '/web/submit-rating']) {
        const res = await post(url, {
          customerNumber: '10001',
          taskId: open!.id,
          verificationCode: '123456',
          timeRating: 3,
          satisfactionRating: 3,
          friendlinessRating: 3,
        });
        assert.equal(res.statusCode, 409, url);
        assert.equal(res.json().message, 'Diese Aufgabe ist noch nicht abgeschlossen.');
      }

      const silent = await closedTask('10002');
      assert.equal((await t.db.select().from(ratingCodes).where(eq(ratingCodes.task_id, silent))).length, 0);
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.task_id, silent));
      assert.equal(mails.filter((m) => m.text.includes('/rating/')).length, 0);
    });

    it('answers the rating statistics per month, newest first, with averages, stars and comments', async () => {
      // Ben's ratings at known months (tasks inserted closed); Anna's one came through the flow above.
      const mkTask = async () =>
        (
          await t.db
            .insert(tasks)
            .values({
              titel: 'x',
              beschreibung: 'x',
              frist: new Date(),
              typ: 1,
              country_id: 1,
              user_id: ben.id,
              kundennummer: '10001',
              status: 'abgeschlossen',
            })
            .returning({ id: tasks.id })
        )[0]!.id;
      const ratingAt = async (created: Date, s: [number, number, number], comment: string | null) =>
        t.db.insert(taskRatings).values({
          task_id: await mkTask(),
          agent_id: ben.id,
          country_id: 1,
          time_rating: s[0],
          satisfaction_rating: s[1],
          friendliness_rating: s[2],
          comment,
          created_at: created,
        });
      await ratingAt(new Date(Date.now() - 120_000), [5, 4, 3], 'Super');
      await ratingAt(new Date(Date.now() - 60_000), [3, 3, 3], null);
      await ratingAt(new Date(`${months[3]}-15T12:00:00Z`), [1, 2, 5], 'Langsam');
      await ratingAt(new Date(Date.now() - 220 * 86400_000), [1, 1, 1], 'Zu alt'); // before the window

      const res = await get(`/api/get-task-ratings-stats-agent/1/${ben.id}`, ben);
      assert.equal(res.statusCode, 200, res.body);
      const rows = ratingStatsSchema.parse(res.json());
      assert.deepEqual(
        rows.map((r) => r.rating_month),
        [...months].reverse(),
      );
      const empty = (month: string): RatingStatsRow => ({
        rating_month: month,
        total_ratings: 3,
        ratings_per_month: 0,
        avg_overall_rating: null,
        avg_time_rating: null,
        avg_satisfaction_rating: null,
        avg_friendliness_rating: null,
        time_rating_1: 0,
        time_rating_2: 0,
        time_rating_3: 0,
        time_rating_4: 0,
        time_rating_5: 0,
        satisfaction_rating_1: 0,
        satisfaction_rating_2: 0,
        satisfaction_rating_3: 0,
        satisfaction_rating_4: 0,
        satisfaction_rating_5: 0,
        friendliness_rating_1: 0,
        friendliness_rating_2: 0,
        friendliness_rating_3: 0,
        friendliness_rating_4: 0,
        friendliness_rating_5: 0,
        comments: '',
      });
      assert.deepEqual(rows[0], {
        ...empty(months[5]!),
        ratings_per_month: 2,
        avg_overall_rating: 3.5,
        avg_time_rating: 4,
        avg_satisfaction_rating: 3.5,
        avg_friendliness_rating: 3,
        time_rating_5: 1,
        time_rating_3: 1,
        satisfaction_rating_4: 1,
        satisfaction_rating_3: 1,
        friendliness_rating_3: 2,
        comments: 'Super',
      });
      assert.deepEqual(rows[2], {
        ...empty(months[3]!),
        ratings_per_month: 1,
        avg_overall_rating: 2.67,
        avg_time_rating: 1,
        avg_satisfaction_rating: 2,
        avg_friendliness_rating: 5,
        time_rating_1: 1,
        satisfaction_rating_2: 1,
        friendliness_rating_5: 1,
        comments: 'Langsam',
      });
      for (const i of [1, 3, 4, 5]) assert.deepEqual(rows[i], empty(rows[i]!.rating_month));

      // The country: Ben's and Anna's (4, 5, 5 "Sehr freundlich", just now) together.
      const all = ratingStatsSchema.parse((await get('/api/get-task-ratings-stats-admin/1', admin)).json());
      const now = all[0]!;
      assert.deepEqual(
        [
          now.total_ratings,
          now.ratings_per_month,
          now.avg_time_rating,
          now.avg_satisfaction_rating,
          now.avg_friendliness_rating,
          now.avg_overall_rating,
        ],
        [4, 3, 4, 4, 3.67, 3.89],
      );
      assert.equal(now.comments, 'Sehr freundlich|||Super');
      const annas = ratingStatsSchema.parse((await get(`/api/get-task-ratings-stats-agent/1/${anna.id}`, anna)).json());
      assert.deepEqual(
        annas.map((r) => r.ratings_per_month),
        [1, 0, 0, 0, 0, 0],
      );
      assert.equal((await get(`/api/get-task-ratings-stats-agent/1/${anna.id}`, ben)).statusCode, 403);
    });
  });
}
