import 'server-only';

import { UpstreamError, type UpstreamErrorCode, type UpstreamErrorOptions } from '../errors';
import { createGovernor, type GovernorOptions } from '../governor';
import { MemoryStore } from '../memory-store';
import { cachePolicy, type OperationTable } from '../policy';
import type { Store } from '../store';

import { FakeClock } from './fake-clock';

/** Test support: a governor on a fake clock, and upstream calls that count themselves. */

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * An upstream shaped like the holiday-house partner: browsing reads with short and long cache
 * ages, a cached booking read (a price quote) and two booking writes. The tests reason about
 * these ages ("stale after 60 s"), so they are fixed here rather than read from the site's table.
 */
export const TEST_OPERATIONS = {
  searchHouses: { kind: 'read', cache: cachePolicy(60 * SECOND, 15 * MINUTE, HOUR) },
  houseDetails: { kind: 'read', cache: cachePolicy(5 * MINUTE, HOUR, 24 * HOUR) },
  optionalServices: { kind: 'read', cache: cachePolicy(10 * MINUTE, 2 * HOUR, 24 * HOUR) },
  parkData: { kind: 'read', cache: cachePolicy(HOUR, 24 * HOUR, 72 * HOUR) },
  priceSpecifications: { kind: 'booking', cache: cachePolicy(60 * SECOND, 10 * MINUTE, 30 * MINUTE) },
  preRegisterReservation: { kind: 'booking' },
  finalizeReservation: { kind: 'booking' },
} as const satisfies OperationTable;

export type TestOperation = keyof typeof TEST_OPERATIONS;

export function setup<Op extends string = TestOperation>(
  options: Partial<GovernorOptions<Op>> & { store?: Store; clock?: FakeClock } = {},
) {
  const clock = options.clock ?? new FakeClock();
  const store = options.store ?? new MemoryStore();
  const governor = createGovernor<Op>({
    limitPerMin: 100,
    now: clock.now,
    sleep: clock.sleep,
    random: () => 0.5,
    ...options,
    operations: options.operations ?? (TEST_OPERATIONS as unknown as OperationTable<Op>),
    store,
  });
  return { clock, store, governor };
}

export interface CountingFetch<T> {
  (signal: AbortSignal): Promise<T>;
  readonly calls: number[];
}

/** An upstream call that records the fake time of each attempt and answers from `answer`. */
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
  (code: UpstreamErrorCode, opts: UpstreamErrorOptions = {}) =>
  () => {
    throw new UpstreamError(code, `upstream said ${code}`, opts);
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
