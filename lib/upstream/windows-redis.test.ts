import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startRedis, type RedisServer } from '@/test/redis';

import { MemoryStore } from './memory-store';
import { RedisStore } from './redis-store';

/**
 * The inbound limits' windows in the shared store: instances on one Redis count against the same
 * windows, so a client spreading its requests over a fleet gets no more than from one instance.
 */

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

const T0 = Date.UTC(2030, 0, 1);

describe('fixed windows in the shared store', () => {
  it('gives a client spreading requests over three instances on one Redis the budget of one, in a window that ends', async () => {
    const fleet = [0, 1, 2].map(() => new RedisStore({ url: redis.url, keyPrefix: 'windows-fleet:' }));
    try {
      const limit = [{ key: 'hold:client:203.0.113.7', limit: 7, windowMs: 1_000 }];
      const answers = [];
      for (let i = 0; i < 21; i++) answers.push(await fleet[i % 3]!.admitWindows(limit, T0 + i));
      expect(answers.filter((wait) => wait === null)).toHaveLength(7);
      // Refused with the seconds left in the window, and counted nowhere.
      expect(answers.slice(7).every((wait) => wait === 1)).toBe(true);
      // Another client is not affected.
      expect(await fleet[1]!.admitWindows([{ ...limit[0]!, key: 'hold:client:203.0.113.8' }], T0)).toBeNull();
      // Once the window has ended, the client is counted afresh.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await fleet[2]!.admitWindows(limit, T0 + 1_100)).toBeNull();
    } finally {
      await Promise.all(fleet.map((store) => store.close()));
    }
  });

  it('refuses a request when any of its windows is full, and then counts it against none of them', async () => {
    const [a, b] = [0, 1].map(() => new RedisStore({ url: redis.url, keyPrefix: 'windows-all:' }));
    try {
      const client = { key: 'client:198.51.100.1', limit: 3, windowMs: 60_000 };
      const ceiling = { key: 'site', limit: 100, windowMs: 60_000 };
      for (let i = 0; i < 3; i++) expect(await a!.admitWindows([client, ceiling], T0)).toBeNull();
      for (let i = 0; i < 50; i++) expect(await b!.admitWindows([client, ceiling], T0)).toBe(60);
      // The ceiling counted only the three admitted: 97 other requests still fit.
      let admitted = 0;
      for (let i = 0; i < 120; i++)
        if ((await b!.admitWindows([{ ...client, key: `client:other-${i}` }, ceiling], T0)) === null)
          admitted++;
      expect(admitted).toBe(97);
    } finally {
      await Promise.all([a!.close(), b!.close()]);
    }
  });

  it('keeps counting on each instance alone while Redis cannot be reached', async () => {
    const store = new RedisStore({
      url: 'redis://127.0.0.1:1',
      keyPrefix: 'windows-down:',
      connectTimeoutMs: 200,
    });
    try {
      const limit = [{ key: 'client:192.0.2.1', limit: 2, windowMs: 60_000 }];
      expect(await store.admitWindows(limit, T0)).toBeNull();
      expect(await store.admitWindows(limit, T0)).toBeNull();
      expect(await store.admitWindows(limit, T0 + 1)).toBe(60);
    } finally {
      await store.close();
    }
  });

  it('counts the same way in memory, for one instance', async () => {
    const store = new MemoryStore();
    const limit = [{ key: 'client:192.0.2.2', limit: 2, windowMs: 10_000 }];
    expect(await store.admitWindows(limit, T0)).toBeNull();
    expect(await store.admitWindows(limit, T0)).toBeNull();
    expect(await store.admitWindows(limit, T0 + 2_500)).toBe(8);
    expect(await store.admitWindows(limit, T0 + 10_000)).toBeNull();
  });
});
