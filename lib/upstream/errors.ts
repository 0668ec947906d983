import 'server-only';
/**
 * The typed error taxonomy of upstream calls. Every failure of a call through the governor, and
 * every refusal to make one, becomes an UpstreamError carrying a stable `code` and the HTTP
 * status the site answers with. Upstream bodies are never kept on the error: only what is safe
 * to log.
 *
 * No `server-only` marker: the class holds no secret, and a thrown error may cross into code that
 * is shared with the browser bundle for type checks.
 */

export type UpstreamErrorCode =
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

/** Status the site answers with for each code. */
export const STATUS_FOR_CODE: Record<UpstreamErrorCode, number> = {
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
const BRAND = Symbol.for('partner-booking-site.UpstreamError');

export interface UpstreamErrorOptions {
  upstreamStatus?: number;
  retryAfterSeconds?: number;
  notSent?: boolean;
  fields?: readonly string[];
  cause?: unknown;
}

export class UpstreamError extends Error {
  readonly [BRAND] = true;
  readonly code: UpstreamErrorCode;
  /** Status of the upstream's answer, when there was one. */
  readonly upstreamStatus: number | undefined;
  /** Seconds until a retry makes sense (429, quota, pause). */
  readonly retryAfterSeconds: number | undefined;
  /** True when the request provably never reached the upstream (connection refused, no token). */
  readonly notSent: boolean;
  /** Field names the upstream rejected (400), never values. */
  readonly fields: readonly string[] | undefined;

  constructor(code: UpstreamErrorCode, message: string, opts: UpstreamErrorOptions = {}) {
    super(message, { cause: opts.cause });
    this.name = 'UpstreamError';
    this.code = code;
    this.upstreamStatus = opts.upstreamStatus;
    this.retryAfterSeconds = opts.retryAfterSeconds;
    this.notSent = opts.notSent ?? false;
    this.fields = opts.fields;
  }

  get status(): number {
    return STATUS_FOR_CODE[this.code];
  }

  /** Worth another try for a read: the upstream was busy or unreachable, not wrong. */
  get retryable(): boolean {
    return this.code === 'unavailable' || this.code === 'timeout';
  }
}

export function isUpstreamError(err: unknown): err is UpstreamError {
  return err instanceof UpstreamError || (typeof err === 'object' && err !== null && BRAND in err);
}
