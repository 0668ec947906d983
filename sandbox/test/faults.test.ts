import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ErrorBodySchema,
  HousesSearchResultSchema,
  UsedHouseTypesResultSchema,
} from '@/lib/partner-api/schemas';
import { AUTH, GUEST, P, bookableStay, openSandbox, type Api } from './helpers';
import type { StatsSnapshot } from '../src/stats';

let api: Api;
beforeAll(async () => {
  api = await openSandbox();
});
afterAll(() => api.sandbox.close());
beforeEach(async () => {
  await api.hook('/reset', 'POST');
});

const fault = async (spec: Record<string, unknown>) => {
  const res = await api.hook('/faults', 'POST', spec);
  expect(res.status).toBe(200);
};
const search = (init: RequestInit = {}) =>
  fetch(`${api.sandbox.url}${P}/searchHouses`, { headers: AUTH, ...init });

describe('fault injection', () => {
  it('latency delays, then answers normally; count limits it', async () => {
    await fault({ operation: 'searchHouses', type: 'latency', latencyMs: 300, count: 1 });
    let t = Date.now();
    const slow = await search();
    expect(Date.now() - t).toBeGreaterThanOrEqual(280);
    expect(HousesSearchResultSchema.safeParse(await slow.json()).success).toBe(true);
    t = Date.now();
    expect((await search()).status).toBe(200);
    expect(Date.now() - t).toBeLessThan(250);
  });

  it('status answers that status with a JSON error body and optional Retry-After', async () => {
    await fault({ operation: '*', type: 'status', status: 503, retryAfter: '7', count: 2 });
    const a = await search();
    expect(a.status).toBe(503);
    expect(a.headers.get('retry-after')).toBe('7');
    expect(ErrorBodySchema.parse(await a.json()).code).toBe(503);
    const b = await api.get(`${P}/usedHouseTypes`);
    expect(b.status).toBe(503);
    expect((await api.get(`${P}/usedHouseTypes`)).status).toBe(200);
  });

  it('timeout never answers until the client gives up', async () => {
    await fault({ operation: 'searchHouses', type: 'timeout', count: 1 });
    await expect(search({ signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect((await search()).status).toBe(200);
  });

  it('malformed rotates through truncated, invalid JSON, wrong shape and wrong content type', async () => {
    await fault({ operation: 'usedHouseTypes', type: 'malformed', count: 4 });
    const bodies = [];
    for (let i = 0; i < 4; i++) {
      const res = await api.get(`${P}/usedHouseTypes`);
      expect(res.status).toBe(200);
      bodies.push({ type: res.headers.get('content-type') ?? '', text: await res.text() });
    }
    const parses = (text: string) => {
      try {
        return UsedHouseTypesResultSchema.safeParse(JSON.parse(text)).success;
      } catch {
        return false;
      }
    };
    expect(bodies.every((b) => !parses(b.text))).toBe(true);
    expect(bodies.some((b) => b.type.startsWith('text/html'))).toBe(true);
    expect(bodies.filter((b) => b.type.startsWith('application/json'))).toHaveLength(3);
    await fault({ operation: 'usedHouseTypes', type: 'malformed', variant: 'wrongShape', count: 1 });
    expect(JSON.parse(await (await api.get(`${P}/usedHouseTypes`)).text())).toHaveProperty('houseList', 42);
  });

  it('rateLimit answers the 429 body, with or without Retry-After, or in the body only', async () => {
    const date = 'Wed, 21 Oct 2026 07:28:00 GMT';
    await fault({ operation: 'searchHouses', type: 'rateLimit', retryAfter: '7', count: 1 });
    await fault({ operation: 'searchHouses', type: 'rateLimit', retryAfter: date, count: 1 });
    await fault({ operation: 'searchHouses', type: 'rateLimit', count: 1 });
    await fault({ operation: 'searchHouses', type: 'rateLimit', bodyOnly: true, count: 1 });
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const res = await search();
      answers.push({
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
        body: await res.json(),
      });
    }
    const body = { status: 'error', message: 'Rate limit exceeded', code: 429 };
    expect(answers).toEqual([
      { status: 429, retryAfter: '7', body },
      { status: 429, retryAfter: date, body },
      { status: 429, retryAfter: null, body },
      { status: 200, retryAfter: null, body },
    ]);
    expect((await api.json<StatsSnapshot>(await api.hook('/stats'))).rateLimited).toBe(0);
  });

  it('redirect answers 302 to the given location', async () => {
    const location = 'http://127.0.0.1:9/elsewhere';
    await fault({ operation: 'houseDetails', type: 'redirect', location, count: 1 });
    const res = await fetch(`${api.sandbox.url}${P}/houseDetails/1001`, {
      headers: AUTH,
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(location);
  });

  it('reset destroys the connection', async () => {
    await fault({ operation: 'searchHouses', type: 'reset', count: 1 });
    await expect(search()).rejects.toThrow();
    expect((await search()).status).toBe(200);
  });

  it('slowSuccess performs the finalize, then answers late', async () => {
    const stay = await bookableStay(api, 1001, 60);
    const pre = await api.json<{ transactionId: string }>(
      await api.post(`${P}/preRegisterReservation`, { houseID: 1001, ...stay, ...GUEST }),
    );
    await fault({ operation: 'finalizeReservation', type: 'slowSuccess', latencyMs: 800, count: 1 });
    const call = fetch(`${api.sandbox.url}${P}/finalizeReservation`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ transactionId: pre.transactionId, paymentType: 'Later' }),
      signal: AbortSignal.timeout(200),
    });
    await expect(call).rejects.toThrow();
    const [r] = await api.json<{ status: string; finalizeCalls: number }[]>(await api.hook('/reservations'));
    expect(r).toMatchObject({ status: 'Confirmed', finalizeCalls: 1 });
  });

  it('faults are listed, cleared, validated and kept per instance', async () => {
    await fault({ operation: '*', type: 'status', status: 500 });
    expect((await api.json<{ faults: unknown[] }>(await api.hook('/faults'))).faults).toHaveLength(1);
    const other = await openSandbox();
    try {
      expect((await other.get(`${P}/usedHouseTypes`)).status).toBe(200);
    } finally {
      await other.sandbox.close();
    }
    expect((await api.get(`${P}/usedHouseTypes`)).status).toBe(500);
    expect((await api.get(`${P}/usedHouseTypes`)).status).toBe(500);
    await api.hook('/faults', 'DELETE');
    expect((await api.get(`${P}/usedHouseTypes`)).status).toBe(200);
    expect((await api.hook('/faults', 'POST', { operation: 'nope', type: 'status' })).status).toBe(400);
    expect((await api.hook('/faults', 'POST', { operation: '*', type: 'explode' })).status).toBe(400);
  });

  it('close() returns while a request hangs on a timeout fault', async () => {
    const box = await openSandbox();
    await box.hook('/faults', 'POST', { operation: '*', type: 'timeout' });
    const hanging = box.get(`${P}/usedHouseTypes`).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    const t = Date.now();
    await box.sandbox.close();
    expect(Date.now() - t).toBeLessThan(1000);
    expect(await hanging).toBeInstanceOf(Error);
  });
});
