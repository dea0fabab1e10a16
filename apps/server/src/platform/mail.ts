import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, lt } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.js';
import { mailOutbox, taskConversations } from '../db/schema/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The task the mail is about: it then also shows in the task's conversations. */
  taskId?: number;
  /** Who sent it (an agent's name), for the conversation entry; none for system mails. */
  agentName?: string;
  /** Files attached at delivery, read from disk then (e.g. an invoice PDF written after commit). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  /** Absolute path of the file. */
  path: string;
  contentType?: string;
}

const MAX_ATTEMPTS = 5;

/** Writes the mail into the outbox, inside the caller's transaction. Delivery follows after commit. */
export async function queueMail(tx: DbOrTx, msg: MailMessage): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      to: msg.to,
      subject: msg.subject,
      text: msg.text,
      html: msg.html,
      task_id: msg.taskId ?? null,
      attachments: msg.attachments?.length ? msg.attachments : null,
    })
    .returning({ id: mailOutbox.id });
  if (msg.taskId) {
    await tx.insert(taskConversations).values({
      task_id: msg.taskId,
      mail_id: row!.id,
      recipient: msg.to,
      subject: msg.subject,
      content: msg.text,
      agent_name: msg.agentName ?? null,
    });
  }
  return row!.id;
}

export interface Mailer {
  /** Delivers what is pending (all, or the given ids); never throws. */
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
  opts: { smtpUrl?: string; from: string; dropDir?: string },
): Mailer {
  const transport: Transporter | undefined = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  const fileTransport = !transport && opts.dropDir ? nodemailer.createTransport({ streamTransport: true, buffer: true }) : undefined;

  async function dropToFile(m: typeof mailOutbox.$inferSelect): Promise<string | undefined> {
    if (!fileTransport || !opts.dropDir) return undefined;
    const info = await fileTransport.sendMail({
      from: opts.from,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html ?? undefined,
      attachments: m.attachments?.map((a) => ({ filename: a.filename, path: a.path, contentType: a.contentType })),
    });
    await fs.mkdir(opts.dropDir, { recursive: true, mode: 0o700 });
    const file = path.join(opts.dropDir, `${m.id}.eml`);
    await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
    return file;
  }
  let running: Promise<void> = Promise.resolve();

  async function deliver(ids?: number[]): Promise<void> {
    const filter = ids?.length
      ? and(eq(mailOutbox.status, 'pending'), inArray(mailOutbox.id, ids))
      : and(eq(mailOutbox.status, 'pending'), lt(mailOutbox.attempts, MAX_ATTEMPTS));
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
        await transport.sendMail({
          from: opts.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html ?? undefined,
          attachments: m.attachments?.map((a) => ({ filename: a.filename, path: a.path, contentType: a.contentType })),
        });
        await db
          .update(mailOutbox)
          .set({ status: 'sent', attempts: m.attempts + 1, sent_at: new Date(), last_error: null })
          .where(eq(mailOutbox.id, m.id));
      } catch (err) {
        const attempts = m.attempts + 1;
        log.warn({ err, mailId: m.id, attempts }, 'mail delivery failed');
        await db
          .update(mailOutbox)
          .set({ attempts, status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending', last_error: String(err) })
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
