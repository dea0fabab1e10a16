import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  cardDeadlines,
  cardValidUntil,
  CUSTOMER_REMINDED_KINDS,
  CUSTOMER_REMINDER_DAYS,
  daysBetween,
  formatDate,
  orderMailLanguage,
  rksvCardMail,
  STAFF_REMINDER_DAYS,
  viennaDay,
  type Language,
  type RksvCardMailKind,
} from '@portal/shared';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { rksvCards, rksvCardTypes, rksvOrders, rksvDeadlineReminders, roles, users } from '../../db/schema/index.js';
import { queueMails } from '../../platform/mail.js';
import { now } from '../../platform/service.js';
import { rowsOf } from '../../platform/db-helpers.js';
import { afterCommit } from '../../platform/unit-of-work.js';
import { notifyMany } from '../notifications/index.js';
import { recomputeTypeDeadlines, staleCardTypes } from './card-types.js';
import { eachCardBatch, inIds, loadLives, refreshCardDeadline } from './card-deadline.js';
import { validUntilSql, viennaDaySql } from './card-state-sql.js';

/**
 * The nightly job of the cards' legal deadlines (issue 32), `rksv-card-deadlines`:
 * (a) the deadlines the calendar alone moves are written again (an open outage passing 48 hours, a
 *     deadline that has passed, cards activated before deadlines were stored), and those of a card type
 *     whose approval end changed when that recompute was cut off (`deadlines_stale_since`);
 * (b) the card's agent (the admins with the rksv flag when the order has none) is told 14 and 3 days
 *     before the stored deadline;
 * (c) the customer gets a mail 30 and 7 days before a Jahresbeleg, renewal or replacement deadline.
 * Each reminder once: a row in rksv_deadline_reminders (card, kind, day due, days before, audience) is
 * inserted ON CONFLICT DO NOTHING and only what was inserted is sent, so a run twice sends nothing new
 * and a late run sends the nearest reminder that is due (never an older one after it).
 */
export interface CardDeadlineRun {
  refreshed: number;
  /** Cards whose staff reminder was recorded, and the notices that told them (one per agent and group). */
  staff: number;
  staff_notices: number;
  /** Cards whose customer reminder was recorded, and the mails that named them (one per buyer address and group). */
  customer: number;
  customer_mails: number;
  /** Wall time of each part (the job's log and the benchmark). */
  ms: { refresh: number; staff: number; customer: number };
}

type JobCtx = { db: Db; config: Config; clock?: () => Date };

export async function runCardDeadlineJob(ctx: JobCtx): Promise<CardDeadlineRun> {
  const at = now(ctx);
  const t0 = performance.now();
  // A change of a type's approval end whose recompute was cut off (a crash, a restart) is finished first.
  const stale = await staleCardTypes(ctx.db);
  const retyped = stale.length ? await recomputeTypeDeadlines({ db: ctx.db, clock: () => at }, stale) : 0;
  const refreshed = retyped + (await refreshCalendarDeadlines(ctx.db, at));
  const t1 = performance.now();
  const staff = await remindStaff(ctx.db, at);
  const t2 = performance.now();
  const customer = await remindCustomers(ctx, at);
  const t3 = performance.now();
  return {
    refreshed,
    staff: staff.cards,
    staff_notices: staff.notices,
    customer: customer.cards,
    customer_mails: customer.mails,
    ms: { refresh: Math.round(t1 - t0), staff: Math.round(t2 - t1), customer: Math.round(t3 - t2) },
  };
}

/** The reminder step due `left` days before a deadline: the nearest of `steps` it has reached, or none. */
export function reminderStep(steps: readonly number[], left: number): number | null {
  if (left < 0) return null;
  const reached = steps.filter((d) => left <= d);
  return reached.length ? Math.min(...reached) : null;
}

/** A deadline that passed within this many days is looked at again (a night or two the job missed). */
const PAST_LOOK_DAYS = 7;

/**
 * (a) One pass over the cards by id (each batch reads on from the last), those whose deadline moves by
 * the calendar: an open outage (its report deadline comes once it passes 48 hours); a stored deadline
 * already past, when it passed in the last week or the card's certificate has run out (an expired card
 * has none); an activated card still in its life without a stored deadline (activated before issue 32).
 * A deadline that passed long ago is not read every night: it stays until someone acts, and that
 * transaction writes the next one (after the backfill, every card activated before issue 32 is one).
 */
