import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AssignedContent } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { signageDeviceContent, signageFiles, signageScheduleContent } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { assertFilesExist, loadDevice, MSG, staffFilePath } from './common.js';
import { playlistsChanged } from './push.js';

/** Content on devices and in schedules: which file plays, in which order, for how long, when. */

export interface ContentItem {
  file_id: number;
  display_order: number;
  duration?: number | undefined;
  start_time: string;
  end_time: string;
  days_of_week: string;
}

/** The file's own duration where the item names none (one query for all items). */
async function withDurations(db: DbOrTx, items: ContentItem[]) {
  const ids = [...new Set(items.map((i) => i.file_id))];
  const rows = ids.length
    ? await db
        .select({ id: signageFiles.id, duration: signageFiles.duration })
        .from(signageFiles)
        .where(inArray(signageFiles.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r.duration]));
  if (byId.size !== ids.length) throw notFound(MSG.fileNotFound);
  return items.map((i) => ({ ...i, duration: i.duration ?? byId.get(i.file_id)! }));
}

const assignedColumns = (t: typeof signageDeviceContent | typeof signageScheduleContent) => ({
  id: t.id,
  file_id: t.file_id,
  file_name: signageFiles.file_name,
  file_type: signageFiles.file_type,
  stored_name: signageFiles.stored_name,
  display_order: t.display_order,
  duration: t.duration,
  start_time: t.start_time,
  end_time: t.end_time,
  days_of_week: t.days_of_week,
});

const out = ({
  stored_name,
  ...r
}: { stored_name: string; file_type: string } & Omit<AssignedContent, 'file_path' | 'file_type'>): AssignedContent => ({
  ...r,
  file_type: r.file_type as AssignedContent['file_type'],
  file_path: staffFilePath(stored_name),
});

export async function deviceContent(
  ctx: ServiceCtx,
  _viewer: Viewer,
  input: { deviceId: number },
): Promise<AssignedContent[]> {
  await loadDevice(ctx.db, input.deviceId);
  const rows = await ctx.db
    .select(assignedColumns(signageDeviceContent))
    .from(signageDeviceContent)
    .innerJoin(signageFiles, eq(signageFiles.id, signageDeviceContent.file_id))
    .where(eq(signageDeviceContent.device_id, input.deviceId))
    .orderBy(asc(signageDeviceContent.display_order), asc(signageDeviceContent.id));
  return rows.map(out);
}

/** Adds the items to the device; a file it already shows takes the new order, duration and window. */
export async function assignToDevice(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { deviceId: number; content: ContentItem[] },
) {
  await ctx.db.transaction(async (tx) => {
    await loadDevice(tx, input.deviceId, true);
    const items = await withDurations(tx, input.content);
    await tx
      .insert(signageDeviceContent)
      .values(items.map((i) => ({ ...i, device_id: input.deviceId })))
      .onConflictDoUpdate({
        target: [signageDeviceContent.device_id, signageDeviceContent.file_id],
        set: {
          display_order: sql`excluded.display_order`,
          duration: sql`excluded.duration`,
          start_time: sql`excluded.start_time`,
          end_time: sql`excluded.end_time`,
          days_of_week: sql`excluded.days_of_week`,
        },
      });
  });
  await playlistsChanged(ctx.db, { deviceIds: [input.deviceId] });
  return deviceContent(ctx, viewer, { deviceId: input.deviceId });
}

/** Moves assignments to another device (where that one shows the same file already, the moved one replaces it). */
export async function moveToDevice(
  ctx: ServiceCtx,
  _viewer: Viewer,
  input: { contentIds: number[]; deviceId: number },
) {
  const ids = [...new Set(input.contentIds)];
  return ctx.db.transaction(async (tx) => {
    await loadDevice(tx, input.deviceId, true);
    const moving = await tx
      .select({
        id: signageDeviceContent.id,
        file_id: signageDeviceContent.file_id,
        device_id: signageDeviceContent.device_id,
      })
      .from(signageDeviceContent)
      .where(inArray(signageDeviceContent.id, ids))
      .for('update');
    if (moving.length !== ids.length) throw notFound(MSG.contentNotFound);
    await tx.delete(signageDeviceContent).where(
      and(
        eq(signageDeviceContent.device_id, input.deviceId),
        inArray(
          signageDeviceContent.file_id,
          moving.map((m) => m.file_id),
        ),
        sql`${signageDeviceContent.id} not in ${ids}`,
      ),
    );
    await tx
      .update(signageDeviceContent)
      .set({ device_id: input.deviceId })
      .where(inArray(signageDeviceContent.id, ids));
    // The screens it leaves and the one it reaches.
    await playlistsChanged(tx, { deviceIds: [input.deviceId, ...moving.map((m) => m.device_id)] });
    return { moved: ids.length };
  });
}

export async function removeContent(ctx: ServiceCtx, _viewer: Viewer, input: { contentId: number }) {
  const gone = await ctx.db
    .delete(signageDeviceContent)
    .where(eq(signageDeviceContent.id, input.contentId))
    .returning({ id: signageDeviceContent.id, device_id: signageDeviceContent.device_id });
  if (gone.length === 0) throw notFound(MSG.contentNotFound);
  await playlistsChanged(ctx.db, { deviceIds: gone.map((g) => g.device_id) });
}

export async function scheduleContent(db: DbOrTx, scheduleId: number): Promise<AssignedContent[]> {
  const rows = await db
    .select(assignedColumns(signageScheduleContent))
    .from(signageScheduleContent)
    .innerJoin(signageFiles, eq(signageFiles.id, signageScheduleContent.file_id))
    .where(eq(signageScheduleContent.schedule_id, scheduleId))
    .orderBy(asc(signageScheduleContent.display_order), asc(signageScheduleContent.id));
  return rows.map(out);
}

/** Replaces a schedule's content with the items given (an empty list clears it). */
export async function replaceScheduleContent(db: DbOrTx, input: { scheduleId: number; content: ContentItem[] }) {
  await assertFilesExist(
    db,
    input.content.map((c) => c.file_id),
  );
  const items = await withDurations(db, input.content);
  await db.delete(signageScheduleContent).where(eq(signageScheduleContent.schedule_id, input.scheduleId));
  if (items.length)
    await db.insert(signageScheduleContent).values(items.map((i) => ({ ...i, schedule_id: input.scheduleId })));
}

/** Appends one item at the end of a schedule's order. */
export async function appendScheduleContent(
  db: DbOrTx,
  input: { scheduleId: number; item: ContentItem & { duration: number } },
) {
  const [last] = await db
    .select({ n: sql<number>`coalesce(max(${signageScheduleContent.display_order}) + 1, 0)::int` })
    .from(signageScheduleContent)
    .where(eq(signageScheduleContent.schedule_id, input.scheduleId));
  await db
    .insert(signageScheduleContent)
    .values({ ...input.item, display_order: last?.n ?? 0, schedule_id: input.scheduleId });
}
