/** A unique index refused the row (PostgreSQL 23505; drizzle may wrap the driver's error in `cause`). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } } | null | undefined;
  return err?.code === '23505' || err?.cause?.code === '23505';
}

/** User text inside a LIKE/ILIKE pattern: `%`, `_` and the escape character itself match only themselves. */
export const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);
