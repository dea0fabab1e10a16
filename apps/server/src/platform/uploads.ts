import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { COMMON_MSG, containsNul } from '@portal/shared';
import { HttpError, badRequest } from './errors.js';
import type { Storage } from './storage/index.js';

export const MSG_TYPE_NOT_ALLOWED = COMMON_MSG.fileTypeNotAllowed;
export const MSG_TOO_LARGE = COMMON_MSG.fileTooLarge;
export const MSG_TOO_MANY = COMMON_MSG.tooManyFiles;
export const MSG_NO_FILES = COMMON_MSG.noFiles;

/** Detected type -> stored extension. Only these are accepted, decided by the bytes, never by the name. */
const ALLOWED: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  // Old Word and Excel files are OLE compound files; file-type reports them as x-cfb.
  'application/x-cfb': 'cfb',
};

export interface StagedFile {
  tmpPath: string;
  originalName: string;
  mime: string;
  ext: string;
  size: number;
}

export interface UploadLimits {
  /** The local folder whose `tmp/` holds files while a request streams them and they are checked. */
  dir: string;
  maxFileBytes: number;
  maxFiles: number;
}

/**
 * Control characters and format characters: among these the bidi overrides and isolates that make
 * "rechnung\u202Efdp.exe" look like "rechnungexe.pdf", and zero-width characters.
 */
const HIDDEN_CHARS = /[\p{Cc}\p{Cf}]/gu;

/** Keeps what a person would recognise of the client's name, for display and Content-Disposition only. */
export function cleanOriginalName(name: string | undefined): string {
  const base = path
    .basename((name ?? '').replaceAll('\\', '/'))
    .replace(HIDDEN_CHARS, '')
    .trim();
  return (base || 'datei').slice(0, 200);
}

/** The stored extensions and the type each was detected as (old Word and Excel included). */
const MIME_OF_EXT: Record<string, string> = {
  ...Object.fromEntries(Object.entries(ALLOWED).map(([mime, ext]) => [ext, mime])),
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv',
};

/** The type detected from a stored file's content, as its server-generated name records it. */
export function storedMime(storedName: string): string {
  return MIME_OF_EXT[path.extname(storedName).slice(1)] ?? 'application/octet-stream';
}

/**
 * The name a download is saved under: the client's name without hidden characters, ending in the
 * extension of the type detected from the content ("rechnung.pdf.html" with PDF bytes becomes
 * "rechnung.pdf", "evil.exe" becomes "evil.pdf"), so the saved file opens as what it is.
 */
export function downloadName(originalName: string, storedName: string): string {
  const ext = path.extname(storedName).slice(1).toLowerCase();
  const clean = cleanOriginalName(originalName);
  const dot = clean.lastIndexOf('.');
  const stem = (dot > 0 ? clean.slice(0, dot) : clean).replace(/[.\s]+$/, '') || 'datei';
  return stem.toLowerCase().endsWith(`.${ext}`) ? stem : `${stem}.${ext}`;
}

async function looksLikeText(file: string): Promise<boolean> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(8192);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    if (bytesRead === 0) return false;
    const chunk = buf.subarray(0, bytesRead);
    if (chunk.includes(0)) return false;
    // Reject control characters other than tab, newline, carriage return, form feed.
    return !chunk.some((b) => b < 0x20 && b !== 9 && b !== 10 && b !== 13 && b !== 12);
  } finally {
    await fh.close();
  }
}

/** The type by content; CSV has no signature, so: plain text with a .csv name. Null when not allowed. */
async function detect(file: string, originalName: string): Promise<{ mime: string; ext: string } | null> {
  const t = await fileTypeFromFile(file);
  if (t) {
    const ext = ALLOWED[t.mime];
    if (!ext) return null;
    if (ext === 'cfb') {
      const lower = originalName.toLowerCase();
      if (lower.endsWith('.doc')) return { mime: 'application/msword', ext: 'doc' };
      if (lower.endsWith('.xls')) return { mime: 'application/vnd.ms-excel', ext: 'xls' };
      return null;
    }
    return { mime: t.mime, ext };
  }
  if (originalName.toLowerCase().endsWith('.csv') && (await looksLikeText(file)))
    return { mime: 'text/csv', ext: 'csv' };
  return null;
}

export interface MultipartResult {
  fields: Record<string, string>;
  files: StagedFile[];
  /** Deletes the staged files (call when anything after staging fails). */
  discard(): Promise<void>;
}

/**
 * Reads a multipart request: text fields into an object, files streamed to a temporary folder
 * with the size and count limits, then checked by content. Nothing is kept when anything is refused.
 */
