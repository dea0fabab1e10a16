import { and, count, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  BUSINESS_RECORDS_MSG as MSG,
  LANGUAGES,
  type Language,
  type NewsItem,
  type NewsPost,
  type newsInputSchema,
} from '@portal/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.js';
import { newsPosts, newsReads, newsTranslations, userSettings } from '../../../db/schema/index.js';
import { notFound } from '../../../platform/errors.js';
import { descNullsLast } from '../../../platform/db-helpers.js';
import { now, type ServiceCtx, type Viewer } from '../../../platform/service.js';
import { ownCustomer } from '../own-customer.js';

type NewsFields = z.output<typeof newsInputSchema>;
const OTHER_LANGS = ['en', 'fr', 'ar'] as const;

const german = alias(newsTranslations, 'news_de');
const wanted = alias(newsTranslations, 'news_wanted');

/** A post counts from its publish date on; before it, it is not there for customers (404). */
const published = () => lte(newsPosts.published_from, sql`now()`);

/** The language the account chose in its settings (German without a choice). */
async function accountLanguage(db: DbOrTx, userId: number): Promise<Language> {
  const [s] = await db
    .select({ language: userSettings.language })
    .from(userSettings)
    .where(eq(userSettings.user_id, userId));
  return (LANGUAGES as readonly string[]).includes(s?.language ?? '') ? (s!.language as Language) : 'de';
}

/**
 * Published posts newest first, in the reader's language (the `lang` asked for, else the account's)
 * with German where a post has no translation, each marked read or unread for this account.
 */
export async function listNews(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { lang?: Language; limit: number; offset: number },
): Promise<{ items: NewsItem[]; total: number; unread: number; limit: number; offset: number }> {
  await ownCustomer(ctx, viewer);
  const { db } = ctx;
  const lang = input.lang ?? (await accountLanguage(db, viewer.id));
  const readJoin = and(eq(newsReads.news_id, newsPosts.id), eq(newsReads.user_id, viewer.id));
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        id: newsPosts.id,
        published_from: newsPosts.published_from,
        title: sql<string>`coalesce(${wanted.title}, ${german.title})`,
        text: sql<string>`coalesce(${wanted.text}, ${german.text})`,
        translated: sql<boolean>`${wanted.news_id} is not null`,
        read_at: newsReads.read_at,
      })
      .from(newsPosts)
      .innerJoin(german, and(eq(german.news_id, newsPosts.id), eq(german.lang, 'de')))
      .leftJoin(wanted, and(eq(wanted.news_id, newsPosts.id), eq(wanted.lang, lang)))
      .leftJoin(newsReads, readJoin)
      .where(published())
      .orderBy(descNullsLast(newsPosts.published_from), descNullsLast(newsPosts.id))
      .limit(input.limit)
      .offset(input.offset),
    db
      .select({ total: count(), unread: sql<number>`count(*) filter (where ${newsReads.news_id} is null)` })
      .from(newsPosts)
      .leftJoin(newsReads, readJoin)
      .where(published()),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      text: r.text,
      lang: r.translated ? lang : 'de',
      published_from: r.published_from.toISOString(),
      read: r.read_at !== null,
    })),
    total: Number(counts?.total ?? 0),
    unread: Number(counts?.unread ?? 0),
    limit: input.limit,
    offset: input.offset,
  };
}

/** Marks a published post read for this account (again: no change); unpublished or unknown → 404. */
export async function markNewsRead(ctx: ServiceCtx, viewer: Viewer, input: { id: number }): Promise<void> {
  await ownCustomer(ctx, viewer);
  const [post] = await ctx.db
    .select({ id: newsPosts.id })
    .from(newsPosts)
    .where(and(eq(newsPosts.id, input.id), published()));
  if (!post) throw notFound(MSG.newsNotFound);
  await ctx.db.insert(newsReads).values({ news_id: post.id, user_id: viewer.id }).onConflictDoNothing();
}

