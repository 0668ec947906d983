import 'server-only';

import { UpstreamError, type UpstreamErrorCode } from './errors';

/**
 * The governor's own refusal: the call was never sent because of the pause, the quota, an
 * unreachable shared store or an open circuit. A subclass so the retry loop and the circuit can
 * tell it from an upstream failure, while callers still see a plain UpstreamError with `notSent`
 * and `retryAfterSeconds`.
 */
export class NotAdmittedError extends UpstreamError {
  constructor(
    code: Extract<UpstreamErrorCode, 'rate_limited' | 'quota_exhausted' | 'unavailable'>,
    message: string,
    retryAfterMs: number,
    /** The failure behind the refusal (the one that opened the circuit), when there is one. */
    cause?: unknown,
  ) {
    super(code, message, {
      retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
      notSent: true,
      ...(cause !== undefined ? { cause } : {}),
    });
  }
}
