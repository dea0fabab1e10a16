import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import type { ReportColumns } from './player-report.js';

/**
 * The playlist call's record of a poll (last seen, what plays, the screen's report), written for all
 * the polls of a second in one statement instead of one UPDATE each (issue 33, fleet scale: 10,000
 * screens polling every 30 s are 333 row updates a second). A poll's answer never waits for it. What a
 * crash loses is at most a second of heartbeats, and each screen sends its next one 30 s later.
 *
 * Readers of these columns on this process see every poll it answered: the device lists and the
 * offline job `flushHeartbeats` first, the status board (asked often) lays the queued ones over the
 * rows it read (`withQueuedHeartbeats`). Another process's polls are at most a second late, far
 * inside the 90 s a screen counts as online.
 */

export type Heartbeat = { last_seen: Date; playing: string[] } & ReportColumns;

/** How long a heartbeat waits for others to share its statement. */
const FLUSH_MS = 1000;
/** A second's polls of a large fleet in one statement, bounded (parameters are one JSON text). */
const MAX_BATCH = 5000;

class HeartbeatWriter {
  private pending = new Map<number, Heartbeat>();
  /** Batches taken for writing, oldest first: this process's latest word on their devices until committed. */
  private unwritten: Map<number, Heartbeat>[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: DbOrTx,
    private readonly log: FastifyBaseLogger | undefined,
  ) {}

  /** Queues the poll; a later one of the same device within the second adds to it (its report wins). */
  add(deviceId: number, beat: Heartbeat): void {
    const before = this.pending.get(deviceId);
    this.pending.set(deviceId, before ? { ...before, ...beat } : beat);
    if (this.pending.size >= MAX_BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  /** Writes what is queued; resolves once every heartbeat queued before the call is in the database. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = new Map();
    this.unwritten.push(batch);
    // One statement after the other: a device's later heartbeat never lands before its earlier one.
    this.writing = this.writing.then(async () => {
      await this.write(batch);
      this.unwritten.shift();
    });
    return this.writing;
  }

  /**
   * The devices as their rows will read once this process's queued heartbeats are written, without
   * waiting for that write (the status board, asked every few seconds while 10,000 screens poll).
   */
  latest<D extends { id: number }>(devices: D[]): D[] {
    const layers = [...this.unwritten, this.pending].filter((m) => m.size > 0);
    if (layers.length === 0) return devices;
    return devices.map((d) => Object.assign({ ...d }, ...layers.map((m) => m.get(d.id))) as D);
  }

  private async write(batch: Map<number, Heartbeat>): Promise<void> {
    if (batch.size === 0) return;
    // Two shapes: a poll with a report replaces the reported columns; one without (a player from before
    // issue 33) leaves them. Each shape is one UPDATE … FROM over the rows as JSON.
    const reported: object[] = [];
    const bare: object[] = [];
    for (const [id, b] of batch) {
      const row = { ...b, id, last_seen: b.last_seen.toISOString() };
      ('reported_version' in b ? reported : bare).push(row);
    }
    try {
      if (bare.length) {
        await this.db.execute(sql`
          update signage_devices d set last_seen = r.last_seen, playing = r.playing, offline_notified_at = null
          from jsonb_to_recordset(${JSON.stringify(bare)}::jsonb) as r(id int, last_seen timestamptz, playing jsonb)
          where d.id = r.id`);
      }
      if (reported.length) {
        await this.db.execute(sql`
          update signage_devices d set last_seen = r.last_seen, playing = r.playing, offline_notified_at = null,
            reported_version = r.reported_version, now_playing_file_id = r.now_playing_file_id,
            cache_bytes = r.cache_bytes, cache_files = r.cache_files, app_version = r.app_version,
            screen_w = r.screen_w, screen_h = r.screen_h
          from jsonb_to_recordset(${JSON.stringify(reported)}::jsonb) as r(id int, last_seen timestamptz, playing jsonb,
            reported_version text, now_playing_file_id int, cache_bytes bigint, cache_files int, app_version text,
            screen_w int, screen_h int)
          where d.id = r.id`);
      }
    } catch (err) {
      // The next poll of each screen brings its heartbeat again; nothing else waits on these.
      this.log?.error({ err, devices: batch.size }, 'signage heartbeats not written');
    }
  }
}

const writers = new WeakMap<object, HeartbeatWriter>();

/** The heartbeat writer of this database handle (one per process and database). */
export function heartbeatsOf(db: Db | DbOrTx, log?: FastifyBaseLogger): HeartbeatWriter {
  let w = writers.get(db);
  if (!w) writers.set(db, (w = new HeartbeatWriter(db, log)));
  return w;
}

/** The devices with what this process's queued heartbeats will write into their rows. */
export function withQueuedHeartbeats<D extends { id: number }>(db: DbOrTx, devices: D[]): D[] {
  return writers.get(db)?.latest(devices) ?? devices;
}

/** Every heartbeat this process queued is written: call before reading last_seen or the reports. */
export async function flushHeartbeats(db: DbOrTx): Promise<void> {
  await writers.get(db)?.flush();
}
