import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PageStatus } from '@/lib/http/page-status';

/**
 * A request for a whole HTML page. A client-side navigation fetches the same page as an RSC
 * payload (the `rsc` header); that one keeps its 200, since the router would answer a 503 by
 * loading the whole page again, which asks the unavailable partner a second time.
 */
function isDocumentRequest(req: IncomingMessage): boolean {
  const target = req.url ?? '/';
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    req.headers.rsc === undefined &&
    !target.startsWith('/api/') &&
    !target.startsWith('/_next/')
  );
}

/**
 * When Next.js writes the status line of a page that marked itself unavailable, sends 503 with
 * Retry-After instead of its 200; of a page that marked itself not found, 404 (see
 * lib/http/page-status.ts for why the page cannot). Next.js writes the line implicitly, on the
 * first byte of the body, through `writeHead`, so wrapping it catches every way it does.
 */
export function answerMarkedPages(req: IncomingMessage, res: ServerResponse, status: PageStatus): void {
  if (!isDocumentRequest(req)) return;
  const writeHead = res.writeHead.bind(res) as (code: number, ...rest: unknown[]) => ServerResponse;
  res.writeHead = ((code: number, ...rest: unknown[]) => {
    if (code === 200 && status.notFound) {
      res.setHeader('cache-control', 'no-store');
      return writeHead(404, ...rest.filter((arg) => typeof arg !== 'string'));
    }
    const seconds = status.unavailableRetryAfterSeconds;
    if (code !== 200 || seconds === undefined) return writeHead(code, ...rest);
    res.setHeader('retry-after', String(seconds));
    res.setHeader('cache-control', 'no-store');
    // Drop a status message written for the 200 ("OK"); keep a headers object.
    return writeHead(503, ...rest.filter((arg) => typeof arg !== 'string'));
  }) as ServerResponse['writeHead'];
}
