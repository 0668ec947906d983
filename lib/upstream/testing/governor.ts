import 'server-only';

import { PartnerError, type PartnerErrorCode } from '@/lib/partner-api/errors';

import { createGovernor, type GovernorOptions } from '../governor';
import { MemoryStore } from '../memory-store';
import type { Store } from '../store';

import { FakeClock } from './fake-clock';

/** Test support: a governor on a fake clock, and partner calls that count themselves. */

export function setup(options: Partial<GovernorOptions> & { store?: Store; clock?: FakeClock } = {}) {
  const clock = options.clock ?? new FakeClock();
  const store = options.store ?? new MemoryStore();
  const governor = createGovernor({
    limitPerMin: 100,
    now: clock.now,
    sleep: clock.sleep,
    random: () => 0.5,
    ...options,
    store,
  });
  return { clock, store, governor };
}

export interface CountingFetch<T> {
  (signal: AbortSignal): Promise<T>;
  readonly calls: number[];
}

/** A partner call that records the fake time of each attempt and answers from `answer`. */
export function countingFetch<T>(
  clock: FakeClock,
  answer: (attempt: number) => T | Promise<T>,
): CountingFetch<T> {
  const calls: number[] = [];
  const fetch = async () => {
    calls.push(clock.now());
    return answer(calls.length);
  };
  return Object.assign(fetch, { calls });
}

export const fail =
  (code: PartnerErrorCode, opts: ConstructorParameters<typeof PartnerError>[2] = {}) =>
  () => {
    throw new PartnerError(code, `partner said ${code}`, opts);
  };

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
