import 'server-only';
import { notFound } from 'next/navigation';
import { markPageUnavailable } from '@/lib/http/page-status';
import { isPartnerError } from '@/lib/partner-api/errors';

/**
 * How every page meets a failed partner read, in one place:
 *
 * - the address names one thing (a house id) and the partner does not know it: `notFound()`, so
 *   the segment's not-found page answers with a 404. Only pages that name a thing ask for this
 *   (`notFoundWhenUnknown`); elsewhere (a search) a 404 from the partner is one more failure;
 * - any other partner failure (busy, unreachable, timed out, a malformed or unexpected answer,
 *   our key refused) with nothing cached: an `unavailable` result, which the page renders as its
 *   localized "busy, try again" notice with a retry link, and the request is marked so the site
 *   server answers it with 503 and Retry-After (lib/http/page-status.ts). The guest cannot do
 *   anything about any of these but come back later, so they all look the same to them;
 * - anything that is not a partner failure (a bug) is thrown on to the segment's error boundary.
 *
 * Loaders in lib/pages throw; pages call them through `loadPageData` and branch on the result.
 */

export interface Busy {
  /** When the partner said to come back (a 429 or a pause), else undefined. */
  retryAfterSeconds: number | undefined;
}

export type PageData<T> = { ok: true; data: T } | { ok: false; busy: Busy };

export interface PageDataOptions {
  /** The address names one thing: the partner not knowing it is this page's not-found page. */
  notFoundWhenUnknown?: boolean;
}

/** Any partner failure, as what the page tells the guest; null for errors that are not the partner's. */
export function asBusy(err: unknown): Busy | null {
  if (!isPartnerError(err)) return null;
  return { retryAfterSeconds: err.retryAfterSeconds };
}

/** Leaves the page for the not-found page when the partner does not know what was asked for. */
export function notFoundIfUnknown(err: unknown): void {
  if (isPartnerError(err) && err.code === 'not_found') notFound();
}

export async function loadPageData<T>(
  load: () => Promise<T>,
  options: PageDataOptions = {},
): Promise<PageData<T>> {
  try {
    return { ok: true, data: await load() };
  } catch (err) {
    if (options.notFoundWhenUnknown) notFoundIfUnknown(err);
    const busy = asBusy(err);
    if (!busy) throw err;
    markPageUnavailable(busy.retryAfterSeconds);
    return { ok: false, busy };
  }
}
