import type { IncomingMessage } from 'node:http';

/**
 * Removes request headers before the request is handed on, from `rawHeaders` too: Next.js and
 * the site's own code read either, so a header left in one of them would still be seen. `names`
 * are lower case; the raw headers are gone through once, however many names there are.
 */
export function dropRequestHeaders(req: IncomingMessage, names: ReadonlySet<string>): void {
  for (const name of names) delete req.headers[name];
  const raw = req.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) {
    if (names.has(raw[i]?.toLowerCase() ?? '')) raw.splice(i, 2);
  }
}

/** Removes one request header, as dropRequestHeaders does. */
export function dropRequestHeader(req: IncomingMessage, name: string): void {
  dropRequestHeaders(req, new Set([name]));
}
