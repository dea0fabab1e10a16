import { sql } from 'drizzle-orm';
import { COUNTRY, SYNC_MSG, type SyncCountry, type SyncCustomer, said } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../platform/db-helpers.js';

/**
 * Writes one batch of a run's records (about 1000) in one transaction.
 *
 * Each record is matched to its stored customer by the source's key (kundennummer for files, the
 * Stripe id for Stripe, with a record of the same number and no Stripe id taken over) in one query;
 * then one UPDATE writes the matched records whose values differ (or that were inactive), one INSERT
 * the new ones, and one upsert notes every record the run saw in sync_customer_links. The counts are
 * exact: updated = rows the UPDATE returned, unchanged = matched rows it left alone, created = rows
 * the INSERT returned. Values travel as one JSON parameter (json_to_recordset): a batch is a fixed
 * handful of statements, whatever its size, on PostgreSQL and PGlite alike.
 */

export interface GoodRow {
  line: number;
  value: SyncCustomer;
  stripeId?: string;
}
export interface BadRow {
  line: number;
  message: string;
  code?: string;
  kundennummer?: string;
  stripeId?: string;
}
export interface BatchResult {
  created: number;
  updated: number;
  unchanged: number;
  errors: { line: number; message: string; code?: string }[];
}

interface Stored {
  id: number;
  kundennummer: string;
  source: string;
  stripe_cu_id: string | null;
  last_run_id: number | null;
}

