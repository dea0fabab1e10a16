import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  COMMON_MSG,
  RKSV_ORDERS_MSG,
  type AuditFilter,
  type AuditPage,
  type AuditQuery,
  type AuditRow,
} from '@portal/shared';
import { auditLog, customers, rksvCards, rksvOrders, signageDevices, tasks, users } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { isRedacted, REDACTED_KEY } from '../../platform/audit.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { maySeeOrder } from '../rksv-orders/index.js';

/**
 * Reading the staff audit trail (issue 34): the admin's filtered list, and each screen's own
 * entries. Pages go back in time by seq (the order rows were appended); every filter has an index
 * that ends in seq (db/schema/audit.ts), so a page is an index range, never a sort of the trail.
 */

const COLUMNS = {
  seq: auditLog.seq,
  at: auditLog.at,
  actor_id: auditLog.actor_id,
  actor_name: users.name,
  actor_role: auditLog.actor_role,
  ip: auditLog.ip,
  action: auditLog.action,
  subject_kind: auditLog.subject_kind,
  subject_id: auditLog.subject_id,
  customer_id: auditLog.customer_id,
  country_id: auditLog.country_id,
  changes: auditLog.changes,
};

/** A day (YYYY-MM-DD) as the instant it starts in Vienna, where the portal's days are. */
export const viennaDayStart = (day: string): SQL => sql`(${day}::date::timestamp at time zone 'Europe/Vienna')`;

export function filterConditions(f: AuditFilter): (SQL | undefined)[] {
  return [
    f.actor_id ? eq(auditLog.actor_id, f.actor_id) : undefined,
    f.subject_kind ? eq(auditLog.subject_kind, f.subject_kind) : undefined,
    f.subject_id ? eq(auditLog.subject_id, f.subject_id) : undefined,
    f.customer_id ? eq(auditLog.customer_id, f.customer_id) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.from ? gte(auditLog.at, viennaDayStart(f.from)) : undefined,
    f.to ? lt(auditLog.at, sql`${viennaDayStart(f.to)} + interval '1 day'`) : undefined,
  ];
}

export async function auditPage(
  ctx: ServiceCtx,
  where: (SQL | undefined)[],
  page: { limit: number; cursor?: number },
): Promise<AuditPage> {
  const rows = await ctx.db
    .select(COLUMNS)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actor_id))
    .where(and(...where, page.cursor ? lt(auditLog.seq, page.cursor) : undefined))
    .orderBy(desc(auditLog.seq))
    .limit(page.limit + 1);
  const more = rows.length > page.limit;
  const items = rows.slice(0, page.limit).map((r): AuditRow => {
    // An erased row shows the day of its erasure, not the marker.
    const redacted = isRedacted(r.changes) ? String((r.changes as Record<string, unknown>)[REDACTED_KEY]) : null;
    return { ...r, at: r.at.toISOString(), changes: redacted ? {} : (r.changes as AuditRow['changes']), redacted };
  });
  return { items, nextCursor: more ? items[items.length - 1]!.seq : null };
}

/** GET /api/audit (admin): the whole trail, filtered. */
export function listAuditEntries(ctx: ServiceCtx, _viewer: Viewer, input: AuditQuery): Promise<AuditPage> {
  return auditPage(ctx, filterConditions(input), input);
}

type SubjectInput = { id: number; limit: number; cursor?: number };

/** An agent reads the entries of their own country only (an admin every country's), as every staff list. */
const countryOpen = (viewer: Viewer, countryId: number | null) =>
  viewer.role === 'admin' || (countryId !== null && countryId === viewer.country_id);

/** A task's entries (the task modal): the task must be one the caller's country may see. */
export async function taskAuditEntries(ctx: ServiceCtx, viewer: Viewer, input: SubjectInput): Promise<AuditPage> {
  const [t] = await ctx.db.select({ country_id: tasks.country_id }).from(tasks).where(eq(tasks.id, input.id));
  if (!t || !countryOpen(viewer, t.country_id)) throw notFound();
  return auditPage(ctx, [eq(auditLog.subject_kind, 'task'), eq(auditLog.subject_id, input.id)], input);
}

/** An order's entries and those of its cards (the order's screen shows both); an agent's own orders only. */
export async function rksvOrderAuditEntries(ctx: ServiceCtx, viewer: Viewer, input: SubjectInput): Promise<AuditPage> {
  const [o] = await ctx.db
    .select({ agent_id: rksvOrders.agent_id })
    .from(rksvOrders)
    .where(eq(rksvOrders.id, input.id));
  if (!o || !maySeeOrder(viewer, o)) throw notFound(RKSV_ORDERS_MSG.orderNotFound);
  const cards = ctx.db.select({ id: rksvCards.id }).from(rksvCards).where(eq(rksvCards.order_id, input.id));
  return auditPage(
    ctx,
    [
      or(
        and(eq(auditLog.subject_kind, 'rksv_order'), eq(auditLog.subject_id, input.id)),
        and(eq(auditLog.subject_kind, 'rksv_card'), inArray(auditLog.subject_id, cards)),
      ),
    ],
    input,
  );
}

/** A screen's entries: screens belong to no country, every signage staff member sees them (as the area). */
export async function signageDeviceAuditEntries(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: SubjectInput,
): Promise<AuditPage> {
  const [d] = await ctx.db
    .select({ id: signageDevices.id })
    .from(signageDevices)
    .where(eq(signageDevices.id, input.id));
  if (!d) throw notFound();
  return auditPage(ctx, [eq(auditLog.subject_kind, 'signage_device'), eq(auditLog.subject_id, input.id)], input);
}

/** Everything done to one customer or to a thing of theirs (rows carry the subject's customer). */
export async function customerAuditEntries(ctx: ServiceCtx, viewer: Viewer, input: SubjectInput): Promise<AuditPage> {
  const [c] = await ctx.db
    .select({ country_id: customers.country_id })
    .from(customers)
    .where(eq(customers.id, input.id));
  if (!c || !countryOpen(viewer, c.country_id)) throw notFound(COMMON_MSG.customerNotFound);
  return auditPage(ctx, [eq(auditLog.customer_id, input.id)], input);
}
