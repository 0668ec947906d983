import 'server-only';
import { errorResponse } from './problem';

export interface JsonOptions {
  status?: number;
  /** The answer holds data served from a stale copy: the browser must not keep it. */
  stale?: boolean;
  /** Seconds the browser may keep a fresh answer; none by default. */
  maxAge?: number;
  setCookie?: string;
}

/** A JSON answer for the site's own client components and booking routes; never cached unless `maxAge` says so. */
export function json(body: unknown, opts: JsonOptions = {}): Response {
  const maxAge = opts.stale ? 0 : (opts.maxAge ?? 0);
  const headers = new Headers({ 'cache-control': maxAge > 0 ? `private, max-age=${maxAge}` : 'no-store' });
  if (opts.setCookie) headers.append('set-cookie', opts.setCookie);
  return Response.json(body, { status: opts.status ?? 200, headers });
}

/**
 * Runs a handler and turns anything thrown into a generic problem+json: stack traces, partner
 * messages and internal names go to the log, never into an answer.
 */
export async function handle(context: string, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (err) {
    return errorResponse(err, context);
  }
}
