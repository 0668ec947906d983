import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '@/sandbox/src/server';
import { SOCKET_ADDRESS_HEADER } from '@/lib/http/client-address';
import { getGateway, replaceGateway } from '@/lib/partner-api/gateway';
import { PARTNER_OPERATIONS } from '@/lib/partner-api/operation-policy';
import { createGovernor } from '@/lib/upstream/governor';
import { MemoryStore } from '@/lib/upstream/memory-store';
import { hooks, isoDay, resetGateway } from './helpers';

/**
 * Route handlers against the sandbox: what a client is told when the partner limits the site
 * (every 503 says when to come back), and the per-client limit on anonymous price quotes.
 */

let sandbox: SandboxHandle;
let sb: ReturnType<typeof hooks>;
type RouteCtx = { params: Promise<{ houseId: string }> };
let house: (req: Request, ctx: RouteCtx) => Promise<Response>;
let price: (req: Request, ctx: RouteCtx) => Promise<Response>;
let arrivalPrices: (req: Request, ctx: RouteCtx) => Promise<Response>;
let search: (req: Request) => Promise<Response>;

const ctx = (houseId: string): RouteCtx => ({ params: Promise.resolve({ houseId }) });
const get = (path: string, client = '192.0.2.10') =>
  new Request(`http://127.0.0.1:3100${path}`, { headers: { [SOCKET_ADDRESS_HEADER]: client } });

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, latencyMs: 0, rateLimitPerMin: 100_000 });
  sb = hooks(sandbox.url);
  for (const name of ['PARTNER_API_URL', 'PARTNER_API_KEY', 'PARTNER_ID', 'REDIS_URL'])
    delete process.env[name];
  Object.assign(process.env, {
    SANDBOX_URL: sandbox.url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SITE_URL: 'http://127.0.0.1:3100',
    PARTNER_RATE_LIMIT_PER_MIN: '100000',
    PARTNER_TIMEOUT_MS: '1000',
    PARTNER_DEADLINE_MS: '3000',
    TRUST_PROXY: '0',
    LOG_LEVEL: 'silent',
  });
  house = (await import('@/app/api/houses/[houseId]/route')).GET;
  price = (await import('@/app/api/houses/[houseId]/price/route')).GET;
  arrivalPrices = (await import('@/app/api/houses/[houseId]/arrival-prices/route')).GET;
  search = (await import('@/app/api/search/route')).GET;
});

afterAll(async () => {
  resetGateway();
  await sandbox.close();
});

beforeEach(async () => {
  resetGateway();
  await sb.clearFaults();
});

describe('a partner 429 without Retry-After', () => {
  it('gives the request that met it a 503 with Retry-After: 60, and the requests refused during the pause one too', async () => {
    // On the house's own read: the active-house check before it passes, so this 429 is the answer's cause.
    await sb.fault({ operation: 'houseDetails', type: 'rateLimit', count: 1 });
    const first = await house(get('/api/houses/1001'), ctx('1001'));
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('60');
    expect(await first.json()).toMatchObject({ status: 503, retryAfter: 60 });

    const paused = await house(get('/api/houses/1002'), ctx('1002'));
    expect(paused.status).toBe(503);
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThanOrEqual(55);
  });
});

describe('anonymous price quotes', () => {
  it('are limited per client: one client over its limit gets 429 with Retry-After and no partner call, another client still gets quotes', async () => {
    const quote = (offset: number, client?: string) =>
      price(
        get(`/api/houses/1001/price?startDate=${isoDay(60 + offset)}&endDate=${isoDay(63 + offset)}`, client),
        ctx('1001'),
      );
    const answers: Response[] = [];
    for (let i = 0; i < 40; i += 1) answers.push(await quote(i));
    const limited = answers.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(answers.length - limited.length).toBeLessThanOrEqual(30);
    for (const res of limited) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await res.json()).code).toBe('too_many_requests');
    }
    const before = (await sb.stats()).calls.byOperation.priceSpecifications ?? 0;
    expect((await quote(100)).status).toBe(429);
    expect((await sb.stats()).calls.byOperation.priceSpecifications ?? 0).toBe(before);

    const other = await quote(101, '198.51.100.7');
    expect(other.status).not.toBe(429);
    expect(other.status).toBeLessThan(500);
  });
});

