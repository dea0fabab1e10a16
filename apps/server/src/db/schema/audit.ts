import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The staff audit trail (issue 34): one row per write a staff member or the CLI made, per sign-in,
 * failed sign-in, password change and key reveal, appended in the transaction of the change
 * (platform/audit.ts). Rows are never updated or deleted (a trigger refuses it); each row's hash is
 * SHA-256 over its fields and the previous row's hash, so an edit below the trigger shows in
 * `GET /api/audit/verify`. `changes` holds `{field: [before, after]}` without secrets; the hash covers
 * them by their digest, so an erasure (GDPR) can remove the values and the chain still verifies.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    /** 1, 2, 3 … without gaps, in the order the rows were appended (under audit_head's lock). */
    seq: bigint({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The staff member (null: the CLI, or a failed sign-in of an unknown e-mail). */
    actor_id: integer(),
    /** admin, agent, customer (a sign-in) or cli. */
    actor_role: text().notNull(),
    ip: text(),
    /** The call's declared name (`claimTask`), or an event (`signIn`, `signInFailed`, `cli:user:add`). */
    action: text().notNull(),
    subject_kind: text(),
    subject_id: integer(),
    /** The customer the subject belongs to: the customer's page lists its entries by this. */
    customer_id: integer(),
    country_id: integer(),
    changes: jsonb().$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    /** SHA-256 of `changes` as the hash saw them: an erasure may empty `changes`, the chain still holds. */
    changes_hash: text().notNull(),
    hash: text().notNull(),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actor_id, t.seq),
    index('audit_log_subject_idx').on(t.subject_kind, t.subject_id, t.seq),
    index('audit_log_customer_idx')
      .on(t.customer_id, t.seq)
      .where(sql`${t.customer_id} is not null`),
    index('audit_log_action_idx').on(t.action, t.seq),
    index('audit_log_at_idx').on(t.at),
  ],
);

/** The chain's head: one row, locked by every append, so seq has no gaps and each hash its predecessor. */
export const auditHead = pgTable('audit_head', {
  id: integer().primaryKey(),
  seq: bigint({ mode: 'number' }).notNull(),
  hash: text().notNull(),
});
