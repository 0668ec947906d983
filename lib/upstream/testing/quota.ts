import 'server-only';

import fc from 'fast-check';

import type { QuotaKind, TakeResult } from '../token-bucket';

/** Test support for the quota properties: arrival sequences and the sliding-window count. */

export interface Burst {
  /** Milliseconds after the previous burst. */
  readonly gap: number;
  readonly kind: QuotaKind;
  readonly count: number;
}

/** Arrival sequences from idle trickles to floods, with same-millisecond bursts. */
export const arrivals = (maxBursts: number): fc.Arbitrary<Burst[]> =>
  fc.array(
    fc.record({
      gap: fc.oneof(
        fc.constant(0),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 3_000 }),
        fc.integer({ min: 0, max: 90_000 }),
      ),
      kind: fc.constantFrom<QuotaKind>('read', 'read', 'booking'),
      count: fc.integer({ min: 1, max: 25 }),
    }),
    { minLength: 1, maxLength: maxBursts },
  );

/** The most grants in any closed 60-s window [t, t + 60 s]; the worst window starts at a grant. */
export function maxGrantsInAnyMinute(grantTimes: readonly number[]): number {
  const times = [...grantTimes].sort((a, b) => a - b);
  let best = 0;
  let end = 0;
  for (let start = 0; start < times.length; start += 1) {
    const from = times[start] ?? 0;
    while (end < times.length && (times[end] ?? Infinity) <= from + 60_000) end += 1;
    best = Math.max(best, end - start);
  }
  return best;
}

/** Replays bursts against `take`, returning the time of every grant and every decision in order. */
export async function replay(
  bursts: readonly Burst[],
  start: number,
  take: (kind: QuotaKind, now: number) => Promise<TakeResult> | TakeResult,
): Promise<{ grants: number[]; decisions: boolean[] }> {
  const grants: number[] = [];
  const decisions: boolean[] = [];
  let now = start;
  for (const burst of bursts) {
    now += burst.gap;
    for (let i = 0; i < burst.count; i += 1) {
      const result = await take(burst.kind, now);
      decisions.push(result.granted);
      if (result.granted) grants.push(now);
    }
  }
  return { grants, decisions };
}