async function refreshCalendarDeadlines(db: Db, at: Date): Promise<number> {
  const c = rksvCards;
  const today = viennaDay(at);
  let changed = 0;
  const due = sql`(${c.id} in (select u.card_id from rksv_outages u where u.ended_at is null)
    or (${c.next_deadline_at} < ${today}::date
      and (${validUntilSql} < ${today}::date or ${c.next_deadline_at} >= ${addDays(today, -PAST_LOOK_DAYS)}::date))
    or (${c.activated_at} is not null and ${c.next_deadline_at} is null and ${c.deregistered_at} is null
      and ${c.replaced_at} is null and ${validUntilSql} >= ${today}::date))`;
  // Two batches at a time (one reads and weighs while the other writes), each its own transaction.
  let writing: Promise<number> = Promise.resolve(0);
  await eachCardBatch(db, due, async (ids) => {
    changed += await writing;
    writing = db.transaction((tx) => refreshCardDeadline(tx, ids, at));
    writing.catch(() => undefined);
  });
  return changed + (await writing);
}

/** The reminder step due `due − today` days before (the nearest of `steps` reached) in SQL, as `reminderStep`. */
function stepSql(due: SQL, today: string, steps: readonly number[]): SQL {
  const cases = [...steps]
    .sort((a, b) => a - b)
    .map((d) => sql`when ${due} - ${today}::date <= ${d}::int then ${d}::int`);
  return sql`(case ${sql.join(cases, sql` `)} end)`;
}

/**
 * The reminder of this step is not recorded yet (the reminders' unique index): a night inside a reminder
 * window reads on only to the cards still to be told, not every card whose deadline is near.
 */
function notSent(kind: SQL, due: SQL, today: string, steps: readonly number[], audience: 'staff' | 'customer'): SQL {
  return sql`not exists (select 1 from rksv_deadline_reminders r where r.card_id = ${rksvCards.id} and r.kind = ${kind}
    and r.due = ${due} and r.days_before = ${stepSql(due, today, steps)} and r.audience = ${audience})`;
}

/** A reminder to record: card, deadline kind, day due and the step (days before). */
interface Reminder {
  card_id: number;
  kind: string;
  due: string;
  days_before: number;
}

/**
 * Records the reminders of one batch (ON CONFLICT DO NOTHING on rksv_deadline_reminders_uq) and answers
 * those inserted: only they are sent. One statement, the rows as one JSON parameter.
 */
async function recordReminders(
  tx: DbOrTx,
  rows: readonly Reminder[],
  audience: 'staff' | 'customer',
  at: Date,
): Promise<Reminder[]> {
  if (rows.length === 0) return [];
  const res = await tx.execute(sql`
    insert into ${rksvDeadlineReminders} (card_id, kind, due, days_before, audience, sent_at)
    select r.card_id, r.kind, r.due, r.days_before, ${audience}, ${at.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(card_id integer, kind text, due date, days_before integer)
    on conflict do nothing
    returning card_id, kind, to_char(due, 'YYYY-MM-DD') as due, days_before`);
  return (res as unknown as { rows: Reminder[] }).rows;
}

async function rksvAdmins(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(roles.role_name, 'admin'), eq(users.active, true), eq(users.rksv, true)));
  return rows.map((r) => r.id);
}

/** The list's due window (`?due=`) that shows a deadline this many days ahead: 7, 30 or 90 days. */
const dueWindow = (days: number) => [7, 30, 90].find((w) => days <= w) ?? 90;

/** One staff notice: the cards of one agent (null: none) with the same deadline kind, day and step. */
interface StaffDigest {
  agent_id: number | null;
  kind: string;
  due: string;
  days_before: number;
  cards: number;
  card_id: number;
  companyname: string;
}

/**
 * (b) The stored deadlines of the next 14 days, in one transaction: every card's reminder of its step is
 * recorded by one set-based INSERT … ON CONFLICT DO NOTHING (read from the deadline index), and what it
 * inserted comes back counted per agent, kind, day and step. Each agent gets one notice per such group:
 * a single card names the card and opens it; several name their number and open the work list filtered
 * to them (a Jahresbeleg night is thousands of cards per agent, not thousands of notices). Orders without
 * an agent go to the admins with the rksv flag.
 */
