import 'server-only';

import { admitAndCall, type AdmissionContext, type CallPlan } from './admission';
import { createCircuit, type CircuitOptions, type CircuitStats } from './breaker';
import {
  announceCacheWrite,
  cacheKey,
  classify,
  reportStaleServed,
  type CacheEntry,
  type CacheParams,
  type Freshness,
} from './cache';
import { systemClock, withDeadline, type Clock } from './clock';
import { scopedDeadline } from './deadline-scope';
import { isUpstreamError } from './errors';
import { silentLogger, type Logger } from './logger';
import { notify, observeCall, type GovernorObserver } from './observer';
import {
  DEADLINES,
  DEFAULT_RATE_LIMIT_PER_MIN,
  type CachePolicy,
  type OperationPolicy,
  type OperationTable,
  type QuotaSizing,
} from './policy';
import { inBookingStep, outsideBookingStep, waitsLikeBooking } from './priority';
import { createQuota } from './quota';
import { READ_RETRY, WRITE_RETRY, withRetry } from './retry';
import { createShares } from './shares';
import { SingleFlight } from './single-flight';
import type { Store, StoreKind } from './store';
import type { QuotaKind } from './token-bucket';

/**
 * Every call to the upstream passes one governor: cache, single-flight, quota, pause, circuit,
 * retry and deadline. It knows the upstream only through the operation table it is given (which
 * operations book, how long each read is cached) and the UpstreamError its calls throw.
 */
export interface GovernorOptions<Op extends string = string> {
  readonly store: Store;
  /** Every operation the governor may run. */
  readonly operations: OperationTable<Op>;
  /** The upstream's limit per minute. */
  readonly limitPerMin?: number;
  readonly now?: () => number;
  /** Pairs with `now` in tests, so that waits run on the same fake clock. */
  readonly sleep?: Clock['sleep'];
  /** Uniform in [0, 1); seeded in tests to check backoff bounds. */
  readonly random?: () => number;
  readonly logger?: Logger;
  /** The longest a browsing call queues for a token. */
  readonly maxQueueMs?: number;
  /** The longest a booking call queues for a token. */
  readonly maxBookingQueueMs?: number;
  /** The circuit's thresholds; BREAKER_POLICY by default. */
  readonly breaker?: CircuitOptions;
  /** false turns the response cache off (the benchmark's comparison run); single-flight stays. */
  readonly cache?: boolean;
  /** Told of every call sent or refused and of every read answered (the site's metrics). */
  readonly observer?: GovernorObserver;
  /**
   * The most browsing calls one client's requests may start in a minute (see client-scope.ts),
   * counted in the store's windows so a fleet counts them once. Distinct searches each miss the
   * cache: without a share, one client could spend the whole browsing quota and leave every
   * other guest "busy". A read over it is served stale when there is an older answer, else
   * refused as the quota would refuse it. Booking steps, and requests with no client, have none.
   * `perMinute` is each browser's (its mark, else its address), `perAddressMinute` all browsers
   * behind one address together: a script may make up a mark for every request (./shares.ts).
   */
  readonly clientShare?: { readonly perMinute: number; readonly perAddressMinute?: number };
  /** Spare reads (ReadRequest.lane) the fleet may send a minute; a sixth of the budget by default. */
  readonly spareLane?: { readonly perMinute: number };
}

export interface ReadRequest<T, Op extends string = string> {
  readonly op: Op;
  /** The language the upstream answers in; part of the cache key. */
  readonly language: string;
  /** Every parameter that changes the answer; part of the cache key. */
  readonly params: CacheParams;
  /** Time budget for the whole read, waits and retries included. */
  readonly deadlineMs?: number;
  /** The upstream call. Its result must survive a JSON round trip, since the cache stores JSON. */
  readonly fetch: (signal: AbortSignal) => Promise<T>;
  /** Checks a cached value (another instance or version may have written it); a throw counts as a miss. */
  readonly parse?: (cached: unknown) => T;
  /**
   * Only an answer at most this old may be served without asking the upstream (ms). For reads
   * whose staleness would cost the guest, such as availability just before committing; an older
   * entry is still the fallback when the upstream cannot answer.
   */
  readonly maxAgeMs?: number;
  /**
   * `spare`: a read nobody waits for (the price under a calendar day). Sent only from a nearly
   * full bucket (see QuotaKind), never queued, and the spare reads of the fleet together are kept to
   * GovernorOptions.spareLane; without a cached answer and a spare token it is refused at once
   * (`quota_exhausted`, not sent). A cached answer serves it as any read.
   */
  readonly lane?: 'spare';
}

