import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  formatDate,
  orderMailLanguage,
  rksvCampaignMail,
  type Language,
  type RksvCampaignRemind,
  type RksvCampaignRemindAnswer,
} from '@portal/shared';
import { rksvCampaignRecipients, rksvCampaigns, rksvCards, rksvOrders } from '../../db/schema/index.js';
import { rowsOf } from '../../platform/db-helpers.js';
import { queueMail } from '../../platform/mail.js';
import { now as clock, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { afterCommit } from '../../platform/unit-of-work.js';
import { campaignConditions, campaignKey } from './campaign-filter.js';
import { validUntilSql } from './card-state-sql.js';

const c = rksvCards;
const o = rksvOrders;
const r = rksvCampaignRecipients;

/** Cards per transaction: a campaign may reach a million cards, each batch commits its rows with its mails. */
const BATCH = 500;

interface Target {
  card_id: number;
  order_id: number;
  email: string;
  lang: string | null;
  customername: string;
  companyname: string;
  mark: string;
  valid_until: string | null;
}

/** The campaign's cards not reminded yet under `also`, by id, with their order's buyer. */
async function targets(ctx: ServiceCtx, where: SQL[], key: string, also: SQL, limit?: number): Promise<Target[]> {
  return rowsOf<Target>(
    await ctx.db.execute(sql`select ${c.id} as card_id, ${c.order_id} as order_id, ${o.email} as email, ${o.lang} as lang,
        ${o.customername} as customername, ${o.companyname} as companyname,
        coalesce(${c.serial_number}, ${c.kassenid}, '#' || ${c.id}) as mark,
        to_char(${validUntilSql}, 'YYYY-MM-DD') as valid_until
      from ${c} join ${o} on ${o.id} = ${c.order_id}
      where ${and(
        ...where,
        also,
        sql`not exists (select 1 from ${r} where ${r.campaign_key} = ${key} and ${r.card_id} = ${c.id})`,
      )}
      order by ${c.id} ${limit ? sql`limit ${limit}` : sql``}`),
  );
}

/**
 * `POST /api/rksv-campaign/remind`: records this send (rksv_campaigns) and mails every card of the
 * campaign it has not reminded yet, batch by batch by card id. In each batch's transaction the cards'
 * recipient rows are inserted ON CONFLICT DO NOTHING on (campaign, card) and only the cards whose row was
 * inserted are mailed, through the outbox in that transaction: a second send, or two at once (the unique
 * key makes the later one wait and then skip), mails nobody twice. One mail per order e-mail and
 * language of a batch, naming its cards, in the order's language; a batch never ends inside an order
 * (a chain's order of many cards is one mail).
 */
export async function remindCampaign(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: RksvCampaignRemind,
): Promise<RksvCampaignRemindAnswer> {
  const at = clock(ctx);
  const key = campaignKey(input);
  const where = campaignConditions(viewer, input);
  const [campaign] = await ctx.db
    .insert(rksvCampaigns)
    .values({
      campaign_key: key,
      card_type: input.card_type ?? null,
      valid_before: input.valid_before ?? null,
      created_by: viewer.id,
      created_at: at,
    })
    .returning({ id: rksvCampaigns.id });
  const campaignId = campaign!.id;
  const kind = input.card_type ? 'replacement' : 'renewal';
  let mails = 0;
  let cards = 0;
  let after = 0;
  for (;;) {
    // The cards still to remind (the insert below decides, this only skips the ones done long ago).
    const page = await targets(ctx, where, key, sql`${c.id} > ${after}::int`, BATCH);
    if (page.length === 0) break;
    // The batch ends inside an order: that order's other cards join it, so the buyer gets one mail
    // naming all of them (the later batches skip them: their recipient rows exist by then).
    const last = page[page.length - 1]!;
    const rest = await targets(ctx, where, key, and(eq(c.order_id, last.order_id), sql`${c.id} > ${last.card_id}::int`)!);
    const batch = [...page, ...rest];
    const sent = await ctx.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(r)
        .values(
          batch.map((b) => ({
            campaign_id: campaignId,
            campaign_key: key,
            card_id: b.card_id,
            email: b.email,
            sent_at: at,
          })),
        )
        .onConflictDoNothing()
        .returning({ card_id: r.card_id });
      const mine = new Set(inserted.map((i) => i.card_id));
      const groups = new Map<string, { lang: Language; targets: Target[] }>();
      for (const b of batch.filter((t) => mine.has(t.card_id))) {
        const lang = orderMailLanguage(b.lang);
        const group = `${b.email.trim().toLowerCase()}\n${lang}`;
        const entry = groups.get(group) ?? { lang, targets: [] };
        entry.targets.push(b);
        groups.set(group, entry);
      }
      for (const { lang, targets } of groups.values()) {
        const first = targets[0]!;
        const mail = rksvCampaignMail(lang, {
          kind,
          name: first.customername,
          companyname: first.companyname,
          cards: targets.map((t) => ({
            card: t.mark,
            validUntil: t.valid_until ? formatDate(`${t.valid_until}T12:00:00Z`) : undefined,
          })),
          cardType: input.card_type,
          shopUrl: `${ctx.config.publicUrl}/rksv`,
          seller: ctx.config.seller.name,
        });
        afterCommit.mail(await queueMail(tx, { to: first.email, ...mail }));
      }
      if (groups.size)
        await tx
          .update(rksvCampaigns)
          .set({ mails: sql`${rksvCampaigns.mails} + ${groups.size}` })
          .where(eq(rksvCampaigns.id, campaignId));
      return { mails: groups.size, cards: mine.size };
    });
    mails += sent.mails;
    cards += sent.cards;
    after = last.card_id;
    if (page.length < BATCH) break;
  }
  // Every card of the campaign reminded now by anyone, less this send's: the ones reminded before.
  const [total] = rowsOf<{ n: number }>(
    await ctx.db.execute(sql`select count(*)::int as n from ${c}
      where ${and(...where, sql`exists (select 1 from ${r} where ${r.campaign_key} = ${key} and ${r.card_id} = ${c.id})`)}`),
  );
  return { campaign_id: campaignId, mails, cards, before: Number(total?.n ?? 0) - cards };
}