/** How many published posts this account has not read (for the overview's counts). */
export async function countUnreadNews(ctx: ServiceCtx, viewer: Viewer): Promise<number> {
  const [r] = await ctx.db
    .select({ n: count() })
    .from(newsPosts)
    .leftJoin(newsReads, and(eq(newsReads.news_id, newsPosts.id), eq(newsReads.user_id, viewer.id)))
    .where(and(published(), isNull(newsReads.news_id)));
  return Number(r?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Admins: every post, also those not yet published.

async function withTranslations(db: DbOrTx, posts: (typeof newsPosts.$inferSelect)[]): Promise<NewsPost[]> {
  if (posts.length === 0) return [];
  const ids = posts.map((p) => p.id);
  const [texts, reads] = await Promise.all([
    db.select().from(newsTranslations).where(inArray(newsTranslations.news_id, ids)),
    db
      .select({ id: newsReads.news_id, n: count() })
      .from(newsReads)
      .where(inArray(newsReads.news_id, ids))
      .groupBy(newsReads.news_id),
  ]);
  const at = Date.now();
  return posts.map((p) => {
    const mine = texts.filter((t) => t.news_id === p.id);
    const de = mine.find((t) => t.lang === 'de');
    const translations: NewsPost['translations'] = {};
    for (const l of OTHER_LANGS) {
      const t = mine.find((x) => x.lang === l);
      if (t) translations[l] = { title: t.title, text: t.text };
    }
    return {
      id: p.id,
      title: de?.title ?? '',
      text: de?.text ?? '',
      translations,
      published_from: p.published_from.toISOString(),
      published: p.published_from.getTime() <= at,
      created_at: p.created_at.toISOString(),
      updated_at: p.updated_at.toISOString(),
      reads: Number(reads.find((r) => r.id === p.id)?.n ?? 0),
    };
  });
}

export async function listNewsPosts(ctx: ServiceCtx, input: { limit: number; offset: number }) {
  const [posts, [c]] = await Promise.all([
    ctx.db
      .select()
      .from(newsPosts)
      .orderBy(descNullsLast(newsPosts.published_from), descNullsLast(newsPosts.id))
      .limit(input.limit)
      .offset(input.offset),
    ctx.db.select({ n: count() }).from(newsPosts),
  ]);
  return { items: await withTranslations(ctx.db, posts), total: Number(c?.n ?? 0), ...input };
}

async function writeTranslations(db: DbOrTx, id: number, input: NewsFields) {
  await db.delete(newsTranslations).where(eq(newsTranslations.news_id, id));
  const rows = [{ news_id: id, lang: 'de', title: input.title, text: input.text }];
  for (const l of OTHER_LANGS) {
    const t = input.translations[l];
    if (t?.title && t.text) rows.push({ news_id: id, lang: l, title: t.title, text: t.text });
  }
  await db.insert(newsTranslations).values(rows);
}

export async function createNewsPost(ctx: ServiceCtx, viewer: Viewer, input: NewsFields): Promise<NewsPost> {
  return ctx.db.transaction(async (tx) => {
    const [post] = await tx
      .insert(newsPosts)
      .values({ published_from: new Date(input.published_from), created_by: viewer.id })
      .returning();
    await writeTranslations(tx, post!.id, input);
    return (await withTranslations(tx, [post!]))[0]!;
  });
}

export async function updateNewsPost(
  ctx: ServiceCtx,
  _viewer: Viewer,
  input: { id: number; fields: NewsFields },
): Promise<NewsPost> {
  return ctx.db.transaction(async (tx) => {
    const [post] = await tx
      .update(newsPosts)
      .set({ published_from: new Date(input.fields.published_from), updated_at: now(ctx) })
      .where(eq(newsPosts.id, input.id))
      .returning();
    if (!post) throw notFound(MSG.newsNotFound);
    await writeTranslations(tx, post.id, input.fields);
    return (await withTranslations(tx, [post]))[0]!;
  });
}

export async function deleteNewsPost(ctx: ServiceCtx, _viewer: Viewer, input: { id: number }): Promise<void> {
  const rows = await ctx.db.delete(newsPosts).where(eq(newsPosts.id, input.id)).returning({ id: newsPosts.id });
  if (rows.length === 0) throw notFound(MSG.newsNotFound);
}
