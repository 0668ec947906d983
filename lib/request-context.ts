import { AsyncLocalStorage } from 'node:async_hooks';
import { processSingleton } from './process-singleton';

/**
 * What the code serving one request knows about that request, wherever it runs: which client it
 * is for, whether it is a booking step, the deadline of its partner reads, and the slots the site
 * server reads back once the page is rendered (its status, the cached reads it was built from).
 *
 * One AsyncLocalStorage for all of them, kept as a process singleton: Next.js loads its own copy
 * of this module for pages and for route handlers, and the site server loads another, while the
 * governor that reads the context exists once per process; every copy must see the same scopes.
 * A scope is opened with `withRequestContext`, which adds to the context it is opened in, so
 * scopes opened by different layers (the server's client, a page's deadline) stack.
 *
 * No `server-only` marker: the site server, which runs outside Next.js, opens the outer scope.
 */

/** Inside a booking step's calls (`step`), or the reads of the booking page a guest opens (`page`). */
export type BookingScope = 'step' | 'page';

/**
 * What a page asks the site server to answer with instead of 200 (the unavailable notice, its own
 * not-found view). The site server puts an empty one in the context and reads it after the render.
 */
export interface PageStatus {
  /** Set by a page that shows the unavailable notice: the seconds to put in Retry-After. */
  unavailableRetryAfterSeconds?: number;
  /** Set by a page whose address names something that does not exist: it is answered with 404. */
  notFound?: boolean;
}

/**
 * Told of every cached partner read of a page render the site server records: the read's key,
 * then the cached entry it found, if any (lib/upstream/cache.ts reports them).
 */
export interface CacheReadObserver {
  read(key: string): void;
  entry(storedAt: number, freshMs: number, fresh: boolean): void;
  /**
   * The read was answered at once with an entry past its fresh age while it is refreshed; it
   * may be served so until `staleUntil`, and its operation's answers are fresh for `freshMs`.
   */
  staleServed(staleUntil: number, freshMs: number): void;
}

export interface RequestContext {
  /** The client the request is served for (its address key); absent outside the site server. */
  readonly client?: string;
  /** The browser mark the request carries (lib/visitor/mark.ts), if any. */
  readonly visitor?: string;
  readonly booking?: BookingScope;
  /** Epoch ms by which every partner read the request starts must end. */
  readonly deadline?: number;
  readonly pageStatus?: PageStatus;
  readonly cacheReads?: CacheReadObserver;
}

const NONE: RequestContext = Object.freeze({});

const storage = processSingleton('request-context', () => new AsyncLocalStorage<RequestContext>());

/** The context of the code running now; empty outside any request scope. */
export function requestContext(): RequestContext {
  return storage.getStore() ?? NONE;
}

/**
 * Runs `fn` with the current context plus `patch`: what the patch names replaces the outer
 * value (an explicit undefined clears it), everything else is kept. Code after `fn` returns, and
 * work started outside it, still sees the outer context.
 */
export function withRequestContext<T>(patch: Partial<RequestContext>, fn: () => T): T {
  return storage.run({ ...requestContext(), ...patch }, fn);
}
