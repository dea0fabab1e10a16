import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { RATING_CODE_DIGITS, RATING_CODE_TTL_DAYS } from '@portal/shared';
import type { Config } from '../../config.js';
import { customers, ratingCodes, taskRatings, tasks } from '../../db/schema/index.js';
import { queueMail } from '../../platform/mail.js';
import { letter } from '../../platform/mail-letter.js';
import { hashPassword } from '../../platform/passwords.js';
import type { DbOrTx } from '../../platform/service.js';
import { afterCommit } from '../../platform/unit-of-work.js';

/** A random code of 6 digits (leading zeros kept), from the operating system's generator. */
export function newRatingCode(): string {
  return String(randomInt(0, 10 ** RATING_CODE_DIGITS)).padStart(RATING_CODE_DIGITS, '0');
}

/** The rating mail (German, like the spec's customer texts): the link to the rating page and the code. */
export function ratingMail(
  config: Pick<Config, 'publicUrl'>,
  task: { id: number; titel: string; kontaktperson: string | null; firma: string | null },
  code: string,
) {
  const link = `${config.publicUrl}/rating/${task.id}`;
  const greeting = task.kontaktperson ? `Guten Tag ${task.kontaktperson},` : 'Guten Tag,';
  return {
    subject: `Wie zufrieden waren Sie? Ihre Anfrage #${task.id}`,
    text: letter(
      greeting,
      [
        `Ihre Anfrage „${task.titel}“${task.firma ? ` für ${task.firma}` : ''} wurde abgeschlossen.`,
        'Wir freuen uns, wenn Sie uns in einer Minute sagen, wie zufrieden Sie waren:',
        link,
        [
          `Ihr Bewertungscode: ${code}`,
          `Sie brauchen dazu Ihre Kundennummer. Der Code gilt ${RATING_CODE_TTL_DAYS} Tage; jede Anfrage kann einmal bewertet werden.`,
        ],
      ],
      'Ihr Support-Team',
    ),
  };
}

/**
 * Called in the transaction that sets a task to `abgeschlossen`: when the task has a contact e-mail (its
 * own from the public form, else its customer record's), a fresh code is stored as a hash (valid 30
 * days, no wrong tries yet) and the mail with link and code is queued in the outbox; it leaves after
 * commit. A task already rated gets none. Returns the outbox id, or null when no mail was due.
 */
export async function issueRatingCode(
  tx: DbOrTx,
  config: Pick<Config, 'publicUrl'>,
  input: { taskId: number },
): Promise<number | null> {
  const [task] = await tx
    .select({
      id: tasks.id,
      titel: tasks.titel,
      firma: sql<string | null>`coalesce(${tasks.firma}, ${customers.firma})`,
      kontaktperson: sql<string | null>`coalesce(${tasks.kontaktperson}, ${customers.kontaktperson})`,
      email: sql<string | null>`coalesce(nullif(trim(${tasks.email}), ''), nullif(trim(${customers.email}), ''))`,
      rated: sql<boolean>`exists (select 1 from ${taskRatings} where ${taskRatings.task_id} = ${tasks.id})`,
    })
    .from(tasks)
    .leftJoin(customers, eq(customers.kundennummer, tasks.kundennummer))
    .where(eq(tasks.id, input.taskId));
  if (!task?.email || task.rated) return null;
  const code = newRatingCode();
  const values = {
    code_hash: await hashPassword(code),
    expires_at: new Date(Date.now() + RATING_CODE_TTL_DAYS * 24 * 3600 * 1000),
    failed_tries: 0,
    created_at: new Date(),
  };
  await tx
    .insert(ratingCodes)
    .values({ task_id: task.id, ...values })
    .onConflictDoUpdate({ target: ratingCodes.task_id, set: values });
  const mailId = await queueMail(tx, { to: task.email, taskId: task.id, ...ratingMail(config, task, code) });
  afterCommit.mail(mailId);
  return mailId;
}
