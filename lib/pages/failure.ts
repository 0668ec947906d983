import 'server-only';
import { markPageNotFound, markPageUnavailable } from '@/lib/http/page-status';
import { isPartnerError } from '@/lib/partner-api/errors';
import { reportPartnerFailure } from '@/lib/partner-api/failure-log';

/**
 * How every page meets a failed partner read, in one place:
 *
 * - the address names one thing (a house id) and the partner does not know it: an `unknown`
 *   result, which the page renders as its segment's not-found view, and the request is marked so
 *   the site server answers it with 404 (not Next.js's notFound(), whose 404 document is empty
 *   until JavaScript draws it). Only pages that name a thing ask for this (`loadNamedPageData`);
 *   elsewhere (a search) a 404 from the partner is one more failure;
 * - any other partner failure (busy, unreachable, timed out, a malformed or unexpected answer,
 *   our key refused) with nothing cached: an `unavailable` result, which the page renders as its
 *   localized "try again" notice with a retry link (worded as load only when it was load), and the request is marked so the site
 *   server answers it with 503 and Retry-After (lib/http/page-status.ts). The guest cannot do
 *   anything about any of these but come back later, so they all look the same to them;
 * - anything that is not a partner failure (a bug) is thrown on to the segment's error boundary.
 *
 * Loaders in lib/pages throw; pages call them through `loadPageData` and branch on the result.
 */

export interface Busy {
  /** When the partner said to come back (a 429 or a pause), else undefined. */
  retryAfterSeconds: number | undefined;
  /**
   * What the guest is told it was. `fault` when the partner answered, but not with a busy signal:
   * an answer the site cannot use, our key refused, a server error (500, 502). `load` for the
   * rest: the partner said it is busy (429, 503, 504), did not answer in time or at all, our
   * share of its quota is spent, or the calls are held back after such failures.
   */
  cause: FailureCause;
}

/** How a failure is told to the guest (see Busy.cause). */
export type FailureCause = 'load' | 'fault';

export type PageData<T> = { ok: true; data: T } | { ok: false; busy: Busy };
/** A page's data when its address names one thing, which may not exist. */
export type NamedPageData<T> = PageData<T> | { ok: false; unknown: true };

const FAULT_CODES: ReadonlySet<string> = new Set([
  'bad_gateway',
  'unauthorized',
  'forbidden',
  'not_found',
  'invalid_input',
  'conflict',
]);

/** Any partner failure, as what the page tells the guest; null for errors that are not the partner's. */
export function asBusy(err: unknown): Busy | null {
  if (!isPartnerError(err)) return null;
  // A call held back after failures (the open circuit) is told as the failure that held it back.
  const failure = err.notSent && isPartnerError(err.cause) ? err.cause : err;
  const fault =
    FAULT_CODES.has(failure.code) ||
    (failure.code === 'unavailable' && (failure.upstreamStatus === 500 || failure.upstreamStatus === 502));
  return { retryAfterSeconds: err.retryAfterSeconds, cause: fault ? 'fault' : 'load' };
}

/** Whether the partner does not know what the address asked for. */
export function isUnknown(err: unknown): boolean {
  return isPartnerError(err) && err.code === 'not_found';
}

/**
 * The not-found view a page renders for an address that names nothing (a malformed id, or one the
 * partner does not know), with the request marked for a 404 answer.
 */
export function unknownAddress<T>(view: T): T {
  markPageNotFound();
  return view;
}

/** A partner failure as the page's "busy" result (the request marked for 503); anything else is thrown on. */
function busyResult(err: unknown): { ok: false; busy: Busy } {
  const busy = asBusy(err);
  if (!busy || !isPartnerError(err)) throw err;
  // In the log as a route handler's failure is: the guest sees only "busy", the operator the cause.
  reportPartnerFailure(err, 'page');
  markPageUnavailable(busy.retryAfterSeconds);
  return { ok: false, busy };
}

export async function loadPageData<T>(load: () => Promise<T>): Promise<PageData<T>> {
  try {
    return { ok: true, data: await load() };
  } catch (err) {
    return busyResult(err);
  }
}

export async function loadNamedPageData<T>(load: () => Promise<T>): Promise<NamedPageData<T>> {
  try {
    return { ok: true, data: await load() };
  } catch (err) {
    return isUnknown(err) ? { ok: false, unknown: true } : busyResult(err);
  }
}
