import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '@/sandbox/src/server';
import { hooks, resetGateway } from './helpers';

/**
 * The search filters of `/api/search` (bedrooms, bathrooms, surface, total price) against the
 * sandbox: they narrow the partner's cached answer, so a filtered search asks the partner nothing
 * the unfiltered one did not, and a bad value is refused before any partner call.
 */

interface Found {
  houses: Array<{
    id: number;
    bedrooms: number | null;
    bathrooms: number | null;
    surface: string | null;
    price: { full: number; discounted?: number } | null;
  }>;
  count: number;
  filters?: Record<string, number>;
}
interface Problem {
  code: string;
  errors: Record<string, string[]>;
}

let sandbox: SandboxHandle;
let sb: ReturnType<typeof hooks>;
let search: (req: Request) => Promise<Response>;
const get = (query: string) => new Request(`http://127.0.0.1:3100/api/search?${query}`);
const searches = () => sb.stats().then((s) => s.calls.byOperation.searchHouses ?? 0);
const total = (h: Found['houses'][number]) => (h.price ? (h.price.discounted ?? h.price.full) : null);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, latencyMs: 0 });
  sb = hooks(sandbox.url);
  for (const name of [
    'PARTNER_API_URL',
    'PARTNER_API_KEY',
    'PARTNER_ID',
    'REDIS_URL',
    'PARTNER_RATE_LIMIT_PER_MIN',
  ])
    delete process.env[name];
  Object.assign(process.env, {
    SANDBOX_URL: sandbox.url,
    SITE_URL: 'http://127.0.0.1:3100',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
  });
  resetGateway();
  search = (await import('@/app/api/search/route')).GET;
});

afterAll(async () => {
  resetGateway();
  await sandbox.close();
});

describe('/api/search with filters', () => {
  it('narrows the cached answer to the houses with the bedrooms and total price asked, without another partner call', async () => {
    const all = (await (await search(get('adults=4&locale=en'))).json()) as Found;
    expect(all.houses.length).toBeGreaterThan(5);
    const prices = all.houses.flatMap((h) => (total(h) === null ? [] : [total(h)!])).sort((a, b) => a - b);
    const maxPrice = Math.round(prices[Math.floor(prices.length / 2)]!);
    const expected = all.houses.filter((h) => (h.bedrooms ?? 0) >= 3 && (total(h) ?? Infinity) <= maxPrice);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.houses.length);

    const before = await searches();
    const res = await search(get(`adults=4&locale=en&minBedrooms=3&maxPrice=${maxPrice}`));
    expect(res.status).toBe(200);
    const filtered = (await res.json()) as Found;
    expect(filtered.houses.map((h) => h.id)).toEqual(expected.map((h) => h.id));
    expect(filtered.count).toBe(expected.length);
    expect(filtered.filters).toEqual({ minBedrooms: 3, maxPrice });
    expect(await searches()).toBe(before);
  });

  it('keeps the houses with the bathrooms and square metres asked, reading the partner’s surface text', async () => {
    const all = (await (await search(get('locale=de'))).json()) as Found;
    const before = await searches();
    const filtered = (await (await search(get('locale=de&minBathrooms=2&minSurface=100'))).json()) as Found;
    const expected = all.houses.filter(
      (h) => (h.bathrooms ?? 0) >= 2 && Number.parseInt(h.surface ?? '0', 10) >= 100,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(filtered.houses.map((h) => h.id)).toEqual(expected.map((h) => h.id));
    expect(await searches()).toBe(before);
  });

  it('refuses a bad filter value with 400 problem+json invalid_filter, before any partner call', async () => {
    const before = (await sb.stats()).calls.total;
    const cases: Array<[string, Record<string, string[]>]> = [
      ['minBedrooms=three', { minBedrooms: ['invalid_filter'] }],
      ['minBathrooms=0', { minBathrooms: ['invalid_filter'] }],
      ['minSurface=85%20m%C2%B2', { minSurface: ['invalid_filter'] }],
      ['maxPrice=-5&minBedrooms=99', { minBedrooms: ['invalid_filter'], maxPrice: ['invalid_filter'] }],
      ['maxPrice=500&maxPrice=600', { maxPrice: ['repeated_param'] }],
      ['adults=abc&minSurface=1e3', { adults: ['invalid_number'], minSurface: ['invalid_filter'] }],
    ];
    for (const [query, errors] of cases) {
      const res = await search(get(`${query}&locale=en`));
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      const body = (await res.json()) as Problem;
      expect(body.code).toBe('invalid_input');
      expect(body.errors, query).toEqual(errors);
    }
    expect((await sb.stats()).calls.total).toBe(before);
  });

  it('takes an empty filter value as not chosen, as a GET form sends it', async () => {
    const res = await search(get('locale=en&minBedrooms=&maxPrice='));
    expect(res.status).toBe(200);
    expect(((await res.json()) as Found).filters).toEqual({});
  });
});
