import 'server-only';
import { errorResponse } from './problem';

/** A JSON answer for the site's own client components; `stale` data may be cached briefly by the browser. */
export function json(body: unknown, opts: { stale?: boolean; maxAge?: number } = {}): Response {
  const maxAge = opts.stale ? 0 : (opts.maxAge ?? 0);
  return Response.json(body, {
    headers: { 'cache-control': maxAge > 0 ? `private, max-age=${maxAge}` : 'no-store' },
  });
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
