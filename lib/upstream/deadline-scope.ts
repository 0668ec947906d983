import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * One deadline for everything a request asks the upstream in turn. When a page makes two reads
 * one after the other (a cached check, then the read it guards) and the upstream hangs, both
 * together must still end within the one deadline the visitor was promised, not one deadline each.
 * The governor caps every read started inside `underDeadline` at the scope's time (epoch ms).
 * Background refreshes are not reads of the request and keep their own deadline.
 *
 * The storage is one per process, kept on globalThis: Next.js loads a separate copy of this
 * module for pages and for route handlers, while the governor that reads the scope exists once
 * per process. With a storage per copy, a page's scope would be invisible to a governor that a
 * route handler created first, and the page would wait one deadline per read.
 */
const STORE_KEY = Symbol.for('partner-booking-site.upstream.deadlineScope');

function deadlineStore(): AsyncLocalStorage<number> {
  const holder = globalThis as { [STORE_KEY]?: AsyncLocalStorage<number> };
  holder[STORE_KEY] ??= new AsyncLocalStorage<number>();
  return holder[STORE_KEY];
}

const scope = deadlineStore();

/** Runs `fn` with reads capped at `at`; a scope inside another keeps the earlier deadline. */
export function underDeadline<T>(at: number, fn: () => Promise<T>): Promise<T> {
  const outer = scope.getStore();
  return scope.run(outer === undefined ? at : Math.min(outer, at), fn);
}

/** The current scope's deadline, if any. */
export function scopedDeadline(): number | undefined {
  return scope.getStore();
}
