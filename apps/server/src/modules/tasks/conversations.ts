import type { DbOrTx } from '../../db/client.js';
import { taskConversations } from '../../db/schema/index.js';
import { queueMail, type MailMessage } from '../../platform/mail.js';
import { afterCommit } from '../../platform/unit-of-work.js';
import { markResponded } from './sla.js';

/**
 * A mail about a task: queued in the outbox and recorded as the task's conversation entry, both in
 * the caller's transaction; delivered after commit. (The mail adapter knows nothing of tasks.)
 */
export async function queueTaskMail(
  tx: DbOrTx,
  msg: MailMessage & {
    taskId: number;
    /** Who sent it (an agent's name); none for system mails. */
    agentName?: string;
    /** A staff member's message, sent at this instant: the task's first response if none was yet. */
    sentByStaffAt?: Date;
  },
): Promise<number> {
  const { agentName, sentByStaffAt, ...mail } = msg;
  if (sentByStaffAt) await markResponded(tx, msg.taskId, sentByStaffAt);
  const mailId = await queueMail(tx, mail);
  await tx.insert(taskConversations).values({
    task_id: msg.taskId,
    mail_id: mailId,
    recipient: msg.to,
    subject: msg.subject,
    content: msg.text,
    agent_name: agentName ?? null,
  });
  afterCommit.mail(mailId);
  return mailId;
}
