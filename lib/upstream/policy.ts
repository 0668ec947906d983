import 'server-only';

/**
 * Quota, retry, pause and circuit policy for upstream calls, and the shape of the per-operation
 * policy the caller gives the governor (which operations book, and how long each read is cached).
 *
 * The upstream allows L calls a minute (default 100) for the whole site, so every call passes one
 * governor. It keeps any 60-second window at or under B = floor(0.9 × L) calls (90) by counting
 * the grants of the last minute, and paces them with a token bucket of C = max(R + 1, round(B / 2))
 * = 45 tokens refilled at B a minute (1.5/s): a burst of house pages opened in tabs is served at
 * once, and the minute's count, not the bucket, is what bounds the partner's load. Both live in
 * Redis when a Redis URL is given (one atomic Lua script), so all instances share them; if Redis
 * cannot be reached the limiter denies. Booking calls may take a token whenever one is there and
 * the minute's last call; browsing reads only while more than R = max(2, floor(0.05 × B)) = 4
 * tokens remain and while the minute has more than 2R calls left, so browsing can never starve a
 * booking. Reads are cached per operation and language with three ages: fresh (served without a
 * call), stale (served at once while one instance refreshes it in the background) and error
 * (served, marked stale, only when the upstream fails, is paused or the quota is spent).
 *
 * Identical concurrent reads share one call. A 429 pauses every instance until the upstream's
 * Retry-After (60 s, the rest of its window, when it gives none; at most 10 min); while paused no
 * call leaves and reads get stale data or 503 with Retry-After. Reads retry at most twice on
 * timeouts and 5xx with full-jitter backoff (100 ms base, 1 s cap) inside their deadline; writes
 * are never retried, except once when the request provably never left (connection refused).
 * Five failures in a row that say the upstream is down (5xx, timeouts, resets, refused
 * connections) open this instance's circuit: for 10 s every call fails at once, unsent, so reads
 * serve stale data or 503 and bookings get a clear "try again"; then one trial call decides.
 */

export const DEFAULT_RATE_LIMIT_PER_MIN = 100;

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export interface CachePolicy {
  /** Younger than this: served without a call. */
  readonly freshMs: number;
  /** Younger than this: served at once and refreshed in the background. */
  readonly staleMs: number;
  /** Younger than this: served only when the upstream cannot answer (stale-if-error). */
  readonly errorMs: number;
}

export function cachePolicy(freshMs: number, staleMs: number, errorMs: number): CachePolicy {
  return { freshMs, staleMs, errorMs };
}

/** How the governor treats one operation of the upstream. */
export interface OperationPolicy {
  /** `booking` calls may use the reserved share of the quota; only they may go through write(). */
  readonly kind: 'read' | 'booking';
  /** The ages of a cached read; absent for an operation that is never cached (it carries guest data or books). */
  readonly cache?: CachePolicy;
}

/** Every operation the governor may be asked to run, by name. */
export type OperationTable<Op extends string = string> = Readonly<Record<Op, OperationPolicy>>;

export interface QuotaSizing {
  /** The upstream's own limit per minute (L). */
  readonly limitPerMin: number;
  /** The most calls any 60-s window may carry (B). */
  readonly budgetPerMin: number;
  /** Burst capacity of the bucket in tokens (C). */
  readonly capacity: number;
  /** Tokens added per minute (B): the count of the last minute, not the pace, bounds the load. */
  readonly refillPerMin: number;
  /** Tokens only booking calls may take (R). */
  readonly reserve: number;
}

/** Sizes the bucket from the upstream's limit; a 10 % margin absorbs clock skew and calls we do not see. */
export function sizeQuota(limitPerMin: number): QuotaSizing {
  if (!Number.isInteger(limitPerMin) || limitPerMin < 10) {
    throw new RangeError('upstream rate limit must be an integer of at least 10 per minute');
  }
  const budgetPerMin = Math.floor(limitPerMin * 0.9);
  const reserve = Math.max(2, Math.floor(budgetPerMin * 0.05));
  // At least R + 1 so that a full bucket always admits a read.
  const capacity = Math.max(reserve + 1, Math.round(budgetPerMin / 2));
  return { limitPerMin, budgetPerMin, capacity, refillPerMin: budgetPerMin, reserve };
}

export const RETRY_POLICY = {
  /** Retries after the first attempt, for reads only. */
  maxReadRetries: 2,
  baseMs: 100,
  capMs: SECOND,
} as const;

export const PAUSE_POLICY = {
  /** The rest of the upstream's 60-s window when a 429 names no Retry-After. */
  defaultMs: MINUTE,
  /** A Retry-After beyond this is treated as a mistake rather than stopping the site for hours. */
  maxMs: 10 * MINUTE,
  minMs: SECOND,
} as const;

export const BREAKER_POLICY = {
  /** Consecutive failures (5xx, timeouts, resets) that open the circuit. */
  consecutiveFailures: 5,
  /** Open this long, then one trial call. */
  halfOpenAfterMs: 10 * SECOND,
} as const;

export const DEADLINES = {
  readMs: 5 * SECOND,
  writeMs: 15 * SECOND,
  /** The longest a browsing call queues for a token before the governor answers 503 (or stale). */
  maxQueueMs: 2 * SECOND,
  /**
   * The longest a booking call (a write, or a read inside a booking step) queues for a token. A
   * guest who pressed "book" would rather wait a few seconds than be told to retry: the bucket
   * refills at 1.5 tokens a second and the minute keeps 2R calls from browsing, so one booking's
   * five calls (three re-check reads, pre-register, finalize) find room within a few seconds even
   * when browsing has spent the rest.
   */
  maxBookingQueueMs: 8 * SECOND,
  /** How long one instance holds the right to refresh a stale entry. */
  refreshLockMs: 10 * SECOND,
} as const;
