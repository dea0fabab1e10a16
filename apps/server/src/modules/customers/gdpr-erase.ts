import { eq, sql, type SQL } from 'drizzle-orm';
import {
  ERASED_KINDS,
  ERASED_TEXT,
  viennaDay,
  type CustomerGdpr,
  type ErasedKind,
  type GdprErasure,
} from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { gdprErasures } from '../../db/schema/index.js';
import { redactCustomerAudit } from '../../platform/audit.js';
import { rowsOf } from '../../platform/db-helpers.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { afterCommit } from '../../platform/unit-of-work.js';
import { GDPR_DELETE_FILES_JOB, GDPR_REDACT_AUDIT_JOB, gdprKey, latestExport, staffCustomer } from './gdpr-jobs.js';
import { completeErasure, keptOrder, retainedOf } from './gdpr-retained.js';

/*
 * The erasure of a customer's personal data on their request (Art. 17 GDPR, issue 34), by an admin,
 * in one transaction: what no law requires is deleted or anonymised at once (packages/shared
 * ERASED_KINDS, each counted); what § 132 BAO keeps (invoices, paid or invoiced RKSV orders, cashbook
 * entries, insolvency records) stays as it is, restricted (the record inactive, its accounts closed,
 * its contact data gone for good: a trigger keeps them so against the sync) until its date, when the
 * nightly job anonymises it (gdpr-retained.ts). No hashed cashbook field and no invoice number is
 * touched. Every statement only changes what is not erased yet, so a second erasure changes nothing
 * and answers what is kept.
 */

/** An e-mail address and a phone number (+43 664 …, 0664/…) inside a free text (PostgreSQL regular expressions). */
const EMAIL_RE = '[[:alnum:]._%+-]+@[[:alnum:].-]+\\.[[:alpha:]]{2,}';
const PHONE_RE = '(\\+|\\m0)[0-9][0-9 /-]{5,}[0-9]';

interface ErasedCustomer {
  id: number;
  kundennummer: string;
  email: string | null;
}

/** How many rows a data-modifying statement (without RETURNING) changed. */
async function changed(tx: DbOrTx, statement: SQL): Promise<number> {
  const [r] = rowsOf<{ n: number }>(
    await tx.execute(sql`with x as (${statement} returning 1) select count(*)::int as n from x`),
  );
  return Number(r?.n ?? 0);
}

/** The names a statement `... returning <name> as name` gives. */
async function names(tx: DbOrTx, statement: SQL): Promise<string[]> {
  return rowsOf<{ name: string | null }>(await tx.execute(statement)).flatMap((r) => (r.name ? [r.name] : []));
}

/** The customer's tasks (by number), accounts and orders. */
const tasksOf = (c: ErasedCustomer) => sql`array(select id from tasks where kundennummer = ${c.kundennummer})`;
const accountsOf = (c: ErasedCustomer) => sql`array(select id from users where customer_id = ${c.id})`;

