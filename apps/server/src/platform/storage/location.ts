import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type StorageLocation =
  | { kind: 'file'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** Folder inside the bucket the keys go under ('' or ending in '/'). */
      prefix: string;
      /** A non-AWS endpoint (MinIO, Ceph, a test server); AWS itself when absent. */
      endpoint?: string;
      region: string;
      forcePathStyle: boolean;
    };

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Refuses keys that could leave the storage root or name something we never wrote (`..`, absolute paths). */
export function assertKey(key: string): void {
  if (!key.split('/').every((s) => SEGMENT.test(s) && !s.includes('..'))) throw new Error(`invalid storage key: ${key}`);
}

/** A folder prefix for `list`: segments as in keys, ending in `/`. */
export function assertPrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new Error(`invalid storage prefix: ${prefix}`);
  assertKey(prefix.slice(0, -1));
}

export class StorageUrlError extends Error {}

/**
 * Reads STORAGE_URL: `file:` (the default folder, DATA_DIR/uploads), `file:/absolute/folder`, or
 * `s3://bucket[/prefix]?endpoint=https://…&region=…[&forcePathStyle=false]`. Credentials are not part of
 * the URL: the AWS SDK reads AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (or a profile, or a role).
 * Errors are German: they reach the operator through the config check.
 */
export function parseStorageUrl(url: string, defaultDir: string): StorageLocation {
  if (url.startsWith('file:')) {
    const rest = url.slice('file:'.length);
    if (!rest) return { kind: 'file', dir: path.resolve(defaultDir) };
    return { kind: 'file', dir: path.resolve(rest.startsWith('//') ? fileURLToPath(url) : rest) };
  }
  if (!url.startsWith('s3://')) throw new StorageUrlError('muss mit file: oder s3:// beginnen');
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new StorageUrlError('ist keine gültige s3://-Adresse');
  }
  const bucket = u.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new StorageUrlError('braucht einen Bucket-Namen: s3://bucket');
  const prefix = u.pathname.replace(/^\/+|\/+$/g, '');
  if (prefix) {
    try {
      assertKey(prefix);
    } catch {
      throw new StorageUrlError('enthält einen ungültigen Ordner nach dem Bucket-Namen');
    }
  }
  const endpoint = u.searchParams.get('endpoint') ?? undefined;
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint)) throw new StorageUrlError('endpoint muss mit http:// oder https:// beginnen');
  const style = u.searchParams.get('forcePathStyle');
  if (style !== null && style !== 'true' && style !== 'false') throw new StorageUrlError('forcePathStyle muss true oder false sein');
  return {
    kind: 's3',
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint,
    region: u.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
    // Other S3-compatible stores rarely resolve bucket subdomains; AWS itself prefers them.
    forcePathStyle: style === null ? Boolean(endpoint) : style === 'true',
  };
}