export interface ReadResult<T> {
  readonly value: T;
  readonly cache: 'hit' | 'stale' | 'miss';
  /** When the upstream gave this answer (epoch ms). */
  readonly storedAt: number;
  /**
   * Served only because the upstream could not answer now (failure, pause, spent quota, open
   * circuit): the one case a guest is told the data may be old. A stale answer served while a
   * refresh runs is the normal steady state and is not a fallback.
   */
  readonly fallback: boolean;
}

export interface WriteRequest<T, Op extends string = string> {
  readonly op: Op;
  readonly deadlineMs?: number;
  readonly fetch: (signal: AbortSignal) => Promise<T>;
}

export interface GovernorStats {
  readonly cacheHits: number;
  readonly cacheMisses: number;
  readonly staleServed: number;
  /** Share of reads answered from the cache, fresh or stale. */
  readonly hitRatio: number;
  /** Calls that left for the upstream, retries included. */
  readonly upstreamCalls: number;
  /** Whole tokens in the bucket now; null when the store cannot be asked. */
  readonly quotaRemaining: number | null;
  /** Epoch ms of the end of a current 429 pause; null when not paused. */
  readonly pausedUntil: number | null;
  readonly store: StoreKind;
  /** This instance's circuit. */
  readonly circuit: CircuitStats;
}

export interface Governor<Op extends string = string> {
  readonly sizing: QuotaSizing;
  read<T>(request: ReadRequest<T, Op>): Promise<ReadResult<T>>;
  write<T>(request: WriteRequest<T, Op>): Promise<T>;
  stats(): Promise<GovernorStats>;
  /** Resolves when background refreshes started so far have finished (tests, graceful shutdown). */
  idle(): Promise<void>;
}

/** Failures during which an older answer is still better than none. */
function servesStaleOn(err: unknown): boolean {
  return isUpstreamError(err) && err.code !== 'invalid_input' && err.code !== 'not_found';
}

interface Usable<T> {
  readonly value: T;
  readonly storedAt: number;
  readonly freshness: Freshness;
}

