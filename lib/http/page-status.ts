import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How a page that shows the "booking service unavailable" notice gets answered with 503 and
 * Retry-After instead of 200, so crawlers, caches and monitors see a temporary failure while the
 * guest still reads a localized page (without JavaScript too).
 *
 * The same way, a page that shows its own not-found view is answered with 404 (markPageNotFound).
 *
 * Why through the site's HTTP server (server/marked-pages.ts): the App Router gives a page no
 * way to set its status or headers (only notFound(), redirect(), forbidden() and unauthorized()
 * change the status); the proxy runs before the page and cannot know how its data load ends;
 * and letting the failure reach an error boundary answers 500 with a page that needs
 * JavaScript. So the page renders its notice, and marks the request here; the site server owns
 * the response and, when Next.js writes the status line, turns a marked 200 into a 503. The
 * mark is set before the status line is written because these pages load their data above any
 * Suspense boundary (no loading.tsx), so Next.js sends nothing before the page has rendered.
 * Where that does not hold (a server started without the site server), the notice is still
 * served, with 200.
 *
 * The store lives on globalThis under a registered symbol: Next.js loads its own copy of this
 * module into the page bundle, and the site server loads another.
 */

export interface PageStatus {
  /** Set by a page that shows the unavailable notice: the seconds to put in Retry-After. */
  unavailableRetryAfterSeconds?: number;
  /**
   * Set by a page whose address names something that does not exist (a house the partner does
   * not know): the page renders its not-found view itself, and is answered with 404. Next.js's
   * own notFound() from a page is answered with an empty document whose text only JavaScript
   * draws, which guests without it, link previews and some crawlers read as a blank page.
   */
  notFound?: boolean;
}

/** Retry-After when the partner said nothing about when to come back. */
export const DEFAULT_UNAVAILABLE_RETRY_SECONDS = 30;

const KEY = Symbol.for('partner-booking-site.page-status');
const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<PageStatus> | undefined>;

function storage(): AsyncLocalStorage<PageStatus> {
  holder[KEY] ??= new AsyncLocalStorage<PageStatus>();
  return holder[KEY];
}

/** Runs one request's handling with a fresh status slot; the site server calls it. */
export function runWithPageStatus<T>(status: PageStatus, fn: () => T): T {
  return storage().run(status, fn);
}

/** Marks the current request's page as showing the unavailable notice; a no-op outside one. */
export function markPageUnavailable(retryAfterSeconds: number | undefined): void {
  const status = storage().getStore();
  if (!status) return;
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds ?? DEFAULT_UNAVAILABLE_RETRY_SECONDS));
  status.unavailableRetryAfterSeconds = Math.max(status.unavailableRetryAfterSeconds ?? 0, seconds);
}

/** Marks the current request's page as showing its not-found view; a no-op outside one. */
export function markPageNotFound(): void {
  const status = storage().getStore();
  if (status) status.notFound = true;
}
