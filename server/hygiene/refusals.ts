/**
 * The answers the site server gives itself, before Next.js, to requests no page or route handler
 * takes: each a complete answer with its length, never stored, without a body for HEAD.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type BadRequestCode = 'invalid_path' | 'invalid_request' | 'invalid_image_url';

const BAD_PATH_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>400</title></head><body>
<h1 lang="nl">Dit adres bestaat niet</h1>
<p lang="en">This address is not valid.</p>
<p lang="de">Diese Adresse ist ungültig.</p>
<p lang="fr">Cette adresse n’est pas valide.</p>
<p><a href="/">Home</a></p>
</body></html>
`;

/**
 * A page is only ever read (GET, HEAD) or sent a server action, which carries the `next-action`
 * header. Anything else sent to a page is refused here: Next.js would take a form-encoded POST
 * for a form's server action without JavaScript, which this site has none of, and fail on it
 * with a 500.
 */
export function isPageWriteWithoutAction(req: IncomingMessage): boolean {
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return false;
  const url = req.url ?? '/';
  if (/^\/api(?:[/?]|$)/.test(url) || url.startsWith('/_next/')) return false;
  return req.headers['next-action'] === undefined;
}

export function refuseMethod(req: IncomingMessage, res: ServerResponse): void {
  const body = 'Method not allowed.';
  res.writeHead(405, {
    allow: 'GET, HEAD',
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** A JSON route asked with a method it does not take: a problem that says which ones it does. */
export function refuseApiMethod(req: IncomingMessage, res: ServerResponse, allow: string): void {
  const body = JSON.stringify({
    type: 'about:blank',
    title: 'This address does not take this method.',
    status: 405,
    code: 'method_not_allowed',
  });
  res.writeHead(405, {
    allow,
    'content-type': 'application/problem+json',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

export function refuseBadRequest(req: IncomingMessage, res: ServerResponse, code: BadRequestCode): void {
  const api = (req.url ?? '').startsWith('/api/') || code === 'invalid_image_url';
  const body = api
    ? JSON.stringify({ type: 'about:blank', title: 'The request is not valid.', status: 400, code })
    : BAD_PATH_PAGE;
  res.writeHead(400, {
    'content-type': api ? 'application/problem+json' : 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** A picture to resize past what this client may ask for in a minute (server/static/image-miss-limit.ts). */
export function refuseImageFlood(res: ServerResponse, retryAfterSeconds: number): void {
  res.writeHead(429, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'retry-after': String(retryAfterSeconds),
  });
  res.end();
}
