import type { IncomingMessage, ServerResponse } from 'node:http';
import { observeRequest } from './registry';
import { methodOf, routeOf } from './routes';

/**
 * Records how long the site server took to answer `req`, from its arrival to the end of the
 * answer (or the client leaving), in http_request_duration_seconds. Measured in the server
 * around Next.js, so pages, route handlers and static files are timed alike.
 */
export function timeRequest(req: IncomingMessage, res: ServerResponse): void {
  const started = process.hrtime.bigint();
  res.once('close', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    observeRequest(routeOf(req.url), methodOf(req.method), res.statusCode, seconds);
  });
}
