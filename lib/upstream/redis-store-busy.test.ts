import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startRedis, type RedisServer } from '@/test/redis';

import { sizeQuota } from './policy';
import { bucketParams } from './token-bucket';
import { RedisStore } from './redis-store';

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

/** Keeps this process busy, as a long render or a machine whose cores other processes hold. */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Nothing: no timer and no socket is served meanwhile.
  }
}

/** Lets the store send what it was asked (its awaits before the write are microtasks only). */
async function letItSend(): Promise<void> {
  for (let hop = 0; hop < 50; hop += 1) await Promise.resolve();
}

describe('a Redis reply that came in time while the process was busy', () => {
  it('grants the token a take asked for, though the process only read the reply after the command timeout', async () => {
    const store = new RedisStore({ url: redis.url, keyPrefix: 'busy-take:', commandTimeoutMs: 200 });
    try {
      expect(await store.ping()).toBe(true);
      const taking = store.takeToken(bucketParams(sizeQuota(100)), 'read', Date.now());
      await letItSend();
      busyFor(500);
      expect(await taking).toEqual({ granted: true });
    } finally {
      await store.close();
    }
  });

  it('still fails closed when Redis itself does not answer within the timeout', async () => {
    const store = new RedisStore({ url: redis.url, keyPrefix: 'busy-slow:', commandTimeoutMs: 200 });
    const blocker = new RedisStore({ url: redis.url, keyPrefix: 'busy-slow:', commandTimeoutMs: 5_000 });
    try {
      expect(await store.ping()).toBe(true);
      expect(await blocker.ping()).toBe(true);
      // Redis runs one command at a time: a script that spins for a second holds every other.
      const spinning = (blocker as unknown as { redis: { eval: (...args: unknown[]) => Promise<unknown> } }).redis
        .eval('local s = tonumber(redis.call("TIME")[1]) + 1 repeat until tonumber(redis.call("TIME")[1]) > s return 1', 0)
        .catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = performance.now();
      const taken = await store.takeToken(bucketParams(sizeQuota(100)), 'read', Date.now());
      expect(taken).toMatchObject({ granted: false, storeUnavailable: true });
      expect(performance.now() - started).toBeLessThan(1_000);
      await spinning;
    } finally {
      await store.close();
      await blocker.close();
    }
  });
});
