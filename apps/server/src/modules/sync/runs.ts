import { and, desc, eq, lt, sql } from 'drizzle-orm';
import {
  SYNC_MAX_ERRORS,
  SYNC_MSG,
  SYNC_RUNS_LISTED,
  syncSummary,
  type SyncCountry,
  type SyncRun,
  said,
} from '@portal/shared';
import { syncRuns } from '../../db/schema/index.js';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../platform/db-helpers.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { sourceOf } from './sources.js';

/**
 * Sync runs: the row in sync_runs is the queue entry, the progress and the result of a run. Starting
 * inserts it `running`; the partial unique index (one running run per country) makes a second start
 * a 409 on every process of the cluster. A running row whose heartbeat stopped was cut off by a
 * stopped server: it is marked failed at the next start (and by the minute check), which frees the country.
 */

/** A running run writes its heartbeat this often; one silent for STALE_MS is cut off. */
export const HEARTBEAT_MS = 15_000;
export const STALE_MS = 2 * 60_000;

type RunRow = typeof syncRuns.$inferSelect;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function runView(r: RunRow): SyncRun {
  return {
    runId: r.id,
    country: r.country as SyncCountry,
    status: r.status as SyncRun['status'],
    trigger: r.trigger,
    source: r.source,
    started_at: iso(r.started_at)!,
    finished_at: iso(r.finished_at),
    total: r.total,
    total_known: r.total_known,
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    deactivated: r.deactivated,
    failed: r.failed,
    errors: r.errors.slice(0, SYNC_MAX_ERRORS),
    message: r.message,
    message_code: r.message_code,
    message_detail: (r.message_params?.detail as string | undefined) ?? null,
  };
}

/** Failure texts as stored: the German cause, with what names it in brackets. */
export function failureMessage(key: keyof typeof SYNC_MSG, detail?: string): string {
  return detail ? `${SYNC_MSG[key].de} (${detail})` : SYNC_MSG[key].de;
}

/**
 * Marks running runs failed whose heartbeat stopped (all running runs of the database when `all`:
 * at the start of the embedded database's only process, none can be going).
 */
export async function failCutOffRuns(
  db: DbOrTx,
  input: { all?: boolean; country?: SyncCountry } = {},
): Promise<number> {
  const stale = new Date(Date.now() - STALE_MS);
  const rows = await db
    .update(syncRuns)
    .set({
      status: 'failed',
      finished_at: sql`now()`,
      ...said(SYNC_MSG.serverStopped),
      message_code: 'sync.serverStopped',
      message_params: null,
    })
    .where(
      and(
        eq(syncRuns.status, 'running'),
        input.all ? undefined : lt(syncRuns.heartbeat_at, stale),
        input.country ? eq(syncRuns.country, input.country) : undefined,
      ),
    )
    .returning({ id: syncRuns.id });
  return rows.length;
}

/** Queues a run of the country (409 while one is going); the caller has it executed after its answer. */
export async function startRun(
  ctx: ServiceCtx,
  viewer: Viewer | null,
  input: { country: SyncCountry; trigger: 'manual' | 'schedule' },
): Promise<{ runId: number }> {
  const { db, config } = ctx;
  await failCutOffRuns(db, { country: input.country });
  try {
    const [row] = await db
      .insert(syncRuns)
      .values({
        country: input.country,
        trigger: input.trigger,
        started_by: viewer?.id ?? null,
        source: sourceOf(config, input.country).label,
      })
      .returning({ id: syncRuns.id });
    return { runId: row!.id };
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(SYNC_MSG.alreadyRunning);
    throw e;
  }
}

/** The latest 20 runs of a country, newest first. */
export async function listRuns(ctx: ServiceCtx, _viewer: Viewer, input: { country: SyncCountry }): Promise<SyncRun[]> {
  const rows = await ctx.db
    .select()
    .from(syncRuns)
    .where(eq(syncRuns.country, input.country))
    .orderBy(desc(syncRuns.id))
    .limit(SYNC_RUNS_LISTED);
  return rows.map(runView);
}

export async function getRun(ctx: ServiceCtx, _viewer: Viewer, input: { runId: number }): Promise<SyncRun> {
  const [row] = await ctx.db.select().from(syncRuns).where(eq(syncRuns.id, input.runId));
  if (!row) throw notFound(SYNC_MSG.runNotFound);
  return runView(row);
}

/** Counts and errors of a running run, written after every batch (the screen polls them). */
export class RunProgress {
  total = 0;
  totalKnown = false;
  created = 0;
  updated = 0;
  unchanged = 0;
  failed = 0;
  errors: { line: number; message: string; code?: string }[] = [];

  constructor(
    private readonly db: DbOrTx,
    readonly runId: number,
  ) {}

  addErrors(errors: { line: number; message: string; code?: string }[]) {
    this.failed += errors.length;
    for (const e of errors) if (this.errors.length < SYNC_MAX_ERRORS) this.errors.push(e);
  }

  async flush(): Promise<void> {
    this.errors.sort((a, b) => a.line - b.line);
    await this.db
      .update(syncRuns)
      .set({
        total: this.total,
        total_known: this.totalKnown,
        created: this.created,
        updated: this.updated,
        unchanged: this.unchanged,
        failed: this.failed,
        errors: this.errors,
        heartbeat_at: sql`now()`,
      })
      .where(and(eq(syncRuns.id, this.runId), eq(syncRuns.status, 'running')));
  }

  async succeed(deactivated: number): Promise<void> {
    await this.flush();
    const message = syncSummary({ ...this, deactivated });
    await this.db
      .update(syncRuns)
      .set({
        status: 'succeeded',
        finished_at: sql`now()`,
        deactivated,
        message,
        message_code: null,
        message_params: null,
      })
      .where(and(eq(syncRuns.id, this.runId), eq(syncRuns.status, 'running')));
  }

  async fail(key: keyof typeof SYNC_MSG, detail?: string): Promise<void> {
    await this.flush();
    await this.db
      .update(syncRuns)
      .set({
        status: 'failed',
        finished_at: sql`now()`,
        message: failureMessage(key, detail),
        message_code: `sync.${key}`,
        message_params: detail ? { detail } : null,
      })
      .where(and(eq(syncRuns.id, this.runId), eq(syncRuns.status, 'running')));
  }
}
