import 'server-only';

import type { QuotaSizing } from './policy';

/**
 * The token bucket, as a pure function of its state and the time, so that the in-memory store,
 * the Redis Lua script and the property tests share one definition; quota.ts binds it to a store
 * and a clock.
 *
 * The bucket sets the pace and the burst (half the minute's budget, so a family opening house
 * pages in tabs is served at once); beside it, the times of the grants of the last minute, so
 * that no 60-s window ever holds more than the budget however the bursts fall. A call is granted
 * when both have room for its kind.
 *
 * Arithmetic is in integers: one token is 60 000 units and the bucket gains `refillPerMin` units
 * per millisecond, so a minute adds exactly `refillPerMin` tokens with no float drift. Lua
 * numbers are doubles, which hold these integers exactly.
 */

/**
 * `booking` may take the last token and the minute's last call, `read` must leave the reserve of
 * both, and `spare` (a read nobody is waiting for) only takes a token from a bucket at most two
 * short of full and only while the minute has a whole burst left: while pages or bookings are
 * spending the quota the bucket is lower, so a spare read spends what would otherwise go unused.
 */
export type QuotaKind = 'read' | 'booking' | 'spare';

export type TakeResult =
  { readonly granted: true } | { readonly granted: false; readonly retryAfterMs: number };

export const UNITS_PER_TOKEN = 60_000;

export interface BucketParams {
  readonly capacityUnits: number;
  readonly refillUnitsPerMs: number;
  readonly reserveTokens: number;
  /** The most grants any window of `windowMs` (both ends counted) may hold. */
  readonly windowLimit: number;
  readonly windowMs: number;
}

export interface BucketState {
  /** Units in the bucket. */
  readonly level: number;
  /** The latest time the bucket was refilled to; it never moves backwards. */
  readonly ts: number;
  /** When the grants of the last window were made, oldest first. */
  readonly grants: readonly number[];
}

export const WINDOW_MS = 60_000;

export function bucketParams(sizing: QuotaSizing): BucketParams {
  return {
    capacityUnits: sizing.capacity * UNITS_PER_TOKEN,
    refillUnitsPerMs: sizing.refillPerMin,
    reserveTokens: sizing.reserve,
    windowLimit: sizing.budgetPerMin,
    windowMs: WINDOW_MS,
  };
}

/** Units that must be in the bucket for a call of this kind to be admitted. */
export function neededUnits(params: BucketParams, kind: QuotaKind): number {
  // A read must leave the reserve untouched; a booking call may take the last token.
  if (kind === 'spare')
    return Math.max(params.capacityUnits - 2 * UNITS_PER_TOKEN, (params.reserveTokens + 2) * UNITS_PER_TOKEN);
  return kind === 'booking' ? UNITS_PER_TOKEN : (params.reserveTokens + 1) * UNITS_PER_TOKEN;
}

/**
 * Grants of the window this kind of call may find before it is made: a read leaves twice the
 * reserve (one booking's calls and more), a spare read a whole burst.
 */
export function windowRoom(params: BucketParams, kind: QuotaKind): number {
  if (kind === 'booking') return params.windowLimit;
  if (kind === 'read') return params.windowLimit - 2 * params.reserveTokens;
  return params.windowLimit - params.capacityUnits / UNITS_PER_TOKEN;
}

/**
 * A missing bucket is a full one: it has been idle for longer than a full refill. Grants older
 * than the window are dropped; one made exactly `windowMs` ago still counts.
 */
export function refill(state: BucketState | undefined, params: BucketParams, now: number): BucketState {
  if (state === undefined) return { level: params.capacityUnits, ts: now, grants: [] };
  const grants = state.grants.filter((at) => at >= now - params.windowMs);
  // A caller whose clock runs behind adds nothing, so skew between instances cannot mint tokens.
  if (now <= state.ts) return { ...state, grants };
  const level = Math.min(params.capacityUnits, state.level + (now - state.ts) * params.refillUnitsPerMs);
  return { level, ts: now, grants };
}

export function take(
  state: BucketState | undefined,
  params: BucketParams,
  kind: QuotaKind,
  now: number,
): { state: BucketState; result: TakeResult } {
  const current = refill(state, params, now);
  const need = neededUnits(params, kind);
  const room = windowRoom(params, kind);
  const { grants } = current;
  if (current.level >= need && grants.length < room) {
    // Kept at the bucket's time, never earlier: a lagging caller's grant counts the longest.
    return {
      state: { level: current.level - UNITS_PER_TOKEN, ts: current.ts, grants: [...grants, current.ts] },
      result: { granted: true },
    };
  }
  const bucketWait = current.level >= need ? 0 : Math.ceil((need - current.level) / params.refillUnitsPerMs);
  // Until enough of the oldest grants leave the window for one more of this kind.
  const windowWait =
    grants.length < room ? 0 : (grants[grants.length - room] ?? now) + params.windowMs + 1 - now;
  return { state: current, result: { granted: false, retryAfterMs: Math.max(1, bucketWait, windowWait) } };
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
 * by d can add at most d·r tokens once (and see a grant leave the window d early). Instances are
 * NTP-synchronised, so d is milliseconds against a 10 % budget margin.
 *
 * KEYS[1] bucket hash {level, ts}, KEYS[2] list of the window's grant times. ARGV: now,
 * capacityUnits, refillUnitsPerMs, neededUnits, unitsPerToken, ttlMs, take (1) or peek (0),
 * windowMs, windowRoom. Returns {granted 0|1, retryAfterMs, level}.
 */
export const QUOTA_LUA = `
local now = tonumber(ARGV[1])
local cap = tonumber(ARGV[2])
local rate = tonumber(ARGV[3])
local need = tonumber(ARGV[4])
local unit = tonumber(ARGV[5])
local ttl = tonumber(ARGV[6])
local doTake = ARGV[7] == '1'
local win = tonumber(ARGV[8])
local room = tonumber(ARGV[9])
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
local log = redis.call('LRANGE', KEYS[2], 0, -1)
local kept = {}
local leading = 0
for i = 1, #log do
  local at = tonumber(log[i])
  if at >= now - win then
    kept[#kept + 1] = at
  elseif #kept == 0 then
    leading = leading + 1
  end
end
if leading > 0 then redis.call('LTRIM', KEYS[2], leading, -1) end
table.sort(kept)
local count = #kept
if level >= need and count < room then
  if doTake then
    level = level - unit
    redis.call('HSET', KEYS[1], 'level', level, 'ts', ts)
    redis.call('PEXPIRE', KEYS[1], ttl)
    redis.call('RPUSH', KEYS[2], ts)
    redis.call('PEXPIRE', KEYS[2], win + 1)
  end
  return {1, 0, level}
end
local wait = 1
if level < need then wait = math.max(wait, math.ceil((need - level) / rate)) end
if count >= room then wait = math.max(wait, kept[count - room + 1] + win + 1 - now) end
return {0, wait, level}
`;
