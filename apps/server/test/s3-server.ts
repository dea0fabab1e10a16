import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// s3rver ships no types; what the tests use of it is declared here.
// @ts-expect-error -- untyped package
import S3rverModule from 's3rver';

interface S3rver {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
const S3rver = S3rverModule as new (opts: Record<string, unknown>) => S3rver;

/** The only key pair s3rver accepts; set for the SDK, which reads it from the environment like in production. */
const ACCESS_KEY = 'S3RVER';
const BUCKET = 'portal-test';

export interface TestS3 {
  /** A STORAGE_URL for the running server, optionally below a folder of the bucket. */
  url(prefix?: string): string;
  /** Where s3rver keeps the objects: to show a file is in the bucket and not on the server's disk. */
  dir: string;
  close(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on a free port with one bucket, for the storage tests. */
export async function startS3Server(): Promise<TestS3> {
  process.env.AWS_ACCESS_KEY_ID = ACCESS_KEY;
  process.env.AWS_SECRET_ACCESS_KEY = ACCESS_KEY;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    url: (prefix = '') => `s3://${BUCKET}${prefix ? `/${prefix}` : ''}?endpoint=${encodeURIComponent(endpoint)}&region=eu-central-1`,
    dir,
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
