import { count, desc, eq, sql } from 'drizzle-orm';
import type { ContentFile } from '@portal/shared';
import type { Tx } from '../../db/client.js';
import { signageDeviceContent, signageFiles } from '../../db/schema/index.js';
import { badRequest } from '../../platform/errors.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { MSG, SIGNAGE_FOLDER, staffFilePath, type SignageCtx } from './common.js';
import { newStoredName, type StagedMedia } from './media-upload.js';

/** Content files: stored through the storage under `signage/`, one row each in signage_files. */

type FileRow = typeof signageFiles.$inferSelect;

const fileOut = (f: FileRow, devices: { first: number | null; n: number }): ContentFile => ({
  id: f.id,
  file_name: f.file_name,
  file_type: f.file_type as ContentFile['file_type'],
  mime: f.mime,
  size: f.size,
  file_path: staffFilePath(f.stored_name),
  duration: f.duration,
  device_id: devices.first,
  device_count: devices.n,
  created_at: f.created_at.toISOString(),
});

/**
 * Moves the staged file into the storage and records it, in `fn`'s transaction too (a schedule
 * upload adds its content row there); when the transaction fails the stored file is removed again.
 */
export async function storeContentFile<T>(
  ctx: SignageCtx,
  viewer: Viewer,
  input: { file: StagedMedia | null; duration: number },
  fn?: (tx: Tx, file: FileRow) => Promise<T>,
): Promise<{ file: ContentFile; extra: T | undefined }> {
  if (!input.file) throw badRequest(MSG.fileNotFound);
  const staged = input.file;
  const storedName = newStoredName(staged.ext);
  const key = `${SIGNAGE_FOLDER}/${storedName}`;
  await ctx.storage.putFile(key, staged.tmpPath, { contentType: staged.mime });
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(signageFiles)
        .values({
          stored_name: storedName,
          file_name: staged.originalName,
          file_type: staged.kind,
          mime: staged.mime,
          size: staged.size,
          duration: input.duration,
          uploaded_by: viewer.id,
        })
        .returning();
      const extra = fn ? await fn(tx, row!) : undefined;
      return { file: fileOut(row!, { first: null, n: 0 }), extra };
    });
  } catch (e) {
    await ctx.storage.delete(key).catch(() => {});
    throw e;
  }
}

/** The files, newest first, with the devices they are assigned to (one grouped subquery, no N+1). */
export async function listFiles(
  ctx: ServiceCtx,
  _viewer: Viewer,
  input: { limit: number; offset: number },
): Promise<{ rows: ContentFile[]; total: number }> {
  const assigned = ctx.db
    .select({
      file_id: signageDeviceContent.file_id,
      first: sql<number>`min(${signageDeviceContent.device_id})`.as('first'),
      n: sql<number>`count(*)::int`.as('n'),
    })
    .from(signageDeviceContent)
    .groupBy(signageDeviceContent.file_id)
    .as('assigned');
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ f: signageFiles, first: assigned.first, n: assigned.n })
      .from(signageFiles)
      .leftJoin(assigned, eq(assigned.file_id, signageFiles.id))
      .orderBy(desc(signageFiles.created_at), desc(signageFiles.id))
      .limit(input.limit)
      .offset(input.offset),
    ctx.db.select({ n: count() }).from(signageFiles),
  ]);
  return {
    rows: rows.map((r) => fileOut(r.f, { first: r.first ?? null, n: r.n ?? 0 })),
    total: total?.n ?? 0,
  };
}

/** A stored file by its server-generated name, for the protected staff download. */
export async function findFileByStoredName(ctx: ServiceCtx, _viewer: Viewer, input: { name: string }) {
  const [f] = await ctx.db.select().from(signageFiles).where(eq(signageFiles.stored_name, input.name));
  return f ?? null;
}
