import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { COMMON_MSG, containsNul } from '@portal/shared';
import { badRequest, HttpError } from '../../platform/errors.js';
import { cleanOriginalName, MSG_TOO_LARGE, MSG_TYPE_NOT_ALLOWED } from '../../platform/uploads.js';
import { isPlayableVideo } from './video-container.js';

/**
 * One picture or video of a multipart request, staged like every upload (platform/uploads.ts: streamed
 * to DATA_DIR/uploads/tmp, checked by content, never whole in memory), with signage's own types and
 * sizes: the shared reader knows office documents and one size; screens need videos and larger files.
 */

/** Detected type → stored extension and kind. Nothing else is accepted, whatever the name says. */
const MEDIA: Record<string, { ext: string; kind: 'image' | 'video' }> = {
  'image/png': { ext: 'png', kind: 'image' },
  'image/jpeg': { ext: 'jpg', kind: 'image' },
  'image/webp': { ext: 'webp', kind: 'image' },
  'video/mp4': { ext: 'mp4', kind: 'video' },
  'video/webm': { ext: 'webm', kind: 'video' },
};

export const SIGNAGE_STORED_NAME = /^[a-z0-9]+-[a-f0-9]{24}\.(png|jpg|webp|mp4|webm)$/;
const MIME_OF_EXT: Record<string, string> = Object.fromEntries(Object.entries(MEDIA).map(([m, v]) => [v.ext, m]));
export const signageMime = (storedName: string) =>
  MIME_OF_EXT[path.extname(storedName).slice(1)] ?? 'application/octet-stream';

export interface StagedMedia {
  tmpPath: string;
  originalName: string;
  mime: string;
  ext: string;
  kind: 'image' | 'video';
  size: number;
}

export interface MediaLimits {
  dir: string;
  maxImageBytes: number;
  maxVideoBytes: number;
}

/** The text fields and the one staged file (`file`), or null when none came; `discard` removes it. */
export async function readMediaUpload(req: FastifyRequest, limits: MediaLimits) {
  if (!req.isMultipart()) throw badRequest(COMMON_MSG.multipartRequired);
  const tmpDir = path.join(limits.dir, 'tmp');
  await fs.promises.mkdir(tmpDir, { recursive: true });
  const fields: Record<string, string> = {};
  let file: StagedMedia | null = null;
  let tmpPath: string | null = null;
  const discard = async () => {
    if (tmpPath) await fs.promises.rm(tmpPath, { force: true });
  };
  try {
    const parts = req.parts({
      // The larger of the two limits while streaming; an image is held to its own after detection.
      limits: {
        fileSize: Math.max(limits.maxImageBytes, limits.maxVideoBytes),
        files: 1,
        fields: 20,
        fieldSize: 10_000,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = String(part.value ?? '');
        if (containsNul(value) || containsNul(part.fieldname)) throw badRequest(COMMON_MSG.invalidChars);
        fields[part.fieldname] = value;
        continue;
      }
      if (part.fieldname !== 'file' || tmpPath) {
        part.file.resume();
        continue;
      }
      tmpPath = path.join(tmpDir, `${randomBytes(16).toString('hex')}.part`);
      await pipeline(part.file, fs.createWriteStream(tmpPath));
      if (part.file.truncated) throw new HttpError(413, MSG_TOO_LARGE);
      const size = (await fs.promises.stat(tmpPath)).size;
      if (size === 0) throw badRequest(COMMON_MSG.emptyFile);
      const detected = await fileTypeFromFile(tmpPath);
      const type = detected && MEDIA[detected.mime];
      if (!type || !detected) throw new HttpError(415, MSG_TYPE_NOT_ALLOWED);
      // The first bytes say "video"; the container must also hold a movie (video-container.ts).
      if (type.kind === 'video' && !(await isPlayableVideo(tmpPath, detected.mime)))
        throw new HttpError(415, MSG_TYPE_NOT_ALLOWED);
      if (size > (type.kind === 'image' ? limits.maxImageBytes : limits.maxVideoBytes))
        throw new HttpError(413, MSG_TOO_LARGE);
      file = {
        tmpPath,
        originalName: cleanOriginalName(part.filename),
        mime: detected.mime,
        ext: type.ext,
        kind: type.kind,
        size,
      };
    }
  } catch (e) {
    await discard();
    const code = (e as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new HttpError(413, COMMON_MSG.tooManyFiles);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, MSG_TOO_LARGE);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(COMMON_MSG.tooManyFields);
    throw e;
  }
  return { fields, file, discard };
}

export const newStoredName = (ext: string) => `${Date.now().toString(36)}-${randomBytes(12).toString('hex')}.${ext}`;
