import fs from 'node:fs';
import path from 'node:path';
import { eq, and, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { parseSyncRow, SYNC_MSG, type SyncCountry, said } from '@portal/shared';
import { syncRuns } from '../../db/schema/index.js';
import type { ServiceCtx } from '../../platform/service.js';
import { countRecords, detectFormat, fileRecords } from './file-source.js';
import { SourceError, type SourceRecord } from './source-error.js';
import { download } from './download.js';
import { sourceOf } from './sources.js';
import { stripePages } from './stripe-source.js';
import { HEARTBEAT_MS, RunProgress } from './runs.js';
import { deactivateMissing, writeBatch, type BadRow, type GoodRow } from './writer.js';

/** Records per batch: one transaction of a few statements each. */
export const BATCH_SIZE = 1000;

export interface SyncRunCtx extends ServiceCtx {
  log: FastifyBaseLogger;
}

async function* inBatches(records: AsyncIterable<SourceRecord>, size: number): AsyncGenerator<SourceRecord[]> {
  let batch: SourceRecord[] = [];
  for await (const r of records) {
    batch.push(r);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

async function* rebatch(pages: AsyncIterable<SourceRecord[]>, size: number): AsyncGenerator<SourceRecord[]> {
  let batch: SourceRecord[] = [];
  for await (const page of pages) {
    batch.push(...page);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/**
 * Executes a queued run: checks the source before the first write (a file or download is read once
 * completely, a Stripe account's first page is fetched), then reads it again as a stream and writes
 * it in batches, then marks the customers it no longer lists inactive. Never throws: the outcome is
 * the run's row. A source that breaks off after some batches ends the run failed without deactivating.
 */
export async function executeRun(ctx: SyncRunCtx, input: { runId: number; signal?: AbortSignal }): Promise<void> {
  const { db, config, log } = ctx;
  const { runId, signal } = input;
  const [run] = await db
    .select()
    .from(syncRuns)
    .where(and(eq(syncRuns.id, runId), eq(syncRuns.status, 'running')));
  if (!run) return;
  const country = run.country as SyncCountry;
  const spec = sourceOf(config, country);
  const progress = new RunProgress(db, runId);
  const heartbeat = setInterval(() => {
    void db
      .update(syncRuns)
      .set({ heartbeat_at: sql`now()` })
      .where(and(eq(syncRuns.id, runId), eq(syncRuns.status, 'running')))
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let downloaded: string | null = null;
  let wrote = false;
  try {
    let batches: AsyncIterable<SourceRecord[]>;
    if (spec.kind === 'stripe') {
      const pages = stripePages(config.payments, spec.key, spec.variable, signal);
      const first = await pages.next();
      const firstPage = first.done ? [] : first.value;
      if (firstPage.length === 0) throw new SourceError('sourceEmpty', 'Stripe');
      batches = rebatch(
        (async function* () {
          yield firstPage;
          yield* pages;
        })(),
        BATCH_SIZE,
      );
    } else {
      let file: string;
      let contentType: string | null = null;
      let name: string;
      if (spec.kind === 'url') {
        downloaded = path.join(config.dataDir, 'sync', `run-${runId}.download`);
        contentType = await download(spec, downloaded, config.syncDownload, signal);
        file = downloaded;
        name = spec.url.pathname;
      } else {
        file = spec.file;
        name = spec.file;
      }
      // Every failure names the source by its label, never by a path on the server.
      const format = await detectFormat(file, name, spec.label, contentType);
      progress.total = await countRecords(file, format, spec.label, signal);
      progress.totalKnown = true;
      if (progress.total === 0) throw new SourceError('sourceEmpty', spec.label);
      await progress.flush();
      batches = inBatches(fileRecords(file, format, spec.label), BATCH_SIZE);
    }

    const byStripe = spec.kind === 'stripe';
    for await (const records of batches) {
      signal?.throwIfAborted();
      const good: GoodRow[] = [];
      const bad: BadRow[] = [];
      for (const r of records) {
        const parsed = parseSyncRow(r.record);
        if (parsed.ok) good.push({ line: r.line, value: parsed.value, stripeId: r.stripeId });
        else
          bad.push({ line: r.line, ...said(parsed.message), kundennummer: parsed.kundennummer, stripeId: r.stripeId });
      }
      wrote = true;
      const result = await writeBatch(db, { id: runId, country, byStripe }, good, bad);
      if (byStripe) progress.total += records.length;
      progress.created += result.created;
      progress.updated += result.updated;
      progress.unchanged += result.unchanged;
      progress.addErrors([...bad.map(({ line, message, code }) => ({ line, message, code })), ...result.errors]);
      await progress.flush();
    }
    signal?.throwIfAborted();
    const deactivated = await deactivateMissing(db, { id: runId, country });
    await progress.succeed(deactivated);
    log.info(
      { runId, country, created: progress.created, updated: progress.updated, deactivated },
      'customer sync finished',
    );
  } catch (e) {
    try {
      if (signal?.aborted) {
        await progress.fail('serverStopped');
      } else if (e instanceof SourceError) {
        // After some batches the cause is kept as the detail of "interrupted": nothing was deactivated.
        if (wrote)
          await progress.fail('interrupted', e.detail ? `${SYNC_MSG[e.key].de}: ${e.detail}` : SYNC_MSG[e.key].de);
        else await progress.fail(e.key, e.detail);
      } else {
        log.error({ err: e, runId, country }, 'customer sync failed');
        await progress.fail('internal');
      }
    } catch (err) {
      log.error({ err, runId }, 'customer sync: the failure could not be recorded');
    }
  } finally {
    clearInterval(heartbeat);
    if (downloaded) await fs.promises.rm(downloaded, { force: true }).catch(() => undefined);
  }
}
