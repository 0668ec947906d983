import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { gzip, gzipSync } from 'node:zlib';
import type { StoredPage } from './page-store';
import type { ShareableKind } from './shareable';
import { acceptsCoding } from '../http/accept-encoding';

/*
 * The headers, validators and compression of the answers the page store keeps and sends again
 * (server/page-store/serve.ts decides what is kept).
 */

/** Answers shorter than this are sent as they are: gzip would save next to nothing. */
export const GZIP_MIN_BYTES = 1024;

/** Headers that describe one transmission, not the page. */
export const PER_ANSWER_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'cache-control',
  'x-page-cache',
]);

/** The content type a stored answer of each kind must have. */
export const KIND_CONTENT_TYPE: Record<ShareableKind, string> = {
  page: 'text/html',
  data: 'application/json',
};

/** Headers as `writeHead` takes them, name and value in turn; a list of values as one. */
function headerList(headers: Readonly<Record<string, string | string[]>>): string[] {
  const list: string[] = [];
  for (const [name, value] of Object.entries(headers))
    list.push(name, Array.isArray(value) ? value.join(', ') : value);
  return list;
}

/** The last Accept-Encoding read and what it said: clients send the same one again and again. */
let lastAcceptEncoding: { value: string; gzip: boolean } | undefined;

export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  if (lastAcceptEncoding?.value === value) return lastAcceptEncoding.gzip;
  const gzip = acceptsCoding(value, 'gzip');
  lastAcceptEncoding = { value, gzip };
  return gzip;
}

export function withAcceptEncodingVary(vary: string | string[] | undefined): string {
  const parts = (Array.isArray(vary) ? vary.join(',') : (vary ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (!parts.some((part) => part.toLowerCase() === 'accept-encoding')) parts.push('Accept-Encoding');
  return parts.join(', ');
}

export function sharedCacheControl(until: number, now: number): string {
  const seconds = Math.floor((until - now) / 1000);
  // Browsers revalidate every time (max-age=0): only a shared cache keeps the page, and no
  // longer than its data stays fresh.
  return seconds >= 1 ? `public, max-age=0, s-maxage=${seconds}` : 'private, no-store';
}

/**
 * A stored answer's validator: weak, since the same page is sent gzipped or not, and a cache in
 * front may compress it again. Made from the bytes, so a page rendered again from the same data
 * keeps its tag, on every instance.
 */
export function entityTag(body: Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether If-None-Match names `tag` (compared weakly) or is "*". */
export function matchesTag(header: string | string[] | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const opaque = tag.slice(2);
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const named = part.trim();
    if (named === '*' || (named.startsWith('W/') ? named.slice(2) : named) === opaque) return true;
  }
  return false;
}

export function hasContentType(headers: OutgoingHttpHeaders, prefix: string): boolean {
  const type = headers['content-type'];
  return typeof type === 'string' && type.toLowerCase().startsWith(prefix);
}

/**
 * The gzip form of a rendered answer, made on libuv's thread pool: compressing a 100 KB page
 * takes a couple of milliseconds, which the main thread spends rendering the next page instead.
 * Undefined when it cannot be made; the answer is then sent uncompressed.
 */
export function compressed(body: Buffer): Promise<Buffer | undefined> {
  return new Promise((resolve) => gzip(body, (err, result) => resolve(err ? undefined : result)));
}

/**
 * Sends a stored answer in one `writeHead`: its headers as rendered, the cache header its age
 * calls for, a 304 to a client that holds the same bytes, and gzip to a client that takes it.
 */
export function sendStored(req: IncomingMessage, res: ServerResponse, page: StoredPage, now: number): void {
  const headers = [...(page.headerList ??= headerList(page.headers))];
  if (page.kind === 'page')
    headers.push(
      'cache-control',
      page.shareable === false ? 'private, no-store' : sharedCacheControl(page.expiresAt, now),
    );
  headers.push('x-page-cache', 'hit');
  if (page.etag !== undefined && matchesTag(req.headers['if-none-match'], page.etag)) {
    // The guest or the cache in front holds these bytes: their headers again, no content.
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const gzip = acceptsGzip(req.headers['accept-encoding']) && page.body.length > GZIP_MIN_BYTES;
  // A page first stored for a client without gzip is compressed once, by the first that takes it.
  if (gzip) page.gzip ??= gzipSync(page.body);
  const body = gzip && page.gzip ? page.gzip : page.body;
  if (gzip) headers.push('content-encoding', 'gzip');
  headers.push('content-length', String(body.length));
  // Headers set on `res` before (a waiting request's) are merged in; the stored ones win.
  res.writeHead(page.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}