export async function readMultipart(
  req: FastifyRequest,
  limits: UploadLimits,
  fileField = 'files',
  /**
   * Runs once with the fields read so far, before the first file part is read (and never when no
   * file comes): a refusal here stops the request before anything reaches the disk, which is why the
   * public forms send their proof of work as the first part.
   */
  beforeFirstFile?: (fields: Record<string, string>) => Promise<void>,
): Promise<MultipartResult> {
  if (!req.isMultipart()) throw badRequest(COMMON_MSG.multipartRequired);
  const tmpDir = path.join(limits.dir, 'tmp');
  await fs.promises.mkdir(tmpDir, { recursive: true });
  const fields: Record<string, string> = {};
  const files: StagedFile[] = [];
  const discard = async () => {
    await Promise.all(files.map((f) => fs.promises.rm(f.tmpPath, { force: true })));
  };
  try {
    const parts = req.parts({
      limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: 50, fieldSize: 100_000 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = String(part.value ?? '');
        if (containsNul(value) || containsNul(part.fieldname)) throw badRequest(COMMON_MSG.invalidChars);
        fields[part.fieldname] = value;
        continue;
      }
      // Repeated "files" (and the spec's file0, file1, …) are all attachments.
      if (part.fieldname !== fileField && !/^file\d+$/.test(part.fieldname) && part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      if (beforeFirstFile && files.length === 0) {
        try {
          await beforeFirstFile(fields);
        } catch (e) {
          // Refused: the rest of the body is read into nothing (never to disk) until the client stops.
          part.file.resume();
          throw e;
        }
      }
      const tmpPath = path.join(tmpDir, `${randomBytes(16).toString('hex')}.part`);
      const staged: StagedFile = {
        tmpPath,
        originalName: cleanOriginalName(part.filename),
        mime: '',
        ext: '',
        size: 0,
      };
      files.push(staged);
      await pipeline(part.file, fs.createWriteStream(tmpPath));
      if (part.file.truncated) throw new HttpError(413, MSG_TOO_LARGE);
      staged.size = (await fs.promises.stat(tmpPath)).size;
      if (staged.size === 0) throw badRequest(COMMON_MSG.emptyFile);
      const type = await detect(tmpPath, staged.originalName);
      // Named: of several files the person must know which one was refused (as the web's own check says it).
      if (!type) throw new HttpError(415, COMMON_MSG.fileTypeNotAllowedNamed, { name: staged.originalName });
      staged.mime = type.mime;
      staged.ext = type.ext;
    }
  } catch (e) {
    await discard();
    const code = (e as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new HttpError(413, MSG_TOO_MANY);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, MSG_TOO_LARGE);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(COMMON_MSG.tooManyFields);
    throw e;
  }
  return { fields, files, discard };
}

export interface StoredFile {
  datei_name: string;
  original_name: string;
  mime: string;
  size: number;
}

/**
 * Moves staged files into the storage (STORAGE_URL: the staging folder is this process's, the
 * storage is shared) under their final, server-generated names in `area`, and returns them with a
 * `remove` to undo (when the database transaction that records them fails).
 */
export async function storeFiles(storage: Storage, area: 'tasks' | 'audits', staged: StagedFile[]) {
  const stored: (StoredFile & { key: string })[] = [];
  try {
    for (const f of staged) {
      const datei_name = `${Date.now().toString(36)}-${randomBytes(12).toString('hex')}.${f.ext}`;
      const key = `${area}/${datei_name}`;
      await storage.putFile(key, f.tmpPath, { contentType: f.mime });
      stored.push({ datei_name, original_name: f.originalName, mime: f.mime, size: f.size, key });
    }
  } catch (e) {
    await Promise.all(stored.map((s) => storage.delete(s.key).catch(() => {})));
    throw e;
  }
  return {
    files: stored.map(({ key: _k, ...rest }) => rest),
    remove: async () => {
      await Promise.all(stored.map((s) => storage.delete(s.key)));
    },
  };
}

/** Server-generated names only: anything else (../, other folders) is not a file of ours. */
export const STORED_NAME = /^[a-z0-9]+-[a-f0-9]{24}\.(jpg|png|gif|webp|pdf|doc|docx|xls|xlsx|csv)$/;

/** The storage key of a task or audit file, or null for a name the server never generated. */
export function storedKey(area: 'tasks' | 'audits', name: string): string | null {
  return STORED_NAME.test(name) ? `${area}/${name}` : null;
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(originalName: string, inline = false): string {
  originalName = originalName.replace(HIDDEN_CHARS, '');
  const ascii = originalName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(originalName)}`;
}