async function remindStaff(db: Db, at: Date): Promise<{ cards: number; notices: number }> {
  const c = rksvCards;
  const today = viennaDay(at);
  const horizon = addDays(today, Math.max(...STAFF_REMINDER_DAYS));
  return db.transaction(async (tx) => {
    const groups = rowsOf<StaffDigest>(
      await tx.execute(sql`
        with inserted as (
          insert into ${rksvDeadlineReminders} (card_id, kind, due, days_before, audience, sent_at)
          select ${c.id}, ${c.next_deadline_kind}, ${c.next_deadline_at},
            ${stepSql(sql`${c.next_deadline_at}`, today, STAFF_REMINDER_DAYS)}, 'staff', ${at.toISOString()}::timestamptz
          from ${c}
          where ${c.next_deadline_at} is not null and ${c.next_deadline_at} between ${today}::date and ${horizon}::date
            and ${notSent(sql`${c.next_deadline_kind}`, sql`${c.next_deadline_at}`, today, STAFF_REMINDER_DAYS, 'staff')}
          on conflict do nothing
          returning card_id, kind, due, days_before
        )
        select c.agent_id, i.kind, to_char(i.due, 'YYYY-MM-DD') as due, i.days_before,
          count(*)::int as cards, min(i.card_id)::int as card_id, min(o.companyname) as companyname
        from inserted i join ${c} c on c.id = i.card_id join ${rksvOrders} o on o.id = c.order_id
        group by c.agent_id, i.kind, i.due, i.days_before
        order by i.due, i.kind, c.agent_id`),
    );
    if (groups.length === 0) return { cards: 0, notices: 0 };
    const admins = groups.some((g) => g.agent_id === null) ? await rksvAdmins(tx) : [];
    const rows = await notifyMany(
      tx,
      groups.map((g) => {
        const due = formatDate(`${g.due}T12:00:00Z`);
        const agent = g.agent_id !== null ? `&agent=${g.agent_id}` : '';
        return {
          recipients: g.agent_id !== null ? [g.agent_id] : admins,
          actorId: null,
          type: 'rksv_deadline',
          ...(g.cards === 1
            ? {
                params: { kind: 'rksvDeadline', id: g.card_id, titel: g.companyname, comment: due },
                link: `/agent-dashboard/rksvactivations?card=${g.card_id}`,
              }
            : {
                params: { kind: 'rksvDeadlines', id: g.card_id, count: g.cards, deadline: g.kind, comment: due },
                link: `/agent-dashboard/rksvactivations?kind=${g.kind}&due=${dueWindow(g.days_before)}${agent}`,
              }),
          priority: g.days_before <= Math.min(...STAFF_REMINDER_DAYS) ? 'high' : 'medium',
        } as const;
      }),
    );
    return { cards: groups.reduce((n, g) => n + g.cards, 0), notices: rows.length };
  });
}

/**
 * (c) Cards that may have a Jahresbeleg, renewal or replacement deadline in the next 30 days whose
 * reminder of that step is not sent (a condition per kind on the card row; the shared rule then decides
 * on these few), one pass by id.
 */
async function remindCustomers(ctx: JobCtx, at: Date): Promise<{ cards: number; mails: number }> {
  const { db, config } = ctx;
  const c = rksvCards;
  const today = viennaDay(at);
  const horizon = addDays(today, Math.max(...CUSTOMER_REMINDER_DAYS));
  // Each kind's day as the rule computes it: within the window and its step not mailed yet.
  const due: Record<RksvCardMailKind, SQL> = {
    jahresbeleg: sql`make_date(greatest(extract(year from ${viennaDaySql(sql`${c.activated_at}`)})::int, coalesce(${c.jahresbeleg_year}, 0) + 1) + 1, 2, 15)`,
    renewal: sql`(${validUntilSql} - 90)`,
    replacement: sql`(select t.approval_ends from rksv_card_types t where t.name = ${c.card_type})`,
  };
  const open = (kind: RksvCardMailKind) =>
    sql`(${due[kind]} between ${today}::date and ${horizon}::date and ${notSent(sql`${kind}`, due[kind], today, CUSTOMER_REMINDER_DAYS, 'customer')})`;
  const sent = { cards: 0, mails: 0 };
  const add = (n: { cards: number; mails: number }) => {
    sent.cards += n.cards;
    sent.mails += n.mails;
  };
  const inLife = sql`${c.activated_at} is not null and ${c.deregistered_at} is null and ${c.replaced_at} is null and ${c.defective_at} is null`;
  // What the calendar rules out is not asked of every card: a Jahresbeleg only when a 15 February lies in
  // the window, a replacement only for the types whose approval ends in it (the table is a handful of rows).
  const feb15 = [Number(today.slice(0, 4)), Number(horizon.slice(0, 4))].some((y) => {
    const day = `${y}-02-15`;
    return day >= today && day <= horizon;
  });
  const ending = (
    await db
      .select({ name: rksvCardTypes.name })
      .from(rksvCardTypes)
      .where(sql`${rksvCardTypes.approval_ends} between ${today}::date and ${horizon}::date`)
  ).map((t) => t.name);
  const kinds: SQL[] = [open('renewal')];
  if (feb15) kinds.push(open('jahresbeleg'));
  if (ending.length) kinds.push(sql`(${inArray(c.card_type, ending)} and ${open('replacement')})`);
  const anyOpen = sql`(${sql.join(kinds, sql` or `)})`;
  // Two batches at a time: the next one is read and weighed while the last one's transaction writes
  // (the database and the rules each on their own core); each batch still commits on its own. A batch
  // holds whole orders, so an order's cards with the same deadline are one mail.
  let writing: Promise<{ cards: number; mails: number }> = Promise.resolve({ cards: 0, mails: 0 });
  await eachCardBatch(
    db,
    sql`${inLife} and ${anyOpen}`,
    async (ids) => {
      const batch = await dueMails(db, ids, at, today);
      add(await writing);
      writing = mailBatch(db, config, batch, at, today);
      // Awaited with the next batch or at the end; until then its failure is not an unhandled one.
      writing.catch(() => undefined);
    },
    { wholeOrders: true },
  );
  add(await writing);
  return sent;
}

