import type { IncomingMessage } from 'node:http';

/**
 * Removes a request header before the request is handed on, from `rawHeaders` too: Next.js and
 * the site's own code read either, so a header left in one of them would still be seen.
 */
export function dropRequestHeader(req: IncomingMessage, name: string): void {
  delete req.headers[name];
  for (let i = req.rawHeaders.length - 2; i >= 0; i -= 2) {
    if (req.rawHeaders[i]?.toLowerCase() === name) req.rawHeaders.splice(i, 2);
  }
}