export function createGovernor<Op extends string>(options: GovernorOptions<Op>): Governor<Op> {
  const clock: Clock = { now: options.now ?? systemClock.now, sleep: options.sleep ?? systemClock.sleep };
  const random = options.random ?? Math.random;
  const logger = options.logger ?? silentLogger;
  const maxQueueMs = options.maxQueueMs ?? DEADLINES.maxQueueMs;
  const maxBookingQueueMs = Math.max(maxQueueMs, options.maxBookingQueueMs ?? DEADLINES.maxBookingQueueMs);
  const { store } = options;
  const quota = createQuota({
    store,
    limitPerMin: options.limitPerMin ?? DEFAULT_RATE_LIMIT_PER_MIN,
    now: clock.now,
  });
  const shares = createShares(store, clock, quota, options);
  const circuit = createCircuit(logger, options.breaker);
  const ctx: AdmissionContext = {
    store,
    clock,
    logger,
    quota,
    circuit,
    localPausedUntil: 0,
    upstreamCalls: 0,
  };
  const flights = new SingleFlight();
  const refreshing = new Set<string>();
  const background = new Set<Promise<void>>();
  const counters = { hits: 0, misses: 0, stale: 0 };

  /** One attempt at an upstream call, reported to the observer as sent or refused. */
  function call<T>(plan: CallPlan<T>): Promise<T> {
    return observeCall(options.observer, plan, (observed) => admitAndCall(ctx, observed));
  }

  function operation(op: string): OperationPolicy {
    const found: OperationPolicy | undefined = (options.operations as OperationTable)[op];
    if (found === undefined) throw new Error(`${op} is not an operation of this governor`);
    return found;
  }

  function cachePolicyOf(op: string): CachePolicy {
    const policy = operation(op).cache;
    if (policy === undefined) throw new Error(`${op} is never cached; send it through write()`);
    return policy;
  }

  async function lookup<T>(
    key: string,
    policy: CachePolicy,
    parse: ((cached: unknown) => T) | undefined,
  ): Promise<Usable<T> | undefined> {
    let entry: CacheEntry | undefined;
    try {
      entry = await store.getEntry(key);
    } catch {
      // An unreachable store is a miss; admission then decides (and fails closed).
      return undefined;
    }
    if (entry === undefined) return undefined;
    const freshness = classify(entry, policy, clock.now());
    if (freshness === 'expired') return undefined;
    try {
      // Without a parser the entry is trusted as what this code wrote for this key.
      const value = parse ? parse(entry.value) : (entry.value as T);
      return { value, storedAt: entry.storedAt, freshness };
    } catch {
      return undefined;
    }
  }

  /** Calls the upstream (with read retries) and stores the answer for the operation's error age. */
  async function fetchAndStore<T>(
    op: string,
    key: string,
    policy: CachePolicy,
    deadlineAt: number,
    queueMs: number,
    fetch: (signal: AbortSignal) => Promise<T>,
    lane?: 'spare',
  ): Promise<{ value: T; storedAt: number }> {
    // A read takes the booking share only inside a booking step. Anyone may ask for a read (a
    // price quote too), so a read outside a step is browsing, whatever the operation: otherwise a
    // flood of anonymous quotes would spend the reserve that lets a guest's booking through.
    const kind: QuotaKind = lane ?? (inBookingStep() ? 'booking' : 'read');
    // A booking step's read, and a booking page's, may wait as long as a booking write (a
    // refresh, queueMs 0, never waits).
    const queue = waitsLikeBooking() && queueMs > 0 ? Math.max(queueMs, maxBookingQueueMs) : queueMs;
    const plan = { op, kind, deadlineAt, fetch, queueUntil: Math.min(deadlineAt, clock.now() + queue) };
    let value: T;
    try {
      value = await withRetry(() => call(plan), { clock, random, deadlineAt, ...READ_RETRY });
    } catch (err) {
      // The thing is gone upstream: stop serving it from the cache.
      if (isUpstreamError(err) && err.code === 'not_found') {
        await store.deleteEntry(key).catch(() => undefined);
        announceCacheWrite(key);
      }
      throw err;
    }
    const storedAt = clock.now();
    if (options.cache === false) return { value, storedAt };
    try {
      await store.setEntry(key, { value, storedAt }, policy.errorMs);
    } catch {
      logger.warn({ op }, 'could not store a partner answer in the cache');
    }
    // Even when the store refused it: pages built from the old answer are out of date now.
    announceCacheWrite(key);
    return { value, storedAt };
  }

  /** Refreshes a stale entry once per fleet: single-flight here, a short lock across instances. */
  function revalidate<T>(
    op: string,
    key: string,
    policy: CachePolicy,
    fetch: (signal: AbortSignal) => Promise<T>,
  ): void {
    if (refreshing.has(key) || flights.has(key)) return;
    refreshing.add(key);
    const task = outsideBookingStep(async () => {
      const token = await store.tryLock(key, DEADLINES.refreshLockMs).catch(() => undefined);
      if (token === undefined) return;
      try {
        // Another instance may have refreshed between our read and taking the lock.
        const current = await store.getEntry(key).catch(() => undefined);
        if (current !== undefined && classify(current, policy, clock.now(), false) === 'fresh') return;
        const deadlineAt = clock.now() + DEADLINES.readMs;
        // A background refresh never queues for a token: the stale answer is already served.
        await flights.run(key, () => fetchAndStore(op, key, policy, deadlineAt, 0, fetch));
      } finally {
        await store.unlock(key, token).catch(() => undefined);
      }
    })
      .catch((err: unknown) => {
        logger.info(
          { op, code: isUpstreamError(err) ? err.code : 'error' },
          'background refresh failed; stale entry kept',
        );
      })
      .finally(() => {
        refreshing.delete(key);
        background.delete(task);
      });
    background.add(task);
  }

  async function read<T>(request: ReadRequest<T, Op>): Promise<ReadResult<T>> {
    const { op, fetch } = request;
    const policy = cachePolicyOf(op);
    const key = cacheKey(op, request.language, request.params);
    const deadlineAt = Math.min(
      clock.now() + (request.deadlineMs ?? DEADLINES.readMs),
      scopedDeadline() ?? Number.POSITIVE_INFINITY,
    );
    const cached = options.cache === false ? undefined : await lookup(key, policy, request.parse);
    const tooOld =
      cached !== undefined &&
      request.maxAgeMs !== undefined &&
      clock.now() - cached.storedAt > request.maxAgeMs;
    if (cached?.freshness === 'fresh' && !tooOld) {
      counters.hits += 1;
      notify(options.observer, 'read', op, 'hit');
      return { value: cached.value, cache: 'hit', storedAt: cached.storedAt, fallback: false };
    }
    if (cached?.freshness === 'stale' && !tooOld) {
      counters.stale += 1;
      notify(options.observer, 'read', op, 'stale');
      reportStaleServed(cached, policy);
      revalidate(op, key, policy, fetch);
      return { value: cached.value, cache: 'stale', storedAt: cached.storedAt, fallback: false };
    }
    let releaseSpare: (() => void) | undefined;
    try {
      // Joining a call already on its way costs the upstream nothing: only a new call counts.
      if (!flights.has(key)) {
        if (request.lane === 'spare') releaseSpare = await shares.admitSpare();
        else await shares.admitClient();
      }
      const queueMs = request.lane === 'spare' ? 0 : maxQueueMs;
      // The shared call runs under the first caller's deadline; each caller still stops at its own.
      const fetched = await withDeadline(clock, deadlineAt, () =>
        flights.run(key, () => fetchAndStore(op, key, policy, deadlineAt, queueMs, fetch, request.lane)),
      );
      counters.misses += 1;
      notify(options.observer, 'read', op, 'miss');
      return { value: fetched.value, cache: 'miss', storedAt: fetched.storedAt, fallback: false };
    } catch (err) {
      if (cached === undefined || !servesStaleOn(err)) throw err;
      counters.stale += 1;
      notify(options.observer, 'read', op, 'fallback');
      logger.info(
        { op, code: isUpstreamError(err) ? err.code : 'error' },
        'partner unavailable; serving stale',
      );
      return { value: cached.value, cache: 'stale', storedAt: cached.storedAt, fallback: true };
    } finally {
      releaseSpare?.();
    }
  }

  async function write<T>(request: WriteRequest<T, Op>): Promise<T> {
    const { op, fetch } = request;
    if (operation(op).kind !== 'booking') throw new Error(`${op} is a read; send it through read()`);
    const deadlineAt = clock.now() + (request.deadlineMs ?? DEADLINES.writeMs);
    const plan = {
      op,
      kind: 'booking' as const,
      deadlineAt,
      fetch,
      queueUntil: Math.min(deadlineAt, clock.now() + maxBookingQueueMs),
    };
    return withRetry(() => call(plan), { clock, random, deadlineAt, ...WRITE_RETRY });
  }

  async function stats(): Promise<GovernorStats> {
    const now = clock.now();
    const served = counters.hits + counters.stale + counters.misses;
    const [remaining, sharedPause] = await Promise.all([
      quota.remaining(),
      store.getPausedUntil().catch(() => 0),
    ]);
    const until = Math.max(ctx.localPausedUntil, sharedPause);
    return {
      cacheHits: counters.hits,
      cacheMisses: counters.misses,
      staleServed: counters.stale,
      hitRatio: served === 0 ? 0 : (counters.hits + counters.stale) / served,
      upstreamCalls: ctx.upstreamCalls,
      quotaRemaining: remaining,
      pausedUntil: until > now ? until : null,
      store: store.kind,
      circuit: circuit.stats(),
    };
  }

  async function idle(): Promise<void> {
    while (background.size > 0) await Promise.allSettled([...background]);
  }

  return { sizing: quota.sizing, read, write, stats, idle };
}
