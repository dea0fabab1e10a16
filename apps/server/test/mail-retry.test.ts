import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { pino } from 'pino';
import { openDatabase, type Database } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { mailOutbox } from '../src/db/schema/index.js';
import { createMailer, MAX_ATTEMPTS, nextAttemptAt, queueMail } from '../src/platform/mail.js';
import { dbTargets } from './helpers.js';

/** An SMTP stand-in that refuses while `down` is set and records what it accepted. */
function flakyTransport() {
  const state = { down: true, sent: [] as string[] };
  const transport = nodemailer.createTransport({
    name: 'flaky',
    version: '1',
    send(mail, done) {
      if (state.down) return done(new Error('connect ECONNREFUSED 127.0.0.1:25'), undefined as never);
      state.sent.push(String(mail.data.subject));
      done(null, { envelope: mail.message.getEnvelope(), messageId: 'x' } as never);
    },
  });
  return { transport, state };
}

for (const target of dbTargets()) {
  describe(`mail retry from the outbox with backoff (${target})`, () => {
    let database: Database;
    let drop = async () => {};
    before(async () => {
      if (target === 'postgres') {
        const pg = (await import('pg')).default;
        const base = process.env.TEST_DATABASE_URL!;
        const name = `portal_test_${Math.random().toString(36).slice(2, 10)}`;
        const admin = async (q: string) => {
          const c = new pg.Client({ connectionString: base });
          await c.connect();
          await c.query(q);
          await c.end();
        };
        await admin(`create database ${name}`);
        drop = () => admin(`drop database if exists ${name} with (force)`);
        const u = new URL(base);
        u.pathname = `/${name}`;
        database = await openDatabase({ databaseUrl: u.toString() });
      } else {
        database = await openDatabase({});
      }
      await runMigrations(database);
    });
    after(async () => {
      await database.close();
      await drop();
    });

    it('backs off base · 2^(attempts−1), capped', () => {
      const t = new Date('2026-01-01T00:00:00Z');
      assert.equal(nextAttemptAt(1, t, 1000).getTime() - t.getTime(), 1000);
      assert.equal(nextAttemptAt(3, t, 1000).getTime() - t.getTime(), 4000);
      assert.equal(nextAttemptAt(30, t, 1000, 10_000).getTime() - t.getTime(), 10_000);
    });

    it('a mail that fails is retried only when due, then sent', async () => {
      const { transport, state } = flakyTransport();
      let now = new Date('2026-01-01T10:00:00Z');
      const mailer = createMailer(database.db, pino({ level: 'silent' }), {
        from: 'portal@test',
        transport,
        retryBaseMs: 60_000,
        now: () => now,
      });
      const id = await queueMail(database.db, { to: 'a@test.at', subject: 'Retry', text: 'x' });
      const get = async () => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

      await mailer.flush([id]); // right after commit: the server refuses
      let m = await get();
      assert.equal(m.status, 'pending');
      assert.equal(m.attempts, 1);
      assert.match(m.last_error ?? '', /ECONNREFUSED/);
      assert.equal(m.next_attempt_at.getTime(), now.getTime() + 60_000);

      state.down = false;
      now = new Date(now.getTime() + 30_000);
      await mailer.flush(); // the retry job's sweep: not due yet
      assert.equal((await get()).attempts, 1);
      assert.deepEqual(state.sent, []);

      now = new Date(now.getTime() + 30_000);
      await mailer.flush();
      m = await get();
      assert.equal(m.status, 'sent');
      assert.equal(m.attempts, 2);
      assert.equal(m.last_error, null);
      assert.deepEqual(state.sent, ['Retry']);
      await mailer.close();
    });

    it(`gives up after ${MAX_ATTEMPTS} attempts, each one later than the one before`, async () => {
      const { transport } = flakyTransport();
      let now = new Date('2026-02-01T10:00:00Z');
      const mailer = createMailer(database.db, pino({ level: 'silent' }), {
        from: 'portal@test',
        transport,
        retryBaseMs: 1000,
        now: () => now,
      });
      const id = await queueMail(database.db, { to: 'b@test.at', subject: 'Never', text: 'x' });
      const waits: number[] = [];
      await mailer.flush([id]);
      for (;;) {
        const [m] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        if (m!.status !== 'pending') {
          assert.equal(m!.status, 'failed');
          assert.equal(m!.attempts, MAX_ATTEMPTS);
          break;
        }
        waits.push(m!.next_attempt_at.getTime() - now.getTime());
        now = m!.next_attempt_at;
        await mailer.flush();
      }
      assert.deepEqual(waits, [1000, 2000, 4000, 8000]);
      now = new Date(now.getTime() + 86_400_000);
      await mailer.flush();
      const [m] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      assert.equal(m!.attempts, MAX_ATTEMPTS, 'a failed mail is not tried again');
      await mailer.close();
    });
  });
}
