import { reportCache } from './memory-caches.js';

/**
 * Entries kept in this process's memory under the version of the data they were built from (a counter
 * the database raises in the transaction of every write to that data: board_versions, signage content
 * versions), each until an instant at the latest. A reader reads the version (with its rows, one
 * statement) and takes the entry only when it was built at that version and is still valid: what the
 * query would answer now, on every process, with no message between processes to wait for.
 * Least recently used entries go first beyond `maxEntries`.
 */
export interface Versioned {
  version: number;
  /** The entry holds until this instant (ms); Infinity when only a write can change it. */
  validUntil: number;
}

export class VersionedCache<K, V extends Versioned> {
  private readonly entries = new Map<K, V>();
  hits = 0;
  misses = 0;

  constructor(private readonly maxEntries: number) {}

  get(key: K, version: number, at: Date): V | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version || +at >= entry.validUntil) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // A hit moves the entry to the end of the map's order, so the first one is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** The entry of `key` whatever its version, to decide what a statement reads along with the version. */
  latest(key: K): V | undefined {
    return this.entries.get(key);
  }

  put(key: K, entry: V): V {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  get size(): number {
    return this.entries.size;
  }
}

const owners = new WeakMap<object, Map<string, VersionedCache<unknown, Versioned>>>();

/**
 * The cache of this name for this database handle (made at the first call, reported to the metrics
 * under its name), or null when turned off (`maxEntries` 0) or inside a transaction: a transaction's
 * own writes are not committed, what it reads must not be kept for others.
 */
export function versionedCacheFor<K, V extends Versioned>(
  db: object,
  name: string,
  maxEntries: number,
): VersionedCache<K, V> | null {
  if (maxEntries === 0 || 'rollback' in db) return null;
  let byName = owners.get(db);
  if (!byName) owners.set(db, (byName = new Map()));
  let cache = byName.get(name) as VersionedCache<K, V> | undefined;
  if (!cache) {
    const created = new VersionedCache<K, V>(maxEntries);
    byName.set(name, created as unknown as VersionedCache<unknown, Versioned>);
    reportCache(db, name, () => ({ hits: created.hits, misses: created.misses, entries: created.size }));
    cache = created;
  }
  return cache;
}
