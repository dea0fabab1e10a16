import type { Readable } from 'node:stream';
import { createFileStorage } from './file.js';
import type { StorageLocation } from './location.js';
import { createS3Storage } from './s3.js';

export { assertKey, parseStorageUrl, StorageUrlError, type StorageLocation } from './location.js';

/**
 * Every stored file (task and audit files, invoice PDFs, the coming signage media) goes through
 * this interface, so several server processes on several machines can share them: on the local
 * disk (`file:`, one machine) or in any S3-compatible store (`s3://bucket`). Bodies are streamed
 * in and out; nothing holds a whole file in memory.
 *
 * Keys are relative paths of server-generated names, `<folder>/<name>` (e.g. `tasks/…-….pdf`,
 * `invoices/2026-000001.pdf`); anything else is refused before a backend sees it.
 */
export interface Storage {
  /** Where the files go, for the log: `file:/data/uploads` or `s3://bucket/prefix`. */
  readonly location: string;
  /** Stores a body under `key`, replacing what was there; readers never see half a file. */
  put(key: string, body: Readable | Buffer, opts?: { contentType?: string }): Promise<void>;
  /**
   * Moves a local file (a checked upload in the staging folder) into the storage under `key`: on the
   * same disk a rename, else streamed; the local file is gone afterwards.
   */
  putFile(key: string, localPath: string, opts?: { contentType?: string }): Promise<void>;
  /** The stored body as a stream, or null when there is no such file. */
  get(key: string): Promise<Readable | null>;
  /** Size and last change, or null when there is no such file. */
  stat(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a missing one is no error. */
  delete(key: string): Promise<void>;
  /** The files directly in a folder (`prefix` ends in `/`), with their last change: for the orphan cleaner. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Releases connections (S3); the disk needs nothing. */
  close(): void;
}

export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

export function createStorage(location: StorageLocation): Storage {
  return location.kind === 'file' ? createFileStorage(location.dir) : createS3Storage(location);
}
