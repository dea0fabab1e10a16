import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** A unique index refused the row (PostgreSQL 23505; drizzle may wrap the driver's error in `cause`). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } } | null | undefined;
  return err?.code === '23505' || err?.cause?.code === '23505';
}

/** User text inside a LIKE/ILIKE pattern: `%`, `_` and the escape character itself match only themselves. */
export const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A correlated subquery (`exists (select … where inner.col = ${outer.col})`) as a column or condition
 * that stays right wherever it is used. In the select list of a one-table query drizzle writes the
 * columns at the top of an expression bare ("customer_id"), and a bare column inside the subquery
 * binds to the subquery's own table: `customer_id = customer_id` compares that table with itself.
 * Columns one level down are written with their table, so every helper that puts a caller's column
 * into a subquery returns it through this wrapper.
 */
export const correlated = <T>(subquery: SQL<T>): SQL<T> => sql<T>`(${subquery})`;

/** The rows of a `db.execute(sql…)` result (PGlite and node-postgres both answer `{ rows }`). */
export const rowsOf = <R>(result: unknown): R[] => (result as { rows: R[] }).rows;

/**
 * `col desc nulls last`: the order an index column declared `.desc()` holds (drizzle-kit writes
 * `DESC NULLS LAST`). drizzle's `desc(col)` means `desc nulls first`, an order such an index cannot
 * give even for a column that is never null: the planner then sorts the whole table (the signage
 * status board read 10,000 rows for a page of 50 this way).
 */
export const descNullsLast = (col: AnyColumn): SQL => sql`${col} desc nulls last`;
