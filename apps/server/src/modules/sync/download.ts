import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { Config } from '../../config.js';
import { SourceError } from './source-error.js';

/**
 * Downloading an http(s) source to a file (streamed), so the run reads it twice like a local file
 * (check first, then write) and an address that breaks off mid-way touches nothing.
 *
 * - Two clocks: `connectTimeoutMs` for the connection and the answer's headers (redirects included),
 *   then `downloadTimeoutMs` for the body alone.
 * - Redirects are followed only within the source's origin (scheme, host, port), at most five.
 * - Loopback, private and link-local addresses are refused unless `allowPrivate`: an address written
 *   in the URL is checked before connecting, a host name after its DNS lookup (the connection uses the
 *   very addresses that were checked, so a name that resolves differently a second time gains nothing).
 * - At most `maxBytes` after unpacking (gzip, deflate, br); beyond, the download stops and its file is removed.
 *
 * Every failure is a SourceError naming the source by its label only (never a server path).
 */

export type DownloadOptions = Config['syncDownload'];

const MAX_REDIRECTS = 5;

/** Addresses that lie inside the server's own networks (loopback, private, link-local, unspecified, CGNAT, multicast). */
const internal = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  internal.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  internal.addSubnet(net6, prefix, 'ipv6');

/** True for a loopback, private, link-local (or otherwise internal) IPv4 or IPv6 address, also IPv4 in IPv6. */
export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = net.isIP(bare);
  if (family === 4) return internal.check(bare, 'ipv4');
  if (family !== 6) return true; // not an address at all: never trusted
  const mapped = /^(?:0*:)*:?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare) ?? /^::(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return internal.check(mapped[1]!, 'ipv4');
  const hex = /^(?:0*:)*:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(bare);
  if (hex) {
    const n = (parseInt(hex[1]!, 16) << 16) | parseInt(hex[2]!, 16);
    return internal.check([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'), 'ipv4');
  }
  return internal.check(bare, 'ipv6');
}

class InternalAddressError extends Error {}
class TimeoutError extends Error {}

/** dns.lookup that refuses a name resolving to an internal address (any of its addresses). */
const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0 || list.some((a) => isInternalAddress(a.address)))
      return callback(new InternalAddressError(hostname) as NodeJS.ErrnoException, '', 0);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

/** One request up to its headers (or the connect clock running out); the body is left unread. */
function requestHeaders(
  url: URL,
  options: DownloadOptions,
  deadline: number,
  signal?: AbortSignal,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'GET',
      headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'text/csv, application/json, */*' },
      lookup: options.allowPrivate ? undefined : guardedLookup,
      agent: false,
    });
    const onAbort = () => req.destroy(signal?.reason as Error);
    const timer = setTimeout(() => req.destroy(new TimeoutError()), Math.max(0, deadline - Date.now()));
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('response', (res) => {
      settle();
      resolve(res);
    });
    req.on('error', (e) => {
      settle();
      reject(e);
    });
    req.end();
  });
}

function decoder(encoding: string | undefined): Transform | null {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

/** Passes bytes on until more than `max` went through, then fails with the source's "too large". */
function sizeLimit(max: number, label: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) done(new SourceError('sourceTooLarge', label));
      else done(null, chunk);
    },
  });
}

const causeOf = (e: unknown): string => {
  const err = e as NodeJS.ErrnoException;
  return err.code ?? err.message;
};

/**
 * Downloads the source's file to `target`; answers the content type. Throws SourceError (or the
 * signal's abort) and leaves no file behind when it fails.
 */
export async function download(
  source: { url: URL; label: string },
  target: string,
  options: DownloadOptions,
  signal?: AbortSignal,
): Promise<string | null> {
  const { label } = source;
  const origin = source.url.origin;
  if (!options.allowPrivate && net.isIP(source.url.hostname.replace(/^\[|\]$/g, '')) && isInternalAddress(source.url.hostname))
    throw new SourceError('sourcePrivateAddress', label);

  // Connection and headers, redirects within the origin included, under the connect clock.
  const deadline = Date.now() + options.connectTimeoutMs;
  let url = source.url;
  let res: http.IncomingMessage;
  for (let hops = 0; ; hops++) {
    signal?.throwIfAborted();
    try {
      res = await requestHeaders(url, options, deadline, signal);
    } catch (e) {
      signal?.throwIfAborted();
      if (e instanceof InternalAddressError) throw new SourceError('sourcePrivateAddress', label);
      if (e instanceof TimeoutError) throw new SourceError('sourceConnectTimeout', label);
      throw new SourceError('sourceUnreachable', `${label}, ${causeOf(e)}`);
    }
    const location = res.headers.location;
    if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && location) {
      res.destroy();
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new SourceError('sourceRedirect', label);
      }
      if (next.origin !== origin) throw new SourceError('sourceRedirect', label);
      if (hops >= MAX_REDIRECTS) throw new SourceError('sourceTooManyRedirects', label);
      url = next;
      continue;
    }
    break;
  }
  if (!res.statusCode || res.statusCode < 200 || res.statusCode >= 300) {
    res.destroy();
    throw new SourceError('sourceHttpStatus', `HTTP ${res.statusCode}: ${label}`);
  }

  // The body, under its own clock, unpacked and counted on the way to the file.
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    res.destroy(new TimeoutError());
  }, options.downloadTimeoutMs);
  const onAbort = () => res.destroy(new Error('aborted'));
  signal?.addEventListener('abort', onAbort, { once: true });
  const unpack = decoder(res.headers['content-encoding']);
  const limit = sizeLimit(options.maxBytes, label);
  const file = fs.createWriteStream(target);
  try {
    if (unpack) await pipeline(res, unpack, limit, file);
    else await pipeline(res, limit, file);
  } catch (e) {
    await fs.promises.rm(target, { force: true }).catch(() => undefined);
    signal?.throwIfAborted();
    if (e instanceof SourceError) throw e;
    if (timedOut) throw new SourceError('sourceDownloadTimeout', label);
    if (unpack && (e as NodeJS.ErrnoException).code?.startsWith('Z_')) throw new SourceError('sourceBadEncoding', label);
    throw new SourceError('sourceUnreachable', `${label}, ${causeOf(e)}`);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  const type = res.headers['content-type'];
  return type ?? null;
}