/** The customer reminders a batch of cards is due by the shared rule, with their orders' addresses. */
async function dueMails(db: Db, ids: number[], at: Date, today: string) {
  const { lives, outages } = await loadLives(db, ids);
  const wanted = lives.flatMap(({ card, life }) =>
    cardDeadlines(life, outages.get(card.id) ?? [], at)
      .filter((d) => CUSTOMER_REMINDED_KINDS.includes(d.kind))
      .map((d) => ({
        card,
        life,
        kind: d.kind as RksvCardMailKind,
        due: d.due,
        step: reminderStep(CUSTOMER_REMINDER_DAYS, daysBetween(today, d.due)),
      }))
      .filter((d): d is typeof d & { step: number } => d.step !== null),
  );
  if (wanted.length === 0) return { wanted, orders: [] };
  const orders = await db
    .select({
      id: rksvOrders.id,
      email: rksvOrders.email,
      lang: rksvOrders.lang,
      customername: rksvOrders.customername,
      companyname: rksvOrders.companyname,
    })
    .from(rksvOrders)
    .where(inIds(rksvOrders.id, [...new Set(wanted.map((w) => w.card.order_id))]));
  return { wanted, orders };
}

/**
 * Records a batch's reminders and queues the mails for those inserted, in one transaction: one mail per
 * buyer address and language, deadline kind, day and step (and card type, for a replacement), naming
 * every card of it.
 */
async function mailBatch(
  db: Db,
  config: Config,
  { wanted, orders }: Awaited<ReturnType<typeof dueMails>>,
  at: Date,
  today: string,
): Promise<{ cards: number; mails: number }> {
  if (wanted.length === 0) return { cards: 0, mails: 0 };
  return db.transaction(async (tx) => {
    const inserted = await recordReminders(
      tx,
      wanted.map((w) => ({ card_id: w.card.id, kind: w.kind, due: w.due, days_before: w.step })),
      'customer',
      at,
    );
    // Only what was inserted is mailed (a reminder once), looked up by card and kind, then grouped.
    const byCardKind = new Map(wanted.map((w) => [`${w.card.id}:${w.kind}`, w]));
    const byOrder = new Map(orders.map((o) => [o.id, o]));
    const groups = new Map<string, { order: (typeof orders)[number]; lang: Language; items: typeof wanted }>();
    for (const r of inserted) {
      const w = byCardKind.get(`${r.card_id}:${r.kind}`)!;
      const order = byOrder.get(w.card.order_id)!;
      const lang = orderMailLanguage(order.lang);
      const type = w.kind === 'replacement' ? (w.card.card_type ?? '') : '';
      const key = [order.email.trim().toLowerCase(), lang, w.kind, w.due, w.step, type].join('\n');
      const group = groups.get(key) ?? { order, lang, items: [] };
      group.items.push(w);
      groups.set(key, group);
    }
    const mails = [...groups.values()].map(({ order, lang, items }) => {
      const w = items[0]!;
      const validUntil = cardValidUntil(w.life);
      return {
        to: order.email,
        ...rksvCardMail(lang, {
          kind: w.kind,
          name: order.customername,
          companyname: order.companyname,
          cards: items.map((i) => i.card.serial_number ?? i.card.kassenid ?? `#${i.card.id}`),
          due: formatDate(`${w.due}T12:00:00Z`),
          days: daysBetween(today, w.due),
          year: Number(w.due.slice(0, 4)) - 1,
          validUntil: validUntil ? formatDate(`${validUntil}T12:00:00Z`) : undefined,
          cardType: w.card.card_type ?? undefined,
          shopUrl: `${config.publicUrl}/rksv`,
          seller: config.seller.name,
        }),
      };
    });
    afterCommit.mail(await queueMails(tx, mails));
    return { cards: inserted.length, mails: mails.length };
  });
}
