import 'server-only';

import { LRUCache } from 'lru-cache';

import { createHash, randomUUID } from 'node:crypto';

import { Redis } from 'ioredis';

import { parseEntry, type CacheEntry } from './cache';
import { deepFreeze } from './deep-freeze';
import { createFixedWindows, type WindowLimit } from './fixed-windows';
import { silentLogger, type Logger } from './logger';
import { replyWithin } from './reply-deadline';
import {
  fullRefillMs,
  windowRoom,
  neededUnits,
  QUOTA_LUA,
  UNITS_PER_TOKEN,
  type BucketParams,
  type QuotaKind,
} from './token-bucket';
import type { IdempotencyRecords, Store, StoreTakeResult } from './store';

/** Only ever moves the pause later, so two instances seeing 429s cannot shorten each other's pause. */
const EXTEND_PAUSE_LUA = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0') or 0
if tonumber(ARGV[1]) > current then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
end
return 1
`;

/** Releases a lock only if this instance still holds it (it may have expired and been taken since). */
const UNLOCK_LUA = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`;

/**
 * Fixed windows, as lib/upstream/fixed-windows.ts counts them, for every instance at once. KEYS
 * are the windows; ARGV holds each one's limit and length in ms. When any window is full, nothing
 * is counted and the reply is the ms until the last full one ends; otherwise each is counted (a
 * new window lives for its length) and the reply is 0.
 */
const WINDOWS_LUA = `
local wait = 0
for i, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0') or 0
  if count >= tonumber(ARGV[2 * i - 1]) then
    local left = redis.call('PTTL', key)
    if left < 0 then left = tonumber(ARGV[2 * i]) end
    if left > wait then wait = left end
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 or redis.call('PTTL', key) < 0 then
    redis.call('PEXPIRE', key, ARGV[2 * i])
  end
end
return 0
`;

interface Script {
  readonly lua: string;
  readonly sha: string;
}

const script = (lua: string): Script => ({ lua, sha: createHash('sha1').update(lua).digest('hex') });

const SCRIPTS = {
  quota: script(QUOTA_LUA),
  extendPause: script(EXTEND_PAUSE_LUA),
  unlock: script(UNLOCK_LUA),
  windows: script(WINDOWS_LUA),
};

/** How long a refused take asks the caller to stay away when Redis cannot be asked. */
const UNAVAILABLE_RETRY_MS = 5_000;

export interface RedisStoreOptions {
  readonly url: string;
  readonly keyPrefix: string;
  readonly connectTimeoutMs?: number;
  readonly commandTimeoutMs?: number;
  readonly logger?: Logger;
}

/**
 * A cache entry as this instance last saw it in Redis: its JSON text, and that text decoded once
 * it is first read (a write need not decode what it wrote; undefined also for text that is not an
 * entry, which is decoded again on each read, as before).
 */
interface MirroredEntry {
  readonly text: string;
  entry?: CacheEntry;
}

/** The mirrored entry's text decoded and frozen, made on its first read only. */
function decoded(held: MirroredEntry): CacheEntry | undefined {
  if (held.entry !== undefined) return held.entry;
  const entry = parseEntry(held.text);
  if (entry !== undefined) held.entry = deepFreeze(entry);
  return held.entry;
}

/** Roughly 64 MB of JSON text, as the memory store keeps at most. */
const MIRROR_MAX_CHARS = 64 * 1024 * 1024;

export class RedisStore implements Store {
  readonly kind = 'redis' as const;
  readonly idempotency: IdempotencyRecords;

  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly logger: Logger;
  private state: 'connecting' | 'up' | 'down' = 'connecting';
  /**
   * This instance's copy of the cache entries it wrote or read, with the JSON text they came
   * from: answered when Redis is unreachable, and given again for as long as Redis holds the same
   * text, so an answer pages read many times a second is decoded once per instance (and frozen,
   * as the memory store does), not on every read. Bounded by the texts' length.
   */
  private readonly mirror = new LRUCache<string, MirroredEntry>({
    max: 2_000,
    maxSize: MIRROR_MAX_CHARS,
    sizeCalculation: (held) => Math.max(1, held.text.length),
    ttl: 72 * 3_600_000,
  });
  private readonly firstConnect: Promise<void>;
  /** The windows this instance counts alone while Redis cannot be reached. */
  private readonly localWindows = createFixedWindows(50_000);
  private gateOpen = false;
  /** How long a command may wait for its reply (see command). */
  private readonly replyMs: number;