describe('the price under each arrival day', () => {
  type Day = { date: string; state: string; total?: number };
  const arrivals = Array.from({ length: 14 }, (_, i) => isoDay(70 + i));
  const ask = async (list: readonly string[] = arrivals) => {
    const res = await arrivalPrices(
      get(`/api/houses/1001/arrival-prices?arrivals=${list.join(',')}&nights=3&adults=2&locale=en`),
      ctx('1001'),
    );
    return { status: res.status, body: (await res.json()) as { prices: Day[]; cheapest: string | null } };
  };
  const searches = async () => (await sb.stats()).calls.byOperation.searchHouses ?? 0;

  // A quota of 500 a minute: five times the partner's usual, so the bucket refills a spare call in
  // 120 ms and the test stays short, yet a request still finds it nearly full only a few calls at a
  // time (the file's own quota refills faster than a request can spend it).
  beforeEach(() => {
    const store = new MemoryStore();
    const governor = createGovernor({ store, operations: PARTNER_OPERATIONS, limitPerMin: 500 });
    replaceGateway({ ...getGateway(), store, governor });
  });

  it('prices a few days a request from the idle quota, the first asked first, and the rest on later requests, each day asked of the partner once', async () => {
    const before = await searches();
    // The calendar asks for the days nearest the guest's arrival first: here the last of the list.
    const nearestFirst = [...arrivals].reverse();
    const first = await ask(nearestFirst);
    expect(first.status).toBe(200);
    const answered = first.body.prices.filter((day) => day.state !== 'pending');
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.length).toBeLessThan(arrivals.length);
    expect(first.body.prices[0]).toMatchObject({ date: nearestFirst[0] });
    expect(first.body.prices[0]!.state).not.toBe('pending');
    expect((await searches()) - before).toBe(answered.length);
    let last = first.body;
    for (let poll = 0; poll < 40 && last.prices.some((day) => day.state === 'pending'); poll++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      last = (await ask()).body;
    }
    expect(last.prices.map((day) => day.date)).toEqual(arrivals);
    expect(last.prices.filter((day) => day.state === 'pending')).toEqual([]);
    expect((await searches()) - before).toBe(arrivals.length);
    const priced = last.prices.filter((day) => day.state === 'priced');
    expect(priced.length).toBeGreaterThan(0);
    const lowest = Math.min(...priced.map((day) => day.total!));
    expect(priced.find((day) => day.date === last.cheapest)?.total).toBe(lowest);

    // The same total the search shows for that stay, from the same cached answer.
    const day = priced[0]!;
    const end = isoDay(70 + arrivals.indexOf(day.date) + 3);
    const found = (await (
      await search(get(`/api/search?startDate=${day.date}&endDate=${end}&adults=2&locale=en`))
    ).json()) as { houses: { id: number; price: { full: number; discounted: number | null } | null }[] };
    const house = found.houses.find((h) => h.id === 1001)!;
    expect(house.price!.discounted ?? house.price!.full).toBe(day.total);
    expect((await searches()) - before).toBe(arrivals.length);
  });

  it('refuses more than six weeks of days, a day that cannot be an arrival and nights out of range, before any partner call', async () => {
    const before = await searches();
    const days = Array.from({ length: 43 }, (_, i) => isoDay(70 + i));
    expect((await ask(days)).status).toBe(400);
    expect((await ask([isoDay(-1)])).status).toBe(400);
    expect((await ask(['2027-02-30'])).status).toBe(400);
    const res = await arrivalPrices(get(`/api/houses/1001/arrival-prices?arrivals=${isoDay(70)}&nights=0`), ctx('1001'));
    expect(res.status).toBe(400);
    expect(await searches()).toBe(before);
  });
});
