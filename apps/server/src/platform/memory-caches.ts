/**
 * Caches an area keeps in this process's memory (the board's pages), reported by name for the
 * metrics (platform/metrics.ts reads them at scrape time): the platform knows no area, an area
 * reports its own cache here, under the database handle it caches for.
 */
export interface CacheCounts {
  hits: number;
  misses: number;
  entries: number;
}

const reports = new WeakMap<object, Map<string, () => CacheCounts>>();

export function reportCache(owner: object, name: string, counts: () => CacheCounts): void {
  let byName = reports.get(owner);
  if (!byName) reports.set(owner, (byName = new Map()));
  byName.set(name, counts);
}

/** Every cache reported for this owner, with its counts now. */
export function cacheCounts(owner: object): [string, CacheCounts][] {
  return [...(reports.get(owner) ?? new Map<string, () => CacheCounts>())].map(([name, counts]) => [name, counts()]);
}
