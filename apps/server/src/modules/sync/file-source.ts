import fs from 'node:fs';
import { CsvError, parse } from 'csv-parse';
import { JSONParser } from '@streamparser/json';
import { SYNC_REQUIRED_COLUMNS } from '@portal/shared';
import { SourceError, type SourceRecord } from './source-error.js';

/**
 * Reading a CSV or JSON file of customers as a stream of records, so memory stays flat whatever
 * the file's size. CSV: comma or semicolon (chosen from the header line), UTF-8 with or without
 * BOM, a header row naming the columns. JSON: an array of objects, parsed element by element.
 */

export type FileFormat = 'csv' | 'json';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The first bytes of the file (at most 64 KB), without a BOM. */
async function head(file: string, label: string): Promise<Buffer> {
  let handle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch {
    throw new SourceError('sourceFileMissing', label);
  }
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    const b = buf.subarray(0, bytesRead);
    return b.subarray(0, 3).equals(BOM) ? b.subarray(3) : b;
  } finally {
    await handle.close();
  }
}

/**
 * CSV or JSON: by the name's ending, else by the content type, else by the first character. `label`
 * names the source in a failure (never the server's path of the file).
 */
export async function detectFormat(
  file: string,
  name: string,
  label: string,
  contentType?: string | null,
): Promise<FileFormat> {
  if (/\.json$/i.test(name)) return 'json';
  if (/\.csv$/i.test(name)) return 'csv';
  if (contentType && /json/i.test(contentType)) return 'json';
  if (contentType && /csv/i.test(contentType)) return 'csv';
  const first = (await head(file, label)).toString('utf8').trimStart()[0];
  if (first === '[') return 'json';
  if (first === '{' || first === undefined) throw new SourceError('sourceBadFormat', label);
  return 'csv';
}

/** Semicolon when the header line has more semicolons than commas (Excel in German writes those). */
function delimiterOf(headerLine: string): ',' | ';' {
  const count = (c: string) => headerLine.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** The header's column names (trimmed, lower case); a missing required column is a bad source. */
function checkHeader(cells: string[]): string[] {
  const names = cells.map((c) =>
    c
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase(),
  );
  for (const required of SYNC_REQUIRED_COLUMNS) {
    if (!names.includes(required)) throw new SourceError('sourceBadHeader', required);
  }
  const twice = names.find((n, i) => n && names.indexOf(n) !== i);
  if (twice) throw new SourceError('sourceBadHeader', twice);
  return names;
}

async function* csvRecords(file: string, label: string): AsyncGenerator<SourceRecord> {
  const firstLine = (await head(file, label)).toString('utf8').split(/\r?\n/, 1)[0] ?? '';
  const input = fs.createReadStream(file);
  const parser = parse({
    bom: true,
    delimiter: delimiterOf(firstLine),
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
  });
  input.on('error', (e) => parser.destroy(e));
  input.pipe(parser);
  let header: string[] | null = null;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!header) {
        header = checkHeader(record);
        continue;
      }
      const row: Record<string, string> = {};
      header.forEach((name, i) => {
        if (name) row[name] = record[i] ?? '';
      });
      yield { line: info.lines, record: row };
    }
  } catch (e) {
    if (e instanceof CsvError)
      throw new SourceError('sourceBadCsv', `Zeile ${(e as CsvError & { lines?: number }).lines ?? '?'}`);
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new SourceError('sourceFileMissing', label);
    throw e;
  } finally {
    input.destroy();
  }
  if (!header) throw new SourceError('sourceBadHeader', 'kundennummer');
}

async function* jsonRecords(file: string, label: string): AsyncGenerator<SourceRecord> {
  const input = fs.createReadStream(file, { highWaterMark: 64 * 1024 });
  const parser = new JSONParser({ paths: ['$.*'], keepStack: false });
  let pending: unknown[] = [];
  let failure: Error | null = null;
  parser.onValue = ({ value }) => void pending.push(value);
  parser.onError = (e) => void (failure = e);
  let position = 0;
  let first = true;
  const bad = () => new SourceError('sourceBadJson', `Element ${position + pending.length + 1}`);
  try {
    for await (const raw of input as AsyncIterable<Buffer>) {
      let chunk = raw;
      if (first) {
        if (chunk.subarray(0, 3).equals(BOM)) chunk = chunk.subarray(3);
        const text = chunk.toString('utf8').trimStart();
        if (text.length === 0) continue;
        // A top-level object would make '$.*' its members: only an array of objects is a source.
        if (text[0] !== '[') throw new SourceError('sourceBadFormat', label);
        first = false;
      }
      try {
        parser.write(chunk);
      } catch {
        throw bad();
      }
      if (failure) throw bad();
      for (const record of pending) yield { line: ++position, record };
      pending = [];
    }
    if (first) throw new SourceError('sourceBadFormat', label);
    // The parser ends by itself after the array's closing bracket; a file that stops before it does not.
    if (!parser.isEnded) {
      try {
        parser.end();
      } catch {
        throw bad();
      }
    }
    if (failure || !parser.isEnded) throw bad();
    for (const record of pending) yield { line: ++position, record };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new SourceError('sourceFileMissing', label);
    throw e;
  } finally {
    input.destroy();
  }
}

/** The file's records in order; throws SourceError (naming the source by `label`) when the file itself is bad. */
export function fileRecords(file: string, format: FileFormat, label: string): AsyncGenerator<SourceRecord> {
  return format === 'csv' ? csvRecords(file, label) : jsonRecords(file, label);
}

/** Reads the whole file once without writing anything: a bad file is found before the first write. */
export async function countRecords(
  file: string,
  format: FileFormat,
  label: string,
  signal?: AbortSignal,
): Promise<number> {
  let n = 0;
  for await (const _ of fileRecords(file, format, label)) {
    n++;
    if (n % 10_000 === 0) signal?.throwIfAborted();
  }
  return n;
}
