import { Transform, type Readable } from 'node:stream';

/**
 * HTTP byte ranges (RFC 9110) for video: one range per request, as browsers ask for media. The
 * storage streams whole files, so a range is cut from the stream: bytes before it are skipped as they
 * pass, the stream ends after it.
 */

export type ByteRange = { start: number; end: number };

/** The range asked for, `null` for the whole file, or `'unsatisfiable'` (416). Several ranges: the whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, a, b] = m;
  if (a === '' && b === '') return null;
  let start: number;
  let end: number;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** The bytes [start, end] of a stream. */
export function sliceStream(body: Readable, range: ByteRange): Readable {
  let pos = 0;
  let ended = false;
  const cut = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (ended) return done();
      const from = Math.max(range.start - pos, 0);
      const to = Math.min(range.end + 1 - pos, chunk.length);
      pos += chunk.length;
      if (to > from) this.push(chunk.subarray(from, to));
      if (pos > range.end) {
        ended = true;
        this.push(null);
        body.unpipe(cut);
        body.destroy();
      }
      done();
    },
  });
  body.on('error', (e) => cut.destroy(e));
  return body.pipe(cut);
}
