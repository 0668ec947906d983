import 'server-only';

import type { Clock } from './clock';
import { isUpstreamError, type UpstreamError } from './errors';
import { RETRY_POLICY } from './policy';
import { NotAdmittedError } from './refusal';

/** Full jitter: uniform in [0, min(cap, base·2^retry)), so retries from many callers spread out. */
export function backoffMs(retry: number, random: () => number): number {
  const ceiling = Math.min(RETRY_POLICY.capMs, RETRY_POLICY.baseMs * 2 ** retry);
  return Math.floor(random() * ceiling);
}

/** An upstream failure worth another read: busy or unreachable, and not our own refusal. */
function retryableRead(err: unknown): err is UpstreamError {
  return isUpstreamError(err) && !(err instanceof NotAdmittedError) && err.retryable;
}

/**
 * Writes are retried only when the request provably never left (connection refused): anything
 * else may have reached the upstream, and a second booking call could book twice.
 */
function retryableWrite(err: unknown): err is UpstreamError {
  return retryableRead(err) && err.notSent;
}

export interface RetryOptions {
  readonly clock: Clock;
  readonly random: () => number;
  readonly deadlineAt: number;
  readonly maxRetries: number;
  readonly shouldRetry: (err: unknown) => boolean;
}

export async function withRetry<T>(attempt: () => Promise<T>, options: RetryOptions): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt();
    } catch (err) {
      if (retry >= options.maxRetries || !options.shouldRetry(err)) throw err;
      const wait = backoffMs(retry, options.random);
      // A retry that could only start at or after the deadline cannot answer in time.
      if (options.clock.now() + wait >= options.deadlineAt) throw err;
      await options.clock.sleep(wait);
    }
  }
}

export const READ_RETRY = { maxRetries: RETRY_POLICY.maxReadRetries, shouldRetry: retryableRead } as const;
export const WRITE_RETRY = { maxRetries: 1, shouldRetry: retryableWrite } as const;
