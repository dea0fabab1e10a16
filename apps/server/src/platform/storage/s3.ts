import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { Storage, StoredObject } from './index.js';
import { assertKey, assertPrefix, type StorageLocation } from './location.js';

type S3Location = Extract<StorageLocation, { kind: 's3' }>;

const notFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * Any S3-compatible store through the AWS SDK v3. Uploads are multipart streams (lib-storage keeps at
 * most `queueSize` parts of 5 MiB in memory, whatever the file's size); downloads are the response
 * stream itself.
 */
export function createS3Storage(loc: S3Location): Storage {
  const client = new S3Client({
    region: loc.region,
    endpoint: loc.endpoint,
    forcePathStyle: loc.forcePathStyle,
    // The SDK's default CRC checksums on every upload (aws-chunked bodies) are not understood by
    // many S3-compatible stores; with another endpoint they are sent only where S3 requires them.
    ...(loc.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
  });
  const Bucket = loc.bucket;
  const full = (key: string) => {
    assertKey(key);
    return loc.prefix + key;
  };
  const stat = async (key: string): Promise<StoredObject | null> => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: full(key) }));
      return { key, size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  };
  const put = async (key: string, body: Readable | Buffer, opts?: { contentType?: string }): Promise<void> => {
    // S3 replaces an object only once the upload completes: a reader never sees half a file.
    await new Upload({
      client,
      params: { Bucket, Key: full(key), Body: body, ContentType: opts?.contentType },
      queueSize: 2,
    }).done();
  };
  return {
    location: `s3://${Bucket}/${loc.prefix}`,
    put,
    async putFile(key, localPath, opts) {
      await put(key, fs.createReadStream(localPath), opts);
      await fs.promises.rm(localPath, { force: true });
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: full(key) }));
        return res.Body as Readable;
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    stat,
    async exists(key) {
      return (await stat(key)) !== null;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: full(key) }));
    },
    async *list(prefix) {
      assertPrefix(prefix);
      let ContinuationToken: string | undefined;
      do {
        // The delimiter keeps the answer to the folder itself, as on the disk.
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: loc.prefix + prefix, Delimiter: '/', ContinuationToken }),
        );
        for (const o of page.Contents ?? []) {
          if (!o.Key) continue;
          yield { key: o.Key.slice(loc.prefix.length), size: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    close() {
      client.destroy();
    },
  };
}
