import { and, eq, gte, lt, sql } from 'drizzle-orm';
import {
  RATING_CODE_MAX_TRIES,
  RATINGS_MSG,
  type RatingCustomerInfo,
  type VerifyCodeRating,
  type VerifyCustomerRating,
  type Message,
} from '@portal/shared';
import { customers, ratingCodes, taskRatings, tasks } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../platform/db-helpers.js';
import { HttpError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/passwords.js';
import type { DbOrTx, ServiceCtx } from '../../platform/service.js';

/*
 * The public rating flow (backoffice.md "Rating flow"): customer number, code, stars. Each call proves
 * the customer number first and answers the same 404 for an unknown task and a wrong number, so the
 * calls tell nothing about a task beyond what the number proves.
 */

const gone = (m: Message) => new HttpError(410, m);

async function taskOfCustomer(db: DbOrTx, input: VerifyCustomerRating) {
  const [task] = await db
    .select({
      id: tasks.id,
      status: tasks.status,
      user_id: tasks.user_id,
      country_id: tasks.country_id,
      kundennummer: tasks.kundennummer,
      // A task made by staff carries only the number: the customer record fills in the rest.
      firma: sql<string | null>`coalesce(${tasks.firma}, ${customers.firma})`,
      kontaktperson: sql<string | null>`coalesce(${tasks.kontaktperson}, ${customers.kontaktperson})`,
      rated: sql<boolean>`exists (select 1 from ${taskRatings} where ${taskRatings.task_id} = ${tasks.id})`,
    })
    .from(tasks)
    .leftJoin(customers, eq(customers.kundennummer, tasks.kundennummer))
    .where(eq(tasks.id, input.taskId));
  if (!task || !task.kundennummer || task.kundennummer.trim() !== input.customerNumber)
    throw notFound(RATINGS_MSG.customerNotFound);
  return task;
}

/** POST /web/verify-customer-rating: the customer number belongs to the task → the customer's info. */
export async function verifyCustomer(ctx: ServiceCtx, input: VerifyCustomerRating): Promise<RatingCustomerInfo> {
  const task = await taskOfCustomer(ctx.db, input);
  // Said at step 1 (issue 30), once the number shows the visitor is the task's customer: no code is
  // asked for a task that cannot be rated again.
  if (task.rated) throw conflict(RATINGS_MSG.alreadyRated);
  return { firma: task.firma, kundennummer: task.kundennummer!, kontaktperson: task.kontaktperson };
}

/**
 * The task may be rated with this code: closed, not rated yet, the code neither locked nor expired and
 * equal to the stored hash. Every comparison first takes a try in one statement (`failed_tries < 5` in
 * its condition), so of any number of guesses at once at most five are compared and every other one
 * finds the code locked (410); the right code gives its try back. A wrong code keeps its try (its own
 * statement, so it stays counted while the call fails); the fifth wrong try locks the code.
 */
async function checkCode(db: DbOrTx, input: VerifyCodeRating) {
  const task = await taskOfCustomer(db, input);
  if (task.status !== 'abgeschlossen') throw conflict(RATINGS_MSG.notClosed);
  if (task.rated) throw conflict(RATINGS_MSG.alreadyRated);
  const [taken] = await db
    .update(ratingCodes)
    .set({ failed_tries: sql`${ratingCodes.failed_tries} + 1` })
    .where(
      and(
        eq(ratingCodes.task_id, task.id),
        lt(ratingCodes.failed_tries, RATING_CODE_MAX_TRIES),
        gte(ratingCodes.expires_at, new Date()),
      ),
    )
    .returning({ code_hash: ratingCodes.code_hash, failed_tries: ratingCodes.failed_tries });
  if (!taken) {
    // No try left to take: say why (no code, locked, expired).
    const [code] = await db.select().from(ratingCodes).where(eq(ratingCodes.task_id, task.id));
    if (!code) throw badRequest(RATINGS_MSG.wrongCode);
    if (code.failed_tries < RATING_CODE_MAX_TRIES && code.expires_at.getTime() < Date.now())
      throw gone(RATINGS_MSG.codeExpired);
    throw gone(RATINGS_MSG.codeLocked);
  }
  if (await verifyPassword(taken.code_hash, input.verificationCode)) {
    await db
      .update(ratingCodes)
      .set({ failed_tries: sql`greatest(${ratingCodes.failed_tries} - 1, 0)` })
      .where(eq(ratingCodes.task_id, task.id));
    return task;
  }
  if (taken.failed_tries >= RATING_CODE_MAX_TRIES) throw gone(RATINGS_MSG.codeLocked);
  throw badRequest(RATINGS_MSG.wrongCode);
}

/** POST /web/verify-code-rating. */
export async function verifyCode(ctx: ServiceCtx, input: VerifyCodeRating): Promise<{ verified: true }> {
  await checkCode(ctx.db, input);
  return { verified: true };
}

export interface RatingInput extends VerifyCodeRating {
  timeRating: number;
  satisfactionRating: number;
  friendlinessRating: number;
  comment?: string;
}

/**
 * POST /web/submit-rating: checks like verify-code, then stores the rating for the task's agent and
 * country and removes the code, in one transaction; a second rating (also two at once) → 409.
 */
export async function submitRating(ctx: ServiceCtx, input: RatingInput): Promise<void> {
  const task = await checkCode(ctx.db, input);
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(taskRatings).values({
        task_id: task.id,
        agent_id: task.user_id,
        country_id: task.country_id,
        time_rating: input.timeRating,
        satisfaction_rating: input.satisfactionRating,
        friendliness_rating: input.friendlinessRating,
        comment: input.comment ?? null,
      });
      await tx.delete(ratingCodes).where(eq(ratingCodes.task_id, task.id));
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(RATINGS_MSG.alreadyRated);
    throw e;
  }
}
