import 'server-only';

import { setTimeout as delay } from 'node:timers/promises';

import { UpstreamError } from './errors';

/** Time as the governor sees it; tests inject a fake one so that no assertion depends on the wall clock. */
export interface Clock {
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => delay(Math.max(0, ms), undefined, { signal }),
};

export interface Deadline {
  /** Aborts when the deadline passes; handed to the upstream call. */
  readonly signal: AbortSignal;
  /** Rejects with a `timeout` UpstreamError when the deadline passes; never settles otherwise. */
  readonly expired: Promise<never>;
  cancel(): void;
}

/** A deadline at absolute time `at` on `clock`. Always `cancel()` it, or its timer stays armed. */
export function startDeadline(clock: Clock, at: number): Deadline {
  const controller = new AbortController();
  const timer = new AbortController();
  const expired = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  // Losing the race against the call is the normal case, not an unhandled rejection.
  expired.catch(() => undefined);
  clock.sleep(Math.max(0, at - clock.now()), timer.signal).then(
    () => controller.abort(new UpstreamError('timeout', 'partner call deadline passed')),
    () => undefined,
  );
  return {
    signal: controller.signal,
    expired,
    cancel: () => timer.abort(),
  };
}

/** Runs `call` with the deadline's signal and stops waiting for it when the deadline passes. */
export async function withDeadline<T>(
  clock: Clock,
  at: number,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const deadline = startDeadline(clock, at);
  try {
    const pending = call(deadline.signal);
    // If the deadline wins, a late rejection of the call must not surface as unhandled.
    pending.catch(() => undefined);
    return await Promise.race([pending, deadline.expired]);
  } finally {
    deadline.cancel();
  }
}
