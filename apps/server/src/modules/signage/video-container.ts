import fs from 'node:fs';

/**
 * Is a staged upload a video container a screen can open? file-type decides by the first bytes
 * (`ftyp` for MP4, the EBML header with DocType "webm" for WebM); 137 bytes of an ftyp header pass
 * that. Here the structure is walked: an MP4 needs `ftyp` and a `moov` (with its `mvhd`) among boxes
 * whose sizes add up to the file; a WebM needs its EBML header followed by a Segment that holds the
 * track list. Only box and element headers are read (a few bytes at a time, through a file handle),
 * never the file whole: videos are up to SIGNAGE_MAX_VIDEO_MB.
 *
 * (npm's MP4 parsers, mp4box among them, want the bytes handed to them in memory and parse far more
 * than this question needs; a header walk is a few dozen lines.)
 */

/** More top-level boxes than any real file has (a fragmented MP4 of hours has some ten thousand). */
const MAX_BOXES = 200_000;
/** Level-1 elements of a Segment looked at before its Tracks must have come. */
const MAX_SEGMENT_CHILDREN = 1_000;

type Reader = (position: number, length: number) => Promise<Buffer>;

async function withReader<T>(file: string, fn: (read: Reader, size: number) => Promise<T>): Promise<T> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const { size } = await fh.stat();
    const read: Reader = async (position, length) => {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await fh.read(buf, 0, length, position);
      return buf.subarray(0, bytesRead);
    };
    return await fn(read, size);
  } finally {
    await fh.close();
  }
}

export async function isPlayableVideo(file: string, mime: string): Promise<boolean> {
  if (mime === 'video/mp4') return withReader(file, isMp4);
  if (mime === 'video/webm') return withReader(file, isWebm);
  return false;
}

// ---- MP4 (ISO BMFF) ------------------------------------------------------------------------------

interface Box {
  type: string;
  /** Where the box starts, where its body starts, where it ends (exclusive). */
  start: number;
  body: number;
  end: number;
}

/**
 * The boxes from `start` to `end`, each header checked: a 32-bit size (0: to the end of the
 * enclosing range; 1: a 64-bit `largesize` follows the type), a type of four printable characters,
 * a size not smaller than its header and not past `end`. Null when any box is broken or cut off.
 */
async function boxes(read: Reader, start: number, end: number, limit: number): Promise<Box[] | null> {
  const out: Box[] = [];
  let pos = start;
  while (pos < end) {
    if (out.length >= limit) return null;
    const head = await read(pos, 16);
    if (head.length < 8 || pos + 8 > end) return null;
    const size32 = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    if (!/^[\x20-\x7e]{4}$/.test(type)) return null;
    let headerSize = 8;
    let size: number;
    if (size32 === 1) {
      if (head.length < 16 || pos + 16 > end) return null;
      const large = head.readBigUInt64BE(8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) return null;
      size = Number(large);
      headerSize = 16;
    } else if (size32 === 0) {
      size = end - pos;
    } else {
      size = size32;
    }
    if (size < headerSize || pos + size > end) return null;
    out.push({ type, start: pos, body: pos + headerSize, end: pos + size });
    pos += size;
  }
  return out;
}

async function isMp4(read: Reader, size: number): Promise<boolean> {
  const top = await boxes(read, 0, size, MAX_BOXES);
  if (!top || top[0]?.type !== 'ftyp') return false;
  const moov = top.find((b) => b.type === 'moov');
  if (!moov) return false;
  // A movie has its header: mvhd inside the moov (its children walked the same way).
  const children = await boxes(read, moov.body, moov.end, MAX_BOXES);
  return Boolean(children?.some((b) => b.type === 'mvhd'));
}

// ---- WebM (EBML) ---------------------------------------------------------------------------------

const EBML_ID = 0x1a45dfa3;
const SEGMENT_ID = 0x18538067;
const TRACKS_ID = 0x1654ae6b;
const CLUSTER_ID = 0x1f43b675;

/** An EBML variable-length integer at buf[at]: its length and value (marker bit removed). */
function vint(buf: Buffer, at: number, maxLength: number): { length: number; value: number; unknown: boolean } | null {
  const first = buf[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23; // leading zeros within the byte, plus one
  if (length > maxLength || at + length > buf.length) return null;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + buf[at + i]!;
    if (buf[at + i] !== 0xff) allOnes = false;
  }
  return { length, value, unknown: allOnes };
}

interface Element {
  id: number;
  body: number;
  /** Where it ends, or null for an element of unknown size (it runs to the end of its parent). */
  end: number | null;
}

/** The element header at `pos` (id with its marker bits, as written; size), or null when broken. */
async function element(read: Reader, pos: number, limit: number): Promise<Element | null> {
  const head = await read(pos, 12);
  const id = vint(head, 0, 4);
  if (!id) return null;
  const size = vint(head, id.length, 8);
  if (!size) return null;
  const body = pos + id.length + size.length;
  if (body > limit) return null;
  const idValue = head.readUIntBE(0, id.length);
  if (size.unknown) return { id: idValue, body, end: null };
  const end = body + size.value;
  if (end > limit || !Number.isSafeInteger(end)) return null;
  return { id: idValue, body, end };
}

async function isWebm(read: Reader, size: number): Promise<boolean> {
  const header = await element(read, 0, size);
  if (!header || header.id !== EBML_ID || header.end === null) return false;
  const segment = await element(read, header.end, size);
  if (!segment || segment.id !== SEGMENT_ID) return false;
  // The Segment's own elements (SeekHead, Info, Tracks, …, Clusters) until the track list: without
  // one there is nothing to play. A live recording writes its Segment (and Clusters) without a size.
  const end = segment.end ?? size;
  let pos = segment.body;
  for (let n = 0; n < MAX_SEGMENT_CHILDREN && pos < end; n++) {
    const child = await element(read, pos, end);
    if (!child) return false;
    if (child.id === TRACKS_ID) return child.end !== null;
    if (child.id === CLUSTER_ID || child.end === null) return false;
    pos = child.end;
  }
  return false;
}