/** Erases what no law requires; answers each kind's count and the stored files to remove after commit. */
async function eraseNow(
  tx: DbOrTx,
  c: ErasedCustomer,
  at: Date,
): Promise<{ counts: Record<Exclude<ErasedKind, 'audit_values'>, number>; keys: string[] }> {
  const when = sql`${at.toISOString()}::timestamptz`;
  const E = ERASED_TEXT;
  // Mails first: they are found by the addresses the record and the accounts still hold.
  const mails =
    (await changed(
      tx,
      sql`update mail_outbox set "to" = ${E}, text = ${E}, html = null, attachments = null,
          status = case when status = 'pending' then 'failed' else status end,
          last_error = case when status = 'pending' then 'erased (GDPR)' else last_error end
        where (task_id = any(${tasksOf(c)}) or lower("to") = lower(${c.email ?? ''})
            or lower("to") = any(array(select lower(email) from users where customer_id = ${c.id})))
          and "to" <> ${E}`,
    )) +
    (await changed(
      tx,
      sql`update rksv_campaign_recipients set email = ${E}
        where card_id = any(array(select k.id from rksv_cards k join rksv_orders o on o.id = k.order_id
          where o.customer_id = ${c.id})) and email <> ${E}`,
    ));
  const redact = (col: SQL) =>
    sql`regexp_replace(regexp_replace(${col}, ${EMAIL_RE}, ${E}, 'g'), ${PHONE_RE}, ${E}, 'g')`;
  const holds = (col: SQL) => sql`(${col} ~ ${EMAIL_RE} or ${col} ~ ${PHONE_RE})`;
  // The tasks in one pass (each rewrite of a task touches its many board indexes): contact fields, the
  // description, e-mails and phones in the title; what each row had is read before the update.
  const [tasksDone] = rowsOf<{ contacts: number; texts: number }>(
    await tx.execute(sql`
      with old as (
        select id,
          (kontaktperson is not null or email is not null or telefon_firma is not null or telefon_privat is not null
            or telefon_mobil is not null or adresse is not null or plz is not null or ort is not null
            or uid is not null) as contact,
          beschreibung <> ${E} as description,
          ${holds(sql`titel`)} as title
        from tasks where kundennummer = ${c.kundennummer} for update),
      changed as (
        update tasks t set kontaktperson = null, email = null, telefon_firma = null, telefon_privat = null,
          telefon_mobil = null, adresse = null, plz = null, ort = null, uid = null, beschreibung = ${E},
          titel = case when old.title then ${redact(sql`t.titel`)} else t.titel end
        from old where t.id = old.id and (old.contact or old.description or old.title)
        returning old.contact, old.description, old.title)
      select count(*) filter (where contact)::int as contacts,
        (count(*) filter (where description) + count(*) filter (where title))::int as texts
      from changed`),
  );
  const taskContacts = Number(tasksDone?.contacts ?? 0);
  const taskTexts =
    Number(tasksDone?.texts ?? 0) +
    (await changed(
      tx,
      sql`update task_messages set content = ${E} where task_id = any(${tasksOf(c)}) and content <> ${E}`,
    )) +
    (await changed(
      tx,
      sql`update task_conversations set recipient = ${E}, content = ${E}
        where task_id = any(${tasksOf(c)}) and content <> ${E}`,
    )) +
    (await changed(
      tx,
      sql`update task_notes set notiz = ${redact(sql`notiz`)} where task_id = any(${tasksOf(c)}) and ${holds(sql`notiz`)}`,
    ));
  const taskFiles = await names(
    tx,
    sql`delete from task_files where task_id = any(${tasksOf(c)}) returning datei_name as name`,
  );
  const ratingComments = await changed(
    tx,
    sql`update task_ratings set comment = null where task_id = any(${tasksOf(c)}) and comment is not null`,
  );
  const signageNames = await changed(
    tx,
    sql`update signage_devices set device_name = null, location = null, updated_at = ${when}
      where customer_id = ${c.id} and (device_name is not null or location is not null)`,
  );
  const documents = await names(
    tx,
    sql`delete from customer_documents where customer_id = ${c.id} returning datei_name as name`,
  );
  const branches = await changed(tx, sql`delete from customer_branches where customer_id = ${c.id}`);
  const sessions = await changed(
    tx,
    sql`update sessions set revoked_at = ${when} where user_id = any(${accountsOf(c)}) and revoked_at is null`,
  );
  await tx.execute(sql`delete from user_tokens where user_id = any(${accountsOf(c)})`);
  const accounts = await changed(
    tx,
    sql`update users set active = false, email = 'geloescht-' || id || '@dsgvo.invalid', name = ${E}, tel = null,
        password_hash = null, updated_at = ${when}
      where customer_id = ${c.id} and email <> 'geloescht-' || id || '@dsgvo.invalid'`,
  );
  const exports = await names(
    tx,
    sql`with old as (
        select id, stored_name from gdpr_jobs
        where customer_id = ${c.id} and (stored_name is not null or status in ('queued', 'running')) for update)
      update gdpr_jobs g set stored_name = null,
        status = case when g.status in ('queued', 'running') then 'failed' else g.status end,
        error = case when g.status in ('queued', 'running') then 'erased (GDPR)' else g.error end
      from old where g.id = old.id
      returning old.stored_name as name`,
  );
  const unpaidOrders = await changed(
    tx,
    sql`update rksv_orders o set companyname = ${E}, customername = ${E}, email = ${E}, phone = ${E}, address = ${E},
        zipcode = '', city = '', vatnr = '', updated_at = ${when}
      where o.customer_id = ${c.id} and not ${keptOrder('o')} and o.companyname <> ${E}`,
  );
  const customerContact = await changed(
    tx,
    sql`update customers set kontaktperson = null, email = null, telefon = null, adresse = null, plz = null, ort = null,
        active = false, updated_at = ${when}
      where id = ${c.id} and (kontaktperson is not null or email is not null or telefon is not null
        or adresse is not null or plz is not null or ort is not null or active)`,
  );
  return {
    counts: {
      customer_contact: customerContact,
      task_contacts: taskContacts,
      task_texts: taskTexts,
      task_files: taskFiles.length,
      mails,
      rating_comments: ratingComments,
      signage_names: signageNames,
      documents: documents.length,
      branches,
      user_accounts: accounts,
      sessions,
      exports: exports.length,
      unpaid_orders: unpaidOrders,
    },
    keys: [...taskFiles.map((n) => `tasks/${n}`), ...documents.map((n) => `documents/${n}`), ...exports.map(gdprKey)],
  };
}

