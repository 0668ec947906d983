import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RateLimitErrorSchema } from '@/lib/partner-api/schemas';
import { P, openSandbox, type Api } from './helpers';
import type { StatsSnapshot } from '../src/stats';

let api: Api;
beforeAll(async () => {
  api = await openSandbox({ extraKeys: 'other-partner:other-key' });
});
afterAll(() => api.sandbox.close());
beforeEach(async () => {
  await api.hook('/reset', 'POST');
});

const stats = async () => api.json<StatsSnapshot>(await api.hook('/stats'));

async function burst(n: number, headers?: Record<string, string>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await api.get(`${P}/usedHouseTypes`, headers)).status);
  return statuses;
}

describe('rate limit: 100 calls per 60 s per key', () => {
  it('answers the 101st call with the documented 429 body and Retry-After', async () => {
    // 401s do not use the quota, and hooks are never counted.
    await burst(3, { 'x-security-key': 'wrong' });
    await api.hook('/stats');
    expect(await burst(100)).toEqual(Array(100).fill(200));
    const res = await api.get(`${P}/usedHouseTypes`);
    expect(res.status).toBe(429);
    expect(await res.json()).toStrictEqual({ status: 'error', message: 'Rate limit exceeded', code: 429 });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const s = await stats();
    expect(s.rateLimited).toBe(1);
    expect(s.calls.total).toBe(104);
    expect(s.calls.byOperation.usedHouseTypes).toBe(104);
    expect(s.calls.byOperation.searchHouses).toBe(0);
    expect(s.maxCallsInAnyMinute).toBe(104);
    expect(
      RateLimitErrorSchema.safeParse({ status: 'error', message: 'Rate limit exceeded', code: 429 }).success,
    ).toBe(true);
  });

  it('counts error answers, keeps keys apart, and recovers when the window slides', async () => {
    const statuses = [];
    for (let i = 0; i < 100; i++) statuses.push((await api.get(`${P}/houseDetails/999999`)).status);
    expect(new Set(statuses)).toEqual(new Set([404]));
    expect((await api.get(`${P}/usedHouseTypes`)).status).toBe(429);
    expect(
      (await api.get(`${P}/usedHouseTypes`, { 'x-security-key': 'other-key', 'x-partner': 'other-partner' }))
        .status,
    ).toBe(200);
    await api.hook('/clock', 'POST', { advanceMs: 60_001 });
    expect((await api.get(`${P}/usedHouseTypes`)).status).toBe(200);
    const s = await stats();
    expect(s.rateLimited).toBe(1);
    expect(s.maxCallsInAnyMinute).toBe(102);
  });

  it('reset clears the counters and the window', async () => {
    await burst(5);
    await api.hook('/reset', 'POST');
    const s = await stats();
    expect(s).toEqual({
      calls: { total: 0, byOperation: expect.objectContaining({ searchHouses: 0 }) },
      rateLimited: 0,
      maxCallsInAnyMinute: 0,
    });
    expect(Object.values(s.calls.byOperation).every((n) => n === 0)).toBe(true);
  });

  it('honours a configured limit', async () => {
    const small = await openSandbox({ rateLimitPerMin: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await small.get(`${P}/parkData`)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await small.sandbox.close();
    }
  });
});
