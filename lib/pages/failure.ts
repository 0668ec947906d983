import 'server-only';
import { notFound } from 'next/navigation';
import { isPartnerError } from '@/lib/partner-api/errors';

/**
 * How every page meets a failed partner read, in one place:
 *
 * - the partner does not know what the address names (a house id it has never had): `notFound()`,
 *   so the segment's not-found page answers with a 404;
 * - the partner is busy or unreachable and nothing is cached: a `busy` result, which the page
 *   renders as its localized "busy, try again" notice with a retry link;
 * - anything else is thrown on to the segment's error boundary.
 *
 * Loaders in lib/pages throw; pages call them through `loadPageData` and branch on the result.
 */

export interface Busy {
  retryAfterSeconds: number | undefined;
}

export type PageData<T> = { ok: true; data: T } | { ok: false; busy: Busy };

const BUSY_CODES: ReadonlySet<string> = new Set(['rate_limited', 'quota_exhausted', 'unavailable', 'timeout']);

/** The partner is busy or unreachable (its answer says nothing about what was asked). */
export function asBusy(err: unknown): Busy | null {
  if (!isPartnerError(err) || !BUSY_CODES.has(err.code)) return null;
  return { retryAfterSeconds: err.retryAfterSeconds };
}

/** Leaves the page for the not-found page when the partner does not know what was asked for. */
export function notFoundIfUnknown(err: unknown): void {
  if (isPartnerError(err) && err.code === 'not_found') notFound();
}

export async function loadPageData<T>(load: () => Promise<T>): Promise<PageData<T>> {
  try {
    return { ok: true, data: await load() };
  } catch (err) {
    notFoundIfUnknown(err);
    const busy = asBusy(err);
    if (busy) return { ok: false, busy };
    throw err;
  }
}
