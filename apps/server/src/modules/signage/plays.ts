import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  PLAY_FUTURE_TOLERANCE_MS,
  PLAY_MAX_AGE_DAYS,
  PLAY_REPORT_MONTHS,
  playMonthDays,
  type Play,
  type PlayMonthList,
  type PlaySummary,
  type PlaySummaryRow,
} from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  signageDeviceContent,
  signageDevices,
  signageFiles,
  signagePlays,
  signageScheduleContent,
  signageSchedules,
} from '../../db/schema/index.js';
import { now as nowOf, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { loadCustomer } from './common.js';
import type { DeviceRecord } from './player.js';

/**
 * Proof of play (issue 33): what the screens report having shown, stored once per (device, seq),
 * and read per customer over Vienna days: per file and screen for staff, per month for the report.
 */

/**
 * Files the customer's screens may report: content of any of the customer's devices or of any of
 * its schedules (active or not: a screen offline for a day uploads plays of a schedule switched off
 * since). Only among the batch's files: a handful of index probes.
 */
async function customersFiles(db: DbOrTx, customerId: number, fileIds: number[]) {
  if (fileIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: signageFiles.id, file_name: signageFiles.file_name })
    .from(signageFiles)
    .where(
      and(
        inArray(signageFiles.id, fileIds),
        sql`(exists (select 1 from ${signageDeviceContent} join ${signageDevices} on ${signageDevices.id} = ${signageDeviceContent.device_id}
              where ${signageDeviceContent.file_id} = ${signageFiles.id} and ${signageDevices.customer_id} = ${customerId})
          or exists (select 1 from ${signageScheduleContent} join ${signageSchedules} on ${signageSchedules.id} = ${signageScheduleContent.schedule_id}
              where ${signageScheduleContent.file_id} = ${signageFiles.id} and ${signageSchedules.customer_id} = ${customerId}))`,
      ),
    );
  return new Map(rows.map((r) => [r.id, r.file_name]));
}

/**
 * A screen's batch. Every seq of the batch is confirmed (the screen deletes it from its log): stored
 * now, stored before (the unique key decides, so two copies of a batch racing each other count once),
 * or skipped for good: a file that is not its customer's, a start far ahead of the server's clock or
 * older than anyone asks for, or a screen without a customer. Skipping instead of refusing the batch
 * keeps one bad entry from blocking the log behind it.
 */
export async function recordPlays(
  ctx: ServiceCtx,
  device: DeviceRecord,
  input: { plays: Play[] },
): Promise<{ confirmed: number[]; stored: number; duplicates: number; skipped: number }> {
  const confirmed = [...new Set(input.plays.map((p) => p.seq))];
  const customerId = device.customer_id;
  if (!customerId) return { confirmed, stored: 0, duplicates: 0, skipped: confirmed.length };
  const now = nowOf(ctx).getTime();
  const files = await customersFiles(ctx.db, customerId, [...new Set(input.plays.map((p) => p.file_id))]);
  const seen = new Set<number>();
  const rows = input.plays.flatMap((p) => {
    const started = Date.parse(p.started_at);
    const fileName = files.get(p.file_id);
    if (seen.has(p.seq) || fileName === undefined) return [];
    if (started > now + PLAY_FUTURE_TOLERANCE_MS || started < now - PLAY_MAX_AGE_DAYS * 86_400_000) return [];
    seen.add(p.seq);
    return [
      {
        device_id: device.id,
        seq: p.seq,
        customer_id: customerId,
        file_id: p.file_id,
        file_name: fileName,
        started_at: new Date(started),
        duration_ms: p.duration_ms,
      },
    ];
  });
  const stored = rows.length
    ? (await ctx.db.insert(signagePlays).values(rows).onConflictDoNothing().returning({ seq: signagePlays.seq })).length
    : 0;
  return { confirmed, stored, duplicates: rows.length - stored, skipped: confirmed.length - rows.length };
}

/** The customer's plays from..to, Vienna days both included: the condition the index answers. */
const inPeriod = (customerId: number, from: string, to: string) =>
  and(
    eq(signagePlays.customer_id, customerId),
    sql`${signagePlays.started_at} >= (${from}::date)::timestamp at time zone 'Europe/Vienna'`,
    sql`${signagePlays.started_at} < ((${to}::date + 1))::timestamp at time zone 'Europe/Vienna'`,
  );

