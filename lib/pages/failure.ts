import { isPartnerError } from '@/lib/partner-api/errors';

const BUSY_CODES = new Set(['rate_limited', 'quota_exhausted', 'unavailable', 'timeout']);

/** The partner is busy or unreachable (nothing cached): the page shows the "busy, retry" state. */
export function getBusyRetry(err: unknown): { retryAfterSeconds: number | undefined } | null {
  if (!isPartnerError(err) || !BUSY_CODES.has(err.code)) return null;
  return { retryAfterSeconds: err.retryAfterSeconds };
}
