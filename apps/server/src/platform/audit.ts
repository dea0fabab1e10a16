import { createHash } from 'node:crypto';
import { and, eq, getTableColumns, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditSubject } from '@portal/shared';
import { auditHead, auditLog } from '../db/schema/index.js';
import type { DbOrTx } from '../db/client.js';

/**
 * The staff audit trail (issue 34). `serve` runs every write of a staff member in one transaction
 * with its row here; sign-ins, password changes, key reveals and the CLI's commands append theirs
 * where they happen. Appending takes audit_head's row lock, so rows get seq 1, 2, 3 … without gaps
 * and each hash covers the one before (as the cashbook's chain). The lock is held from the append
 * to the commit only: serve appends as the last statement of the call's transaction.
 */

export const AUDIT_GENESIS = '0'.repeat(64);

export interface AuditEntry {
  actor_id: number | null;
  actor_role: string;
  ip: string | null;
  action: string;
  subject_kind?: AuditSubject | null;
  subject_id?: number | null;
  customer_id?: number | null;
  country_id?: number | null;
  changes?: Changes;
}

export type Changes = Record<string, [unknown, unknown]>;

/** JSON with its object keys sorted at every level: jsonb gives keys back in its own order. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

interface HashedFields {
  seq: number;
  at: Date;
  actor_id: number | null;
  actor_role: string;
  ip: string | null;
  action: string;
  subject_kind: string | null;
  subject_id: number | null;
  customer_id: number | null;
  country_id: number | null;
  /** SHA-256 of the canonical `changes` (changesHash): the chain covers it, so `changes` can be redacted. */
  changes_hash: string;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The digest of a row's `changes` that its hash covers. */
export const changesHash = (changes: unknown): string => sha256(canonicalJson(changes));

/**
 * What a redacted row's `changes` hold: an erasure (GDPR) removed the values, the digest stays, so the
 * chain still verifies and nothing else of the row can change unseen.
 */
export const REDACTED_KEY = '_redacted';
export const isRedacted = (changes: unknown): boolean =>
  !!changes && typeof changes === 'object' && REDACTED_KEY in (changes as object);

/** SHA-256 over every stored field of a row (its changes by their digest) and the hash of the row before it. */
export function auditHash(r: HashedFields, prevHash: string): string {
  const text = canonicalJson([
    r.seq,
    r.at.toISOString(),
    r.actor_id,
    r.actor_role,
    r.ip,
    r.action,
    r.subject_kind,
    r.subject_id,
    r.customer_id,
    r.country_id,
    r.changes_hash,
    prevHash,
  ]);
  return sha256(text);
}

/** Appends one row to the trail inside `tx` (call it last in the transaction: it holds the chain's lock). */
export async function appendAudit(tx: DbOrTx, e: AuditEntry, at: Date = new Date()): Promise<number> {
  const [head] = await tx.select().from(auditHead).where(eq(auditHead.id, 1)).for('update');
  const seq = head!.seq + 1;
  const fields: HashedFields = {
    seq,
    at,
    actor_id: e.actor_id,
    actor_role: e.actor_role,
    ip: e.ip,
    action: e.action,
    subject_kind: e.subject_kind ?? null,
    subject_id: e.subject_id ?? null,
    customer_id: e.customer_id ?? null,
    country_id: e.country_id ?? null,
    changes_hash: '',
  };
  // What jsonb will give back: plain JSON (dates as ISO text, no undefined).
  const changes = JSON.parse(JSON.stringify(e.changes ?? {})) as Changes;
  fields.changes_hash = changesHash(changes);
  const hash = auditHash(fields, head!.hash);
  await tx.insert(auditLog).values({ ...fields, changes, hash });
  await tx.update(auditHead).set({ seq, hash }).where(eq(auditHead.id, 1));
  return seq;
}

// ---- what a call changed -------------------------------------------------------------------------

/** A column whose value never enters the trail: it is a secret (or derived from one). */
const SECRET = /password|secret|token|(^|_)key($|_)|(^|_)aes|activation_code|(^|_)code$|code_hash|(^|_)pin($|_)/i;
/** Columns that change with every write or name the subject itself (kept out of the diff). */
const NOISE = new Set(['id', 'updated_at', 'search', 'search_text', 'search_norm', 'version']);
const MAX_TEXT = 2000;
const HIDDEN = '***';

function plain(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string' && v.length > MAX_TEXT) return `${v.slice(0, MAX_TEXT)}…`;
  if (typeof v === 'bigint') return v.toString();
  return v ?? null;
}

/** `{field: [before, after]}` of two versions of a row (either may be missing: a create, a delete). */
export function rowChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): Changes {
  const out: Changes = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const k of keys) {
    if (NOISE.has(k) || k.endsWith('_search')) continue;
    const b = plain(before?.[k]);
    const a = plain(after?.[k]);
    if (canonicalJson(b) === canonicalJson(a)) continue;
    out[k] = SECRET.test(k) ? [b === null ? null : HIDDEN, a === null ? null : HIDDEN] : [b, a];
  }
  return out;
}

/** The call's own input fields that are no column of its subject: `[null, value]` (a note's text). */
export function inputChanges(input: Record<string, unknown>, skip: ReadonlySet<string>): Changes {
  const out: Changes = {};
  for (const [k, v] of Object.entries(input)) {
    if (skip.has(k) || v === undefined || k === 'files' || k === 'rawBody') continue;
    if (SECRET.test(k)) out[k] = [null, HIDDEN];
    else out[k] = [null, JSON.parse(JSON.stringify(v, (_k, x: unknown) => plain(x)) ?? 'null') as unknown];
  }
  return out;
}

// ---- subjects: the areas say which table a kind is (app.ts registers them) -------------------------

export interface SubjectReader {
  read(db: DbOrTx, id: number): Promise<Record<string, unknown> | null>;
}

const subjects = new Map<AuditSubject, SubjectReader>();

/**
 * Reads a subject as its table's row by a key column (`id` unless said), with `extra` columns the
 * area computes (a task's `customer_id` from its customer number: the customer's page and an erasure
 * find the task's rows by it).
 */
export function tableSubject(table: PgTable, key?: Column, extra: Record<string, SQL> = {}): SubjectReader {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const column = key ?? columns.id!;
  return {
    async read(db, id) {
      const [row] = await db
        .select({ ...columns, ...extra })
        .from(table)
        .where(eq(column, id))
        .limit(1);
      return (row as Record<string, unknown> | undefined) ?? null;
    },
  };
}

export function registerAuditSubjects(readers: Partial<Record<AuditSubject, SubjectReader>>): void {
  for (const [kind, reader] of Object.entries(readers)) subjects.set(kind as AuditSubject, reader);
}

export const auditSubjectReader = (kind: AuditSubject): SubjectReader | undefined => subjects.get(kind);

/**
 * An erasure under the GDPR (issue 34): the values in the trail's rows of the customer are removed,
 * their digests stay, so the chain verifies as before. The only change the database lets through
 * (migration: the append-only trigger allows `changes` to become `{_redacted: day}` and nothing else).
 */
export async function redactCustomerAudit(tx: DbOrTx, customerId: number, day: string): Promise<number> {
  const rows = await tx
    .update(auditLog)
    .set({ changes: { [REDACTED_KEY]: day } as unknown as Changes })
    .where(and(eq(auditLog.customer_id, customerId), sql`not (${auditLog.changes} ? ${REDACTED_KEY})`))
    .returning({ seq: auditLog.seq });
  return rows.length;
}
