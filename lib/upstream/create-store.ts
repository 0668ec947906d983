import 'server-only';

import type { Logger } from './logger';
import { MemoryStore } from './memory-store';
import { RedisStore } from './redis-store';
import type { Store } from './store';

export interface StoreOptions {
  /** Absent: one instance, everything in memory. */
  readonly redisUrl?: string;
  /** Namespace for every Redis key, so several sites can share one server. */
  readonly keyPrefix?: string;
  /** Bound on cached reads held in memory. */
  readonly maxEntries?: number;
  readonly connectTimeoutMs?: number;
  readonly commandTimeoutMs?: number;
  readonly logger?: Logger;
}

export const DEFAULT_KEY_PREFIX = 'pbs:';

/**
 * Picks the store. A Redis store connects in the background; its first commands wait for that
 * connection up to the connect timeout, and an unreachable Redis leaves a store that denies every
 * call until it is back.
 */
export function createStore(options: StoreOptions = {}): Store {
  if (options.redisUrl === undefined || options.redisUrl === '') {
    return new MemoryStore({ maxEntries: options.maxEntries });
  }
  return new RedisStore({
    url: options.redisUrl,
    keyPrefix: options.keyPrefix ?? DEFAULT_KEY_PREFIX,
    connectTimeoutMs: options.connectTimeoutMs,
    commandTimeoutMs: options.commandTimeoutMs,
    logger: options.logger,
  });
}