  constructor(options: RedisStoreOptions) {
    this.prefix = options.keyPrefix;
    this.replyMs = options.commandTimeoutMs ?? 500;
    this.logger = options.logger ?? silentLogger;
    this.redis = new Redis(options.url, {
      // A command while disconnected fails at once instead of queueing: the limiter must deny
      // promptly, not grant late, and no request may hang on Redis.
      enableOfflineQueue: false,
      connectTimeout: options.connectTimeoutMs ?? 1_000,
      // Each command is bounded by replyWithin (see command); this only drops a command Redis never
      // answers from the client's queue.
      commandTimeout: this.replyMs * 10,
      maxRetriesPerRequest: 0,
      // A take whose reply was lost may have run; resending it could spend a second token.
      autoResendUnfulfilledCommands: false,
      retryStrategy: (times) => Math.min(100 * times, 2_000),
    });
    this.redis.on('ready', () => {
      if (this.state !== 'up') this.logger.info({ store: 'redis' }, 'upstream store connected');
      this.state = 'up';
    });
    // Without a listener ioredis reports every failed reconnect as an unhandled error event;
    // one warning per outage is enough.
    this.redis.on('error', (err: NodeJS.ErrnoException) => {
      if (this.state !== 'down')
        this.logger.warn({ store: 'redis', code: err.code ?? err.name }, 'upstream store unreachable');
      this.state = 'down';
    });
    const connectTimeoutMs = options.connectTimeoutMs ?? 1_000;
    // Settles on the first connection, the first failure (a refused connection need not be
    // waited for) or the connect timeout, whichever comes first.
    this.firstConnect = new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off('ready', done);
        this.redis.off('error', done);
        this.gateOpen = true;
        resolve();
      };
      const timer = setTimeout(done, connectTimeoutMs);
      timer.unref();
      this.redis.once('ready', done);
      this.redis.once('error', done);
    });
    const key = (name: string) => this.prefix + name;
    const command = <T>(send: (client: Redis) => Promise<T>) => this.command(send);
    this.idempotency = {
      async putIfAbsent(name, record, ttlMs) {
        const reply = await command((client) =>
          client.set(key(`idem:${name}`), JSON.stringify(record), 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX'),
        );
        return reply === 'OK';
      },
      async get(name) {
        const text = await command((client) => client.get(key(`idem:${name}`)));
        return text === null ? undefined : JSON.parse(text);
      },
      async set(name, record, ttlMs) {
        await command((client) =>
          client.set(key(`idem:${name}`), JSON.stringify(record), 'PX', Math.max(1, Math.ceil(ttlMs))),
        );
      },
      async delete(name) {
        await command((client) => client.del(key(`idem:${name}`)));
      },
    };
  }

  /**
   * Commands issued while the first connection is still being made wait for it (bounded by the
   * connect timeout) rather than failing, so a fresh instance does not deny its first requests.
   * After that, a disconnected Redis fails commands at once.
   */
  private gate(): Promise<void> | undefined {
    return this.gateOpen ? undefined : this.firstConnect;
  }

  private key(name: string): string {
    return this.prefix + name;
  }

  /**
   * Sends one command, once the first connection is made (see gate), and gives its reply, or a
   * failure once it has not come in time. The wait counts only time in which this process could
   * read the reply, so a moment the process was busy never fails a command Redis answered
   * promptly (a limiter that fails closed would refuse a guest for it).
   */
  private async command<T>(send: (client: Redis) => Promise<T>): Promise<T> {
    await this.gate();
    return replyWithin(send(this.redis), this.replyMs);
  }

  private async eval(
    s: Script,
    keys: readonly string[],
    args: readonly (string | number)[],
  ): Promise<unknown> {
    try {
      return await this.command((client) => client.evalsha(s.sha, keys.length, ...keys, ...args));
    } catch (err) {
      // First use on this server (or after SCRIPT FLUSH): send the body once, then the hash works.
      if (err instanceof Error && err.message.startsWith('NOSCRIPT')) {
        return this.command((client) => client.eval(s.lua, keys.length, ...keys, ...args));
      }
      throw err;
    }
  }

  async getEntry(key: string): Promise<CacheEntry | undefined> {
    try {
      const text = await this.command((client) => client.get(this.key(key)));
      if (text === null) return undefined;
      let held = this.mirror.get(key);
      if (held?.text !== text) {
        held = { text };
        this.mirror.set(key, held);
      }
      return decoded(held);
    } catch (err) {
      // Redis is down: browsing may still be answered from what this instance saw last; the
      // quota keeps failing closed, so nothing new is fetched.
      const local = this.mirror.get(key);
      const entry = local === undefined ? undefined : decoded(local);
      if (entry !== undefined) return entry;
      throw err;
    }
  }

  async setEntry(key: string, entry: CacheEntry, ttlMs: number): Promise<void> {
    const ttl = Math.max(1, Math.ceil(ttlMs));
    const text = JSON.stringify({ value: entry.value, storedAt: entry.storedAt });
    this.mirror.set(key, { text }, { ttl });
    await this.command((client) => client.set(this.key(key), text, 'PX', ttl));
  }

  async deleteEntry(key: string): Promise<void> {
    await this.command((client) => client.del(this.key(key)));
  }

  private async runQuota(params: BucketParams, kind: QuotaKind, now: number, doTake: boolean) {
    // The key outlives a full refill by a minute; once gone, the bucket reads as full, which it would be.
    const ttlMs = fullRefillMs(params) + 60_000;
    const reply = await this.eval(
      SCRIPTS.quota,
      [this.key('quota:v1'), this.key('quota:v1:grants')],
      [
        Math.floor(now),
        params.capacityUnits,
        params.refillUnitsPerMs,
        neededUnits(params, kind),
        UNITS_PER_TOKEN,
        ttlMs,
        doTake ? 1 : 0,
        params.windowMs,
        windowRoom(params, kind),
      ],
    );
    if (!Array.isArray(reply) || reply.length !== 3 || !reply.every((n) => typeof n === 'number')) {
      throw new Error('unexpected quota script reply');
    }
    const [granted, retryAfterMs, level] = reply as [number, number, number];
    return { granted: granted === 1, retryAfterMs, level };
  }

  async takeToken(params: BucketParams, kind: QuotaKind, now: number): Promise<StoreTakeResult> {
    try {
      const { granted, retryAfterMs } = await this.runQuota(params, kind, now, true);
      return granted ? { granted: true } : { granted: false, retryAfterMs };
    } catch {
      // Fail closed: a timeout or lost connection never becomes a grant.
      return { granted: false, retryAfterMs: UNAVAILABLE_RETRY_MS, storeUnavailable: true };
    }
  }

  async tokensAvailable(params: BucketParams, now: number): Promise<number> {
    const { level } = await this.runQuota(params, 'booking', now, false);
    return Math.floor(level / UNITS_PER_TOKEN);
  }

  async getPausedUntil(): Promise<number> {
    const text = await this.command((client) => client.get(this.key('pause')));
    const until = text === null ? 0 : Number(text);
    return Number.isFinite(until) ? until : 0;
  }

  async extendPause(until: number, ttlMs: number): Promise<void> {
    await this.eval(
      SCRIPTS.extendPause,
      [this.key('pause')],
      [Math.ceil(until), Math.max(1, Math.ceil(ttlMs))],
    );
  }

  async admitWindows(limits: readonly WindowLimit[], now: number): Promise<number | null> {
    if (limits.length === 0) return null;
    try {
      const reply = await this.eval(
        SCRIPTS.windows,
        limits.map((limit) => this.key(`window:v1:${limit.key}`)),
        limits.flatMap((limit) => [limit.limit, Math.max(1, Math.ceil(limit.windowMs))]),
      );
      const waitMs = Number(reply);
      if (!Number.isFinite(waitMs)) throw new Error('unexpected windows script reply');
      return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : null;
    } catch {
      // Redis is down: each instance keeps counting on its own, so the limits still hold per
      // instance (the booking steps themselves answer 503 without the store).
      return this.localWindows.admit(limits, now);
    }
  }

  async tryLock(name: string, ttlMs: number): Promise<string | undefined> {
    const token = randomUUID();
    const reply = await this.command((client) =>
      client.set(this.key(`lock:${name}`), token, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX'),
    );
    return reply === 'OK' ? token : undefined;
  }

  async unlock(name: string, token: string): Promise<void> {
    await this.eval(SCRIPTS.unlock, [this.key(`lock:${name}`)], [token]);
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.command((client) => client.ping())) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}
