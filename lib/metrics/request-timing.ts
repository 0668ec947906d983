import type { ServerResponse } from 'node:http';
import { observeRequest } from './registry';
import { methodOf, routeOf } from './routes';

const STARTED = Symbol('request started');

interface TimedResponse extends ServerResponse {
  [STARTED]?: bigint;
}

/**
 * Records how long the site server took to answer `res`'s request, from its arrival to the end of the
 * answer (or the client leaving), in http_request_duration_seconds. Measured in the server
 * around Next.js, so pages, route handlers and static files are timed alike. One listener
 * function serves every answer (a response closes once), so timing makes no closure per request.
 */
export function timeRequest(res: ServerResponse): void {
  (res as TimedResponse)[STARTED] = process.hrtime.bigint();
  res.on('close', recordAnswer);
}

function recordAnswer(this: TimedResponse): void {
  const started = this[STARTED];
  if (started === undefined) return;
  this[STARTED] = undefined;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  observeRequest(routeOf(this.req.url), methodOf(this.req.method), this.statusCode, seconds);
}
