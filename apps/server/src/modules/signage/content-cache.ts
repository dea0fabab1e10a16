import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { signageContentVersions as v, signageDevices } from '../../db/schema/index.js';
import type { ServiceCtx } from '../../platform/service.js';
import { versionedCacheFor, type Versioned } from '../../platform/versioned-cache.js';
import { candidatesOf, type Candidate, type DeviceRecord } from './playlist-content.js';

/**
 * What a screen may play, kept per device in this process (issue 33, fleet scale): every screen asks
 * every 30 s and its content changes a few times a day, so building its candidates (two queries) on
 * each poll was most of the playlist call's database work. The database raises the content version of
 * a customer (or of every customer, for files) in the transaction of each write to device content,
 * schedules or their content (migration 0036), and the key check reads the device with that version in
 * one statement; the candidates kept for the device are taken only when built at that version for the
 * same customer. The rest of the playlist (the window now, the status) is computed from them per call.
 */

/** A device whose content version was read with it (the key check). */
export type VersionedDevice = DeviceRecord & { content_version: number };

interface KeptCandidates extends Versioned {
  customerId: number | null;
  candidates: Candidate[];
}

/** Devices whose candidates a process keeps at most (a fleet of 10,000 takes a few MB). */
const MAX_DEVICES_KEPT = 50_000;

/** The device's content version: its customer's (0: screens without one) plus the files' (-1). */
export const contentVersion = sql<string>`coalesce((select ${v.version} from ${v} where ${v.scope} = coalesce(${signageDevices.customer_id}, 0)), 0)
  + coalesce((select ${v.version} from ${v} where ${v.scope} = -1), 0)`;

/** The device with this key hash and its content version, from one snapshot; null when unknown. */
export async function deviceByKeyHash(db: DbOrTx, hash: string): Promise<VersionedDevice | null> {
  const [row] = await db
    .select({ device: signageDevices, version: contentVersion })
    .from(signageDevices)
    .where(eq(signageDevices.key_hash, hash));
  return row ? { ...row.device, content_version: Number(row.version) } : null;
}

/**
 * Each device's candidates: kept ones built at its content version, the others read for all of them at
 * once (two queries) and kept under the version read with the device: a write committed in between makes
 * the next call read again, and newer content is never kept under an older version a later call could
 * take for current.
 */
export async function cachedCandidates(
  ctx: ServiceCtx,
  devices: readonly VersionedDevice[],
): Promise<Map<number, Candidate[]>> {
  const cache = versionedCacheFor<number, KeptCandidates>(ctx.db, 'signage-content', MAX_DEVICES_KEPT);
  const out = new Map<number, Candidate[]>();
  const missing: VersionedDevice[] = [];
  for (const d of devices) {
    const kept = cache?.get(d.id, d.content_version, new Date(0));
    if (kept && kept.customerId === d.customer_id) out.set(d.id, kept.candidates);
    else missing.push(d);
  }
  if (missing.length === 0) return out;
  const read = await candidatesOf(ctx, missing);
  for (const d of missing) {
    const candidates = read.get(d.id)!;
    cache?.put(d.id, { version: d.content_version, validUntil: Infinity, customerId: d.customer_id, candidates });
    out.set(d.id, candidates);
  }
  return out;
}
