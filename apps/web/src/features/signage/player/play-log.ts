import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { PLAY_DURATION_MAX_MS, type Play } from '@portal/shared';
import { useEffect } from 'react';

/**
 * Proof of play, the screen's side (issue 33): every item shown is logged in IndexedDB when it ends
 * (`file_id`, `started_at`, `duration_ms`) under an increasing sequence number, kept through offline
 * days and reboots until the server confirms it (play-upload.ts).
 */

interface PlayLog extends DBSchema {
  plays: { key: number; value: Play };
  meta: { key: string; value: number };
}

/** A screen offline for weeks keeps its newest plays; beyond this the oldest go. */
const LOG_MAX = 200_000;
/** Shorter than this is no play: a video that failed at once, a list swapped under it, React's dev double mount. */
const PLAY_MIN_MS = 250;

let opened: Promise<IDBPDatabase<PlayLog>> | null = null;
function log(): Promise<IDBPDatabase<PlayLog>> {
  opened ??= openDB<PlayLog>('okds-plays', 1, {
    upgrade(db) {
      db.createObjectStore('plays', { keyPath: 'seq' });
      db.createObjectStore('meta');
    },
  });
  return opened;
}

/**
 * Logs a play under the next sequence number: one more than the last, and never below the clock's
 * milliseconds, so a log wiped with the browser's storage (the key kept) never repeats a number the
 * server already holds (it would count that play as a duplicate).
 */
export async function logPlay(play: Omit<Play, 'seq'>): Promise<number> {
  const db = await log();
  const tx = db.transaction(['plays', 'meta'], 'readwrite');
  const meta = tx.objectStore('meta');
  const seq = Math.max(((await meta.get('seq')) ?? 0) + 1, Date.now());
  await meta.put(seq, 'seq');
  const plays = tx.objectStore('plays');
  await plays.add({ ...play, seq });
  if ((await plays.count()) > LOG_MAX) {
    const oldest = await plays.openCursor();
    if (oldest) await oldest.delete();
  }
  await tx.done;
  return seq;
}

/** The oldest plays not yet confirmed, at most `limit`. */
export async function pendingPlays(limit: number): Promise<Play[]> {
  return (await log()).getAll('plays', undefined, limit);
}

/** Forgets what the server confirmed. */
export async function forgetPlays(seqs: readonly number[]): Promise<void> {
  const tx = (await log()).transaction('plays', 'readwrite');
  await Promise.all([...seqs.map((s) => tx.store.delete(s)), tx.done]);
}

/**
 * Logs one showing of `fileId` (null: nothing on screen): from this render until `showing` (the loop's
 * turn) or the file changes, or the loop goes away. A picture alone in its list stays one showing until the list changes.
 */
export function useProofOfPlay(fileId: number | null, showing: unknown): void {
  useEffect(() => {
    if (fileId === null) return;
    const startedAt = new Date().toISOString();
    const t0 = performance.now();
    return () => {
      const ms = Math.round(performance.now() - t0);
      if (ms < PLAY_MIN_MS) return;
      void logPlay({ file_id: fileId, started_at: startedAt, duration_ms: Math.min(ms, PLAY_DURATION_MAX_MS) }).catch(
        () => {},
      );
    };
  }, [fileId, showing]);
}
