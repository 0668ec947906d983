import { requestContext, type PageStatus } from '@/lib/request-context';

export type { PageStatus };

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
 * The status slot is part of the request context (lib/request-context.ts), which every copy of
 * this module that Next.js and the site server load shares.
 */

/** Retry-After when the partner said nothing about when to come back. */
export const DEFAULT_UNAVAILABLE_RETRY_SECONDS = 30;

/** Marks the current request's page as showing the unavailable notice; a no-op outside one. */
export function markPageUnavailable(retryAfterSeconds: number | undefined): void {
  const status = requestContext().pageStatus;
  if (!status) return;
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds ?? DEFAULT_UNAVAILABLE_RETRY_SECONDS));
  status.unavailableRetryAfterSeconds = Math.max(status.unavailableRetryAfterSeconds ?? 0, seconds);
}

/** Marks the current request's page as showing its not-found view; a no-op outside one. */
export function markPageNotFound(): void {
  const status = requestContext().pageStatus;
  if (status) status.notFound = true;
}
