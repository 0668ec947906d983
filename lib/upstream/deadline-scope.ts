import 'server-only';
import { requestContext, withRequestContext } from '@/lib/request-context';

/**
 * One deadline for everything a request asks the upstream in turn. When a page makes two reads
 * one after the other (a cached check, then the read it guards) and the upstream hangs, both
 * together must still end within the one deadline the visitor was promised, not one deadline each.
 * The governor caps every read started inside `underDeadline` at the scope's time (epoch ms).
 * Background refreshes are not reads of the request and keep their own deadline.
 *
 * The deadline lives in the request context (lib/request-context.ts), one per process: pages and
 * route handlers each load their own copy of this module, while the governor that reads the scope
 * exists once per process. A page's scope must be visible to a governor that a route handler
 * created first, or the page would wait one deadline per read.
 */

/** Runs `fn` with reads capped at `at`; a scope inside another keeps the earlier deadline. */
export function underDeadline<T>(at: number, fn: () => Promise<T>): Promise<T> {
  const outer = requestContext().deadline;
  return withRequestContext({ deadline: outer === undefined ? at : Math.min(outer, at) }, fn);
}

/** The current scope's deadline, if any. */
export function scopedDeadline(): number | undefined {
  return requestContext().deadline;
}
