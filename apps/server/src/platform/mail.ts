import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import type { Storage } from './storage/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The task the mail is about (the tasks area records the conversation entry itself). */
  taskId?: number;
  /** Files attached at delivery, streamed from the storage then (e.g. an invoice PDF written after commit). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  /** Storage key of the file. */
  key: string;
  contentType?: string;
}

/** Attempts before a mail is given up (`failed`). */
export const MAX_ATTEMPTS = 5;
/** Wait after the first failed attempt; it doubles with each further one, up to RETRY_MAX_MS. */
export const RETRY_BASE_MS = 60_000;
export const RETRY_MAX_MS = 6 * 60 * 60 * 1000;

/** When a mail that failed `attempts` times may be tried again: base · 2^(attempts−1), capped. */
export function nextAttemptAt(attempts: number, now: Date, baseMs = RETRY_BASE_MS, maxMs = RETRY_MAX_MS): Date {
  return new Date(now.getTime() + Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1)));
}

/** Writes the mail into the outbox, inside the caller's transaction. Delivery follows after commit. */
export async function queueMail(tx: DbOrTx, msg: MailMessage): Promise<number> {
  const [id] = await queueMails(tx, [msg]);
  return id!;
}

/** Mails one INSERT writes at most (a job's batch: thousands of mails, a few statements). */
const QUEUE_BATCH = 1000;

/**
 * Writes many mails into the outbox in the caller's transaction and answers the ids written (to release
 * after commit; not to pair with the messages). One INSERT per thousand mails, the rows handed over as
 * one JSON parameter (`jsonb_to_recordset`): a job that mails thousands at once (the cards' Jahresbeleg
 * night) spends neither a statement nor six bound parameters per mail.
 */
export async function queueMails(tx: DbOrTx, msgs: readonly MailMessage[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < msgs.length; i += QUEUE_BATCH) {
    const rows = msgs.slice(i, i + QUEUE_BATCH).map((msg) => ({
      to: msg.to,
      subject: msg.subject,
      text: msg.text,
      html: msg.html ?? null,
      task_id: msg.taskId ?? null,
      attachments: msg.attachments?.length ? msg.attachments : null,
    }));
    const res = await tx.execute(sql`
      insert into ${mailOutbox} ("to", subject, "text", html, task_id, attachments)
      select m."to", m.subject, m."text", m.html, m.task_id, m.attachments
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as m("to" text, subject text, "text" text, html text, task_id integer, attachments jsonb)
      returning id`);
    ids.push(...(res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id)));
  }
  return ids;
}

export interface Mailer {
  /**
   * Delivers the given pending mails now (after their commit), or without ids every pending mail
   * whose retry is due; never throws.
   */
  flush(ids?: number[]): Promise<void>;
  /** Waits for a delivery run under way, then closes the transport. */
  close(): Promise<void>;
}

/**
 * With SMTP_URL the outbox goes out through nodemailer; without it each mail is printed to the
 * log and marked `logged`. The log hides secrets in links (an invitation token is a password), so
 * with `dropDir` the whole mail is also written there as `<id>.eml`: on a developer machine an
 * invitation link can still be opened, from a file only the operator can read.
 */
export function createMailer(
  db: Db,
  log: FastifyBaseLogger,
  opts: {
    smtpUrl?: string;
    from: string;
    dropDir?: string;
    /** Where attachments are read from at delivery (STORAGE_URL); without it a mail with attachments fails. */
    storage?: Storage;
    /** A transport of the caller's (tests); otherwise built from smtpUrl. */
    transport?: Transporter;
    retryBaseMs?: number;
    now?: () => Date;
  },
): Mailer {
  const transport: Transporter | undefined =
    opts.transport ?? (opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined);
  const now = opts.now ?? (() => new Date());
  const fileTransport = !transport && opts.dropDir ? nodemailer.createTransport({ streamTransport: true, buffer: true }) : undefined;

  /**
   * Sends one outbox row through `t`, its attachments streamed from the storage, opened for this
   * attempt and closed after it whatever happened. A file not (yet) stored fails the attempt, so the
   * mail waits for its retry instead of leaving without it. Rows queued before the storage existed
   * name an absolute `path` on this machine's disk.
   */
  async function send(t: Transporter, m: typeof mailOutbox.$inferSelect) {
    const opened: Readable[] = [];
    try {
      const attachments = [];
      for (const a of m.attachments ?? []) {
        if (!a.key) {
          attachments.push({ filename: a.filename, path: a.path, contentType: a.contentType });
          continue;
        }
        const content = await opts.storage?.get(a.key);
        if (!content) throw new Error(`attachment ${a.key} is not in the storage`);
        opened.push(content);
        attachments.push({ filename: a.filename, content, contentType: a.contentType });
      }
      return await t.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html ?? undefined, attachments });
    } finally {
      for (const stream of opened) stream.destroy();
    }
  }

  async function dropToFile(m: typeof mailOutbox.$inferSelect): Promise<string | undefined> {
    if (!fileTransport || !opts.dropDir) return undefined;
    const info = await send(fileTransport, m);
    await fs.mkdir(opts.dropDir, { recursive: true, mode: 0o700 });
    const file = path.join(opts.dropDir, `${m.id}.eml`);
    await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
    return file;
  }
  let running: Promise<void> = Promise.resolve();

  async function deliver(ids?: number[]): Promise<void> {
    const filter = ids?.length
      ? and(eq(mailOutbox.status, 'pending'), inArray(mailOutbox.id, ids))
      : and(
          eq(mailOutbox.status, 'pending'),
          lt(mailOutbox.attempts, MAX_ATTEMPTS),
          lte(mailOutbox.next_attempt_at, now()),
        );
    const pending = await db.select().from(mailOutbox).where(filter).orderBy(mailOutbox.id).limit(100);
    for (const m of pending) {
      if (!transport) {
        const file = await dropToFile(m).catch((err: unknown) => {
          log.warn({ err, mailId: m.id }, 'mail could not be written to the mail folder');
          return undefined;
        });
        log.info(
          {
            mail: {
              id: m.id,
              to: m.to,
              subject: m.subject,
              text: m.text,
              ...(m.attachments?.length ? { attachments: m.attachments.map((a) => a.filename) } : {}),
              ...(file ? { file } : {}),
            },
          },
          'mail (no SMTP_URL, printed only)',
        );
        await db
          .update(mailOutbox)
          .set({ status: 'logged', attempts: m.attempts + 1 })
          .where(eq(mailOutbox.id, m.id));
        continue;
      }
      try {
        await send(transport, m);
        await db
          .update(mailOutbox)
          .set({ status: 'sent', attempts: m.attempts + 1, sent_at: new Date(), last_error: null })
          .where(eq(mailOutbox.id, m.id));
      } catch (err) {
        const attempts = m.attempts + 1;
        log.warn({ err, mailId: m.id, attempts }, 'mail delivery failed');
        await db
          .update(mailOutbox)
          .set({
            attempts,
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            next_attempt_at: nextAttemptAt(attempts, now(), opts.retryBaseMs),
            last_error: String(err),
          })
          .where(eq(mailOutbox.id, m.id));
      }
    }
  }

  return {
    flush(ids) {
      // One delivery run at a time, so a retry sweep and a fresh mail never send the same row twice.
      running = running.then(() => deliver(ids)).catch((err) => log.error({ err }, 'mail outbox run failed'));
      return running;
    },
    async close() {
      await running;
      transport?.close();
    },
  };
}
