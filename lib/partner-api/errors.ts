/**
 * The typed error taxonomy of partner calls. Every failure of a partner call becomes one of
 * these, carrying a stable `code` and the HTTP status the BFF answers with. Partner bodies are
 * never kept on the error: only what is safe to log.
 */

export type PartnerErrorCode =
  | 'invalid_input'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'quota_exhausted'
  | 'unavailable'
  | 'timeout'
  | 'bad_gateway';

/** Status the BFF answers with for each code. */
export const STATUS_FOR_CODE: Record<PartnerErrorCode, number> = {
  invalid_input: 400,
  unauthorized: 502, // our key is wrong or expired: the guest can do nothing about it
  forbidden: 502,
  not_found: 404,
  conflict: 409,
  rate_limited: 503,
  quota_exhausted: 503,
  unavailable: 503,
  timeout: 504,
  bad_gateway: 502,
};

/**
 * A brand shared by every copy of this module: Next.js bundles a copy per route, while the
 * gateway lives once per process, so `instanceof` alone can miss an error from another copy.
 */
const BRAND = Symbol.for('partner-booking-site.PartnerError');

export class PartnerError extends Error {
  readonly [BRAND] = true;
  readonly code: PartnerErrorCode;
  /** Status of the partner's answer, when there was one. */
  readonly upstreamStatus: number | undefined;
  /** Seconds until a retry makes sense (429, quota, pause). */
  readonly retryAfterSeconds: number | undefined;
  /** True when the request provably never reached the partner (connection refused, no token). */
  readonly notSent: boolean;
  /** Field names the partner rejected (400), never values. */
  readonly fields: readonly string[] | undefined;

  constructor(
    code: PartnerErrorCode,
    message: string,
    opts: {
      upstreamStatus?: number;
      retryAfterSeconds?: number;
      notSent?: boolean;
      fields?: readonly string[];
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = 'PartnerError';
    this.code = code;
    this.upstreamStatus = opts.upstreamStatus;
    this.retryAfterSeconds = opts.retryAfterSeconds;
    this.notSent = opts.notSent ?? false;
    this.fields = opts.fields;
  }

  get status(): number {
    return STATUS_FOR_CODE[this.code];
  }

  /** Worth another try for a read: the partner was busy or unreachable, not wrong. */
  get retryable(): boolean {
    return this.code === 'unavailable' || this.code === 'timeout';
  }
}

export function isPartnerError(err: unknown): err is PartnerError {
  return err instanceof PartnerError || (typeof err === 'object' && err !== null && BRAND in err);
}
