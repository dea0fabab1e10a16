import type { Readable } from 'node:stream';

/**
 * An answer the service shapes itself: a file or stream with its headers, a redirect, a pre-built
 * JSON text. It leaves as it is (never serialized), with the status and headers given.
 */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: string | Buffer | Readable | undefined,
    readonly headers: Record<string, string> = {},
  ) {}
}