async function totals(db: DbOrTx, customerId: number, from: string, to: string) {
  const p = signagePlays;
  const [t] = await db
    .select({
      plays: sql<number>`count(*)::int`,
      duration_ms: sql<number>`coalesce(sum(${p.duration_ms}), 0)::bigint`.mapWith(Number),
      screens: sql<number>`count(distinct ${p.device_id})::int`,
      files: sql<number>`count(distinct ${p.file_id})::int`,
      pairs: sql<number>`count(distinct (${p.file_id}::bigint << 32) + ${p.device_id})::int`,
    })
    .from(p)
    .where(inPeriod(customerId, from, to));
  return t!;
}

/** Per file and screen, most played first; the device's current name beside it (a few rows, by key). */
async function perFileAndScreen(
  db: DbOrTx,
  q: { customerId: number; from: string; to: string; offset: number; limit: number },
): Promise<PlaySummaryRow[]> {
  const p = signagePlays;
  const grouped = db
    .select({
      file_id: p.file_id,
      device_id: p.device_id,
      file_name: sql<string>`max(${p.file_name})`.as('file_name'),
      plays: sql<number>`count(*)::int`.as('plays'),
      duration_ms: sql<number>`sum(${p.duration_ms})::bigint`.as('duration_ms'),
    })
    .from(p)
    .where(inPeriod(q.customerId, q.from, q.to))
    .groupBy(p.file_id, p.device_id)
    .as('g');
  const rows = await db
    .select({
      file_id: grouped.file_id,
      file_name: grouped.file_name,
      device_id: grouped.device_id,
      device_name: signageDevices.device_name,
      plays: grouped.plays,
      duration_ms: sql<number>`${grouped.duration_ms}`.mapWith(Number),
    })
    .from(grouped)
    .leftJoin(signageDevices, eq(signageDevices.id, grouped.device_id))
    .orderBy(sql`${grouped.plays} desc, ${grouped.file_name}, ${grouped.file_id}, ${grouped.device_id}`)
    .limit(q.limit)
    .offset(q.offset);
  return rows;
}

/** `GET /api/okds-plays`: a customer of the viewer's country (else 404), per file and screen, paged. */
export async function playSummary(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { customer_id: number; from: string; to: string; offset: number; limit: number },
): Promise<PlaySummary> {
  await loadCustomer(ctx.db, viewer, input.customer_id);
  const t = await totals(ctx.db, input.customer_id, input.from, input.to);
  const rows = t.plays ? await perFileAndScreen(ctx.db, { ...input, customerId: input.customer_id }) : [];
  return {
    totals: { plays: t.plays, duration_ms: t.duration_ms, screens: t.screens, files: t.files },
    rows,
    total: t.pairs,
  };
}

/** Rows of one month's report: every file and screen pair (a customer has a few dozen of each). */
const REPORT_ROWS_MAX = 5000;

export interface MonthPlays {
  month: string;
  totals: PlaySummary['totals'];
  rows: PlaySummaryRow[];
}

/** A customer's month, for the PDF (the caller has checked the customer is the reader's). */
export async function monthPlays(db: DbOrTx, customerId: number, month: string): Promise<MonthPlays> {
  const { from, to } = playMonthDays(month);
  const t = await totals(db, customerId, from, to);
  const rows = t.plays ? await perFileAndScreen(db, { customerId, from, to, offset: 0, limit: REPORT_ROWS_MAX }) : [];
  return { month, totals: { plays: t.plays, duration_ms: t.duration_ms, screens: t.screens, files: t.files }, rows };
}

/** The last months with plays (Vienna months), newest first: the business dashboard's list of reports. */
export async function playMonths(ctx: ServiceCtx, customerId: number): Promise<PlayMonthList> {
  const p = signagePlays;
  const month = sql<string>`to_char(${p.started_at} at time zone 'Europe/Vienna', 'YYYY-MM')`;
  const rows = await ctx.db
    .select({
      month,
      plays: sql<number>`count(*)::int`,
      screens: sql<number>`count(distinct ${p.device_id})::int`,
    })
    .from(p)
    .where(
      and(
        eq(p.customer_id, customerId),
        sql`${p.started_at} >= (date_trunc('month', ${nowOf(ctx).toISOString()}::timestamptz at time zone 'Europe/Vienna') - make_interval(months => ${PLAY_REPORT_MONTHS - 1})) at time zone 'Europe/Vienna'`,
      ),
    )
    .groupBy(month)
    .orderBy(sql`1 desc`);
  return { rows };
}
