import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { RKSV_CARDS_MSG as M, said, type RksvPutCardTypes } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { rksvCards, rksvCardTypes } from '../../db/schema/index.js';
import { conflict } from '../../platform/errors.js';
import { now as clock, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { afterCommit } from '../../platform/unit-of-work.js';
import { eachCardBatch, refreshCardDeadline } from './card-deadline.js';
import { fieldError } from './card-transitions.js';

/** The background job that recomputes the deadlines of the cards of types whose approval end changed. */
export const CARD_TYPE_DEADLINES_JOB = 'rksv-card-type-deadlines';

/** `GET /api/rksv-card-types`: the types by name with their approval end and how many cards carry each. */
export async function listCardTypes(ctx: ServiceCtx, _viewer: Viewer) {
  const rows = await ctx.db
    .select({
      name: rksvCardTypes.name,
      approval_ends: rksvCardTypes.approval_ends,
      // One count per type from the card type index (a handful of types).
      cards: sql<number>`(select count(*)::int from rksv_cards c where c.card_type = ${rksvCardTypes.name})`,
    })
    .from(rksvCardTypes)
    .orderBy(asc(rksvCardTypes.name));
  return rows.map((r) => ({ ...r, cards: Number(r.cards) }));
}

/**
 * `PUT /api/rksv-card-types` (admins): the whole list. A name twice is refused; a type that cards carry
 * cannot be removed (also when a card takes it meanwhile: its foreign key). Where a type's approval end
 * changed, its cards' deadlines are recomputed after the commit, in batches, in the background: a type
 * may have a million cards.
 */
export async function putCardTypes(ctx: ServiceCtx, _viewer: Viewer, input: RksvPutCardTypes) {
  const seen = new Set<string>();
  input.types.forEach((t, i) => {
    const key = t.name.toLocaleLowerCase('de');
    if (seen.has(key)) throw fieldError(`types.${i}.name`, M.cardTypeTwice);
    seen.add(key);
  });
  const changed = await ctx.db
    .transaction(async (tx) => {
      // One list at a time: two admins saving at once are serialised.
      const existing = await tx.select().from(rksvCardTypes).for('update');
      const names = input.types.map((t) => t.name);
      const removed = existing.filter((e) => !names.includes(e.name)).map((e) => e.name);
      if (removed.length) {
        const [used] = await tx
          .select({ id: rksvCards.id })
          .from(rksvCards)
          .where(inArray(rksvCards.card_type, removed))
          .limit(1);
        if (used) throw conflict(M.cardTypeInUse);
        await tx.delete(rksvCardTypes).where(inArray(rksvCardTypes.name, removed));
      }
      const moved: string[] = [];
      for (const t of input.types) {
        const before = existing.find((e) => e.name === t.name);
        if (!before) await tx.insert(rksvCardTypes).values(t);
        else if (before.approval_ends !== t.approval_ends) {
          await tx
            .update(rksvCardTypes)
            .set({ approval_ends: t.approval_ends, deadlines_stale_since: clock(ctx) })
            .where(eq(rksvCardTypes.name, t.name));
          moved.push(t.name);
        }
      }
      return moved;
    })
    .catch((e: unknown) => {
      // A card took a removed type between the check and the delete.
      if (
        (e as { code?: string; cause?: { code?: string } }).code === '23503' ||
        (e as { cause?: { code?: string } }).cause?.code === '23503'
      )
        throw conflict(M.cardTypeInUse);
      throw e;
    });
  if (changed.length) afterCommit.job(CARD_TYPE_DEADLINES_JOB, { types: changed });
  return { ...said(M.cardTypesSaved) };
}

/**
 * The deadlines of every card of the given types, by the shared rule at now: keyset pages over the card
 * id (each reads on from where the last stopped, so a million cards cost one pass), one transaction per
 * batch of DEADLINE_BATCH.
 */
export async function recomputeTypeDeadlines(
  ctx: { db: Db; clock?: () => Date },
  types: readonly string[],
): Promise<number> {
  if (types.length === 0) return 0;
  // The marks this pass answers for: a change saved while it runs sets a later one, left for its own pass.
  const marks = await ctx.db
    .select({ name: rksvCardTypes.name, since: rksvCardTypes.deadlines_stale_since })
    .from(rksvCardTypes)
    .where(inArray(rksvCardTypes.name, [...types]));
  let changed = 0;
  await eachCardBatch(ctx.db, inArray(rksvCards.card_type, [...types]), async (ids) => {
    changed += await ctx.db.transaction((tx) => refreshCardDeadline(tx, ids, clock(ctx)));
  });
  for (const m of marks)
    if (m.since)
      await ctx.db
        .update(rksvCardTypes)
        .set({ deadlines_stale_since: null })
        .where(and(eq(rksvCardTypes.name, m.name), eq(rksvCardTypes.deadlines_stale_since, m.since)));
  return changed;
}

/** The types whose cards' deadlines a cut-off recompute left stale (the nightly job finishes them). */
export async function staleCardTypes(db: Db): Promise<string[]> {
  const rows = await db
    .select({ name: rksvCardTypes.name })
    .from(rksvCardTypes)
    .where(isNotNull(rksvCardTypes.deadlines_stale_since));
  return rows.map((r) => r.name);
}