interface Run {
  id: number;
  country: SyncCountry;
  /** Stripe sources key by the Stripe id; files by kundennummer. */
  byStripe: boolean;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

const COLUMNS = `id int, kundennummer text, firma text, kontaktperson text, email text, telefon text,
  adresse text, plz text, ort text, uid text, stripe_cu_id text`;

export async function writeBatch(db: DbOrTx, run: Run, good: GoodRow[], bad: BadRow[]): Promise<BatchResult> {
  try {
    return await db.transaction((tx) => writeInTx(tx, run, good, bad));
  } catch (e) {
    // Two records swapping their numbers in one batch trip the unique index mid-statement: write
    // that batch record by record instead, so only a record that really cannot be stored fails.
    if (!isUniqueViolation(e) || good.length <= 1) throw e;
    const total: BatchResult = { created: 0, updated: 0, unchanged: 0, errors: [] };
    for (const row of good) {
      try {
        const r = await db.transaction((tx) => writeInTx(tx, run, [row], []));
        total.created += r.created;
        total.updated += r.updated;
        total.unchanged += r.unchanged;
        total.errors.push(...r.errors);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        total.errors.push({ line: row.line, ...said(SYNC_MSG.rowNotSaved) });
      }
    }
    if (bad.length) await writeInTx(db, run, [], bad);
    return total;
  }
}

async function writeInTx(tx: DbOrTx, run: Run, good: GoodRow[], bad: BadRow[]): Promise<BatchResult> {
  const errors: { line: number; message: string; code?: string }[] = [];
  const numbers = [
    ...new Set([
      ...good.map((g) => g.value.kundennummer),
      ...bad.flatMap((b) => (b.kundennummer ? [b.kundennummer] : [])),
    ]),
  ];
  const stripeIds = run.byStripe
    ? [...new Set([...good, ...bad].flatMap((r) => (r.stripeId ? [r.stripeId] : [])))]
    : [];
  const stored =
    numbers.length || stripeIds.length
      ? rowsOf<Stored>(
          await tx.execute(sql`
            select c.id, c.kundennummer, c.source, c.stripe_cu_id, l.last_run_id
            from customers c left join sync_customer_links l on l.customer_id = c.id
            where c.kundennummer = any(array(select json_array_elements_text(${JSON.stringify(numbers)}::json)))
               or c.stripe_cu_id = any(array(select json_array_elements_text(${JSON.stringify(stripeIds)}::json)))`),
        )
      : [];
  const byNumber = new Map(stored.map((s) => [s.kundennummer, s]));
  const byStripeId = new Map(stored.filter((s) => s.stripe_cu_id).map((s) => [s.stripe_cu_id!, s]));

  const seen = new Set<number>();
  const updates: (SyncCustomer & { id: number; stripe_cu_id: string | null })[] = [];
  const inserts: (SyncCustomer & { stripe_cu_id: string | null; line: number })[] = [];
  const keysInBatch = new Set<string>();
  const numbersInBatch = new Set<string>();

  for (const row of good) {
    const { value } = row;
    const key = run.byStripe ? row.stripeId! : value.kundennummer;
    if (keysInBatch.has(key) || numbersInBatch.has(value.kundennummer)) {
      errors.push({ line: row.line, ...said(SYNC_MSG.rowDuplicate) });
      continue;
    }
    keysInBatch.add(key);
    numbersInBatch.add(value.kundennummer);
    const holder = byNumber.get(value.kundennummer);
    let target: Stored | undefined;
    if (run.byStripe) {
      target = byStripeId.get(row.stripeId!) ?? (holder && !holder.stripe_cu_id ? holder : undefined);
      // The number belongs to another record (another Stripe customer, or one this customer is not).
      if (holder && holder.id !== target?.id) {
        errors.push({
          line: row.line,
          ...said(holder.source !== run.country ? SYNC_MSG.rowOtherSource : SYNC_MSG.rowNumberTaken),
        });
        continue;
      }
    } else {
      target = holder;
    }
    if (target && target.source !== run.country) {
      errors.push({ line: row.line, ...said(SYNC_MSG.rowOtherSource) });
      continue;
    }
    if (target && (target.last_run_id === run.id || seen.has(target.id))) {
      errors.push({ line: row.line, ...said(SYNC_MSG.rowDuplicate) });
      continue;
    }
    const stripe_cu_id = run.byStripe ? row.stripeId! : null;
    if (target) {
      seen.add(target.id);
      updates.push({ ...value, id: target.id, stripe_cu_id });
    } else {
      inserts.push({ ...value, stripe_cu_id, line: row.line });
    }
  }
  // A bad row of a stored customer still counts as seen: a typo in the source must not deactivate it.
  for (const b of bad) {
    const s =
      (run.byStripe && b.stripeId ? byStripeId.get(b.stripeId) : undefined) ??
      (b.kundennummer ? byNumber.get(b.kundennummer) : undefined);
    if (s && s.source === run.country) seen.add(s.id);
  }

  let updated = 0;
  if (updates.length) {
    const changed = await tx.execute(sql`
      update customers c set
        kundennummer = v.kundennummer, firma = v.firma, kontaktperson = v.kontaktperson, email = v.email,
        telefon = v.telefon, adresse = v.adresse, plz = v.plz, ort = v.ort, uid = v.uid,
        stripe_cu_id = coalesce(v.stripe_cu_id, c.stripe_cu_id), active = true, updated_at = now()
      from json_to_recordset(${JSON.stringify(updates)}::json) as v(${sql.raw(COLUMNS)})
      where c.id = v.id
        and (not c.active
          or (c.kundennummer, c.firma, c.kontaktperson, c.email, c.telefon, c.adresse, c.plz, c.ort, c.uid, c.stripe_cu_id)
             is distinct from
             (v.kundennummer, v.firma, v.kontaktperson, v.email, v.telefon, v.adresse, v.plz, v.ort, v.uid,
              coalesce(v.stripe_cu_id, c.stripe_cu_id)))
      returning c.id`);
    updated = rowsOf(changed).length;
  }

  let created = 0;
  if (inserts.length) {
    const countryId = COUNTRY[run.country];
    const added = rowsOf<{ id: number; kundennummer: string }>(
      await tx.execute(sql`
        insert into customers (kundennummer, firma, kontaktperson, email, telefon, adresse, plz, ort, uid, stripe_cu_id, country_id, source)
        select v.kundennummer, v.firma, v.kontaktperson, v.email, v.telefon, v.adresse, v.plz, v.ort, v.uid, v.stripe_cu_id,
               ${countryId}::int, ${run.country}::text
        from json_to_recordset(${JSON.stringify(inserts)}::json) as v(${sql.raw(COLUMNS)})
        on conflict do nothing
        returning id, kundennummer`),
    );
    created = added.length;
    for (const a of added) seen.add(a.id);
    // Stored meanwhile by the other country's run (the only writer that can race this one).
    const stored = new Set(added.map((a) => a.kundennummer));
    for (const i of inserts)
      if (!stored.has(i.kundennummer)) errors.push({ line: i.line, ...said(SYNC_MSG.rowNotSaved) });
  }

  if (seen.size) {
    await tx.execute(sql`
      insert into sync_customer_links (customer_id, country, last_run_id)
      select x::int, ${run.country}::text, ${run.id}::int from json_array_elements_text(${JSON.stringify([...seen])}::json) as x
      on conflict (customer_id) do update set country = excluded.country, last_run_id = excluded.last_run_id`);
  }
  return { created, updated, unchanged: updates.length - updated, errors };
}

/** Marks the customers of the country that its source brought in earlier and this run did not see inactive. */
export async function deactivateMissing(db: DbOrTx, run: { id: number; country: SyncCountry }): Promise<number> {
  const r = rowsOf<{ n: number }>(
    await db.execute(sql`
      with gone as (
        update customers c set active = false, updated_at = now()
        from sync_customer_links l
        where l.customer_id = c.id and l.country = ${run.country}::text and l.last_run_id <> ${run.id}::int and c.active
        returning 1)
      select count(*)::int as n from gone`),
  );
  return r[0]?.n ?? 0;
}
