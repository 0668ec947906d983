import 'server-only';

import type { QuotaSizing } from './policy';

/**
 * The token bucket, as a pure function of its state and the time, so that the in-memory store,
 * the Redis Lua script and the property tests share one definition; quota.ts binds it to a store
 * and a clock.
 *
 * Arithmetic is in integers: one token is 60 000 units and the bucket gains `refillPerMin` units
 * per millisecond, so a minute adds exactly `refillPerMin` tokens with no float drift that could
 * let a 91st call through. Lua numbers are doubles, which hold these integers exactly.
 */

/**
 * `booking` may take the last token, `read` must leave the reserve, and `spare` (a read nobody is
 * waiting for) only takes a token from a bucket at most two short of full: while pages or bookings
 * are spending the quota the bucket is lower, and a spare read always leaves more than a page read
 * needs at once, the reserve untouched.
 */
export type QuotaKind = 'read' | 'booking' | 'spare';

export type TakeResult =
  { readonly granted: true } | { readonly granted: false; readonly retryAfterMs: number };

export const UNITS_PER_TOKEN = 60_000;

export interface BucketParams {
  readonly capacityUnits: number;
  readonly refillUnitsPerMs: number;
  readonly reserveTokens: number;
}

export interface BucketState {
  /** Units in the bucket. */
  readonly level: number;
  /** The latest time the bucket was refilled to; it never moves backwards. */
  readonly ts: number;
}

export function bucketParams(sizing: QuotaSizing): BucketParams {
  return {
    capacityUnits: sizing.capacity * UNITS_PER_TOKEN,
    refillUnitsPerMs: sizing.refillPerMin,
    reserveTokens: sizing.reserve,
  };
}

/** Units that must be in the bucket for a call of this kind to be admitted. */
export function neededUnits(params: BucketParams, kind: QuotaKind): number {
  // A read must leave the reserve untouched; a booking call may take the last token.
  if (kind === 'spare') return Math.max(params.capacityUnits - 2 * UNITS_PER_TOKEN, (params.reserveTokens + 2) * UNITS_PER_TOKEN);
  return kind === 'booking' ? UNITS_PER_TOKEN : (params.reserveTokens + 1) * UNITS_PER_TOKEN;
}

/** A missing bucket is a full one: it has been idle for longer than a full refill. */
export function refill(state: BucketState | undefined, params: BucketParams, now: number): BucketState {
  if (state === undefined) return { level: params.capacityUnits, ts: now };
  // A caller whose clock runs behind adds nothing, so skew between instances cannot mint tokens.
  if (now <= state.ts) return state;
  const level = Math.min(params.capacityUnits, state.level + (now - state.ts) * params.refillUnitsPerMs);
  return { level, ts: now };
}

export function take(
  state: BucketState | undefined,
  params: BucketParams,
  kind: QuotaKind,
  now: number,
): { state: BucketState; result: TakeResult } {
  const current = refill(state, params, now);
  const need = neededUnits(params, kind);
  if (current.level >= need) {
    return { state: { level: current.level - UNITS_PER_TOKEN, ts: current.ts }, result: { granted: true } };
  }
  const retryAfterMs = Math.ceil((need - current.level) / params.refillUnitsPerMs);
  return { state: current, result: { granted: false, retryAfterMs } };
}

/** Whole tokens available now (for stats). */
export function tokensAvailable(state: BucketState | undefined, params: BucketParams, now: number): number {
  return Math.floor(refill(state, params, now).level / UNITS_PER_TOKEN);
}

/** Time for an empty bucket to fill; after that long idle the key may vanish without changing anything. */
export function fullRefillMs(params: BucketParams): number {
  return Math.ceil(params.capacityUnits / params.refillUnitsPerMs);
}

/**
 * The same take as `take()`, atomically in Redis. The time comes from the caller (ARGV[1]) rather
 * than Redis TIME: the algorithm is then one definition tested with an injected clock, and since
 * `ts` only moves forward, an instance whose clock lags refills nothing and one that runs ahead
 * by d can add at most d·r tokens once. Instances are NTP-synchronised, so d is milliseconds
 * against a 10 % budget margin.
 *
 * KEYS[1] bucket hash {level, ts}. ARGV: now, capacityUnits, refillUnitsPerMs, neededUnits,
 * unitsPerToken, ttlMs, take (1) or peek (0). Returns {granted 0|1, retryAfterMs, level}.
 */
export const QUOTA_LUA = `
local now = tonumber(ARGV[1])
local cap = tonumber(ARGV[2])
local rate = tonumber(ARGV[3])
local need = tonumber(ARGV[4])
local unit = tonumber(ARGV[5])
local ttl = tonumber(ARGV[6])
local doTake = ARGV[7] == '1'
local state = redis.call('HMGET', KEYS[1], 'level', 'ts')
local level = tonumber(state[1])
local ts = tonumber(state[2])
if level == nil or ts == nil then
  level = cap
  ts = now
elseif now > ts then
  level = math.min(cap, level + (now - ts) * rate)
  ts = now
end
if level >= need then
  if doTake then
    level = level - unit
    redis.call('HSET', KEYS[1], 'level', level, 'ts', ts)
    redis.call('PEXPIRE', KEYS[1], ttl)
  end
  return {1, 0, level}
end
return {0, math.ceil((need - level) / rate), level}
`;