/** POST /api/customers/{id}/erase {reason} */
export async function eraseCustomerData(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { id: number; reason: string },
): Promise<GdprErasure> {
  const customer = await staffCustomer(ctx, viewer, input.id);
  const at = now(ctx);
  return ctx.db.transaction(async (tx) => {
    // Two erasures of one customer at once: the second waits for the first, then finds nothing left.
    const [c] = rowsOf<ErasedCustomer>(
      await tx.execute(sql`select id, kundennummer, email from customers where id = ${customer.id} for update`),
    );
    await tx
      .insert(gdprErasures)
      .values({ customer_id: c!.id, erased_at: at, erased_by: viewer.id, reason: input.reason })
      .onConflictDoNothing();
    const { counts, keys } = await eraseNow(tx, c!, at);
    if (keys.length) afterCommit.job(GDPR_DELETE_FILES_JOB, { keys });
    // The audit trail's values of the customer (platform/audit.ts keeps the chain's digests); this
    // call's own entry is appended after it returns, so it is redacted once committed.
    const day = viennaDay(at);
    const auditValues = await redactCustomerAudit(tx, c!.id, day);
    afterCommit.job(GDPR_REDACT_AUDIT_JOB, { customerId: c!.id, day });
    const retained = await retainedOf({ db: tx, clock: () => at }, c!.id);
    // Nothing to keep: the record itself goes too (company, UID).
    if (retained.length === 0) await completeErasure(tx, c!, at);
    const all = { ...counts, audit_values: auditValues };
    return { erased: ERASED_KINDS.map((kind) => ({ kind, count: all[kind] })), retained };
  });
}

/** GET /api/customers/{id}/gdpr: when the customer was erased and why, what is kept until when, the latest export. */
export async function customerGdpr(ctx: ServiceCtx, viewer: Viewer, input: { id: number }): Promise<CustomerGdpr> {
  const c = await staffCustomer(ctx, viewer, input.id);
  const [erasure] = await ctx.db.select().from(gdprErasures).where(eq(gdprErasures.customer_id, c.id));
  return {
    erasedAt: erasure ? erasure.erased_at.toISOString() : null,
    reason: erasure?.reason ?? null,
    retained: erasure ? await retainedOf(ctx, c.id) : [],
    lastExport: await latestExport(ctx, { customerId: c.id }),
  };
}
