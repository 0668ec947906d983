import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '@/sandbox/src/server';
import { addDays, getToday } from '@/lib/booking/dates';
import { getFirstArrival, getLastBookableArrival } from '@/lib/booking/deep-link';
import {
  captureSiteLogs,
  hooks,
  isoDay,
  logCollector,
  resetGateway,
  responseText,
  startCountingServer,
} from './helpers';

const OPERATOR_TOKEN = randomBytes(24).toString('hex');
const OPERATOR = { authorization: `Bearer ${OPERATOR_TOKEN}` };

/**
 * The BFF's JSON routes against the real sandbox, configured as a real partner would be
 * (PARTNER_API_URL, a key and a partner id), with canary credentials that must never show up
 * in a response or a log line, and the partner's failures (redirects, timeouts, broken answers,
 * errors) scripted through the sandbox's fault hooks.
 */

const KEY = `canary-key-${randomBytes(6).toString('hex')}`;
const PARTNER = `canary-partner-${randomBytes(6).toString('hex')}`;
const logs = logCollector();

let sandbox: SandboxHandle;
let sb: ReturnType<typeof hooks>;
type RouteCtx = { params: Promise<{ houseId: string }> };
let search: (req: Request) => Promise<Response>;
let house: (req: Request, ctx: RouteCtx) => Promise<Response>;
let units: (req: Request, ctx: RouteCtx) => Promise<Response>;
let price: (req: Request, ctx: RouteCtx) => Promise<Response>;
let services: (req: Request, ctx: RouteCtx) => Promise<Response>;
let health: () => Promise<Response>;
const seen: string[] = [];

const ctx = (houseId: string): RouteCtx => ({ params: Promise.resolve({ houseId }) });
const get = (path: string) => new Request(`http://127.0.0.1:3100${path}`);

async function keep(res: Response): Promise<Response> {
  seen.push(await responseText(res.clone()));
  return res;
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, latencyMs: 0, extraKeys: `${PARTNER}:${KEY}` });
  sb = hooks(sandbox.url);
  Object.assign(process.env, {
    PARTNER_API_URL: sandbox.url,
    PARTNER_API_KEY: KEY,
    PARTNER_ID: PARTNER,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    HEALTH_TOKEN: OPERATOR_TOKEN,
    SITE_URL: 'http://127.0.0.1:3100',
    PARTNER_TIMEOUT_MS: '400',
    PARTNER_DEADLINE_MS: '4000',
    // These tests script one partner failure after another to see how each is answered; how many
    // retries fit in a deadline depends on the machine's load, so the circuit breaker (proven in
    // its own tests) would open on some runs and turn the later answers into "circuit open".
    PARTNER_BREAKER_FAILURES: '1000',
    LOG_LEVEL: 'info',
  });
  await captureSiteLogs(logs.stream);
  resetGateway();
  search = (await import('@/app/api/search/route')).GET;
  house = (await import('@/app/api/houses/[houseId]/route')).GET;
  units = (await import('@/app/api/houses/[houseId]/units/route')).GET;
  price = (await import('@/app/api/houses/[houseId]/price/route')).GET;
  services = (await import('@/app/api/houses/[houseId]/optional-services/route')).GET;
  // The detail (circuit, partner, store) is the operator's, behind the token.
  const details = (await import('@/app/api/health/details/route')).GET;
  health = () => details(new Request('http://127.0.0.1:3100/api/health/details', { headers: OPERATOR }));
});

afterAll(async () => {
  resetGateway();
  await sandbox.close();
  // The partner credentials never leave the server: the canaries appear in no response and no log line.
  const everything = [...seen, ...logs.lines].join('\n');
  expect(seen.length).toBeGreaterThan(20);
  expect(logs.lines.length).toBeGreaterThan(0);
  expect(everything).not.toContain(KEY);
  expect(everything).not.toContain(PARTNER);
  expect(everything.toLowerCase()).not.toContain('x-security-key');
});

beforeEach(async () => {
  await sb.clearFaults();
});

/** The five JSON routes that read a stay, each asked with the same query. */
async function everyStayRoute(query: string): Promise<Response[]> {
  return [
    await search(get(`/api/search?${query}`)),
    await house(get(`/api/houses/1001?${query}`), ctx('1001')),
    await units(get(`/api/houses/1001/units?${query}`), ctx('1001')),
    await services(get(`/api/houses/1001/optional-services?${query}`), ctx('1001')),
    await price(get(`/api/houses/1001/price?${query}`), ctx('1001')),
  ];
}

/** A 400 invalid_input answer whose only issues with `field` are `codes`. */
async function expectFieldError(res: Response, field: string, codes: string[]): Promise<void> {
  expect(res.status).toBe(400);
  const body = (await keep(res).then((r) => r.json())) as { code: string; errors: Record<string, string[]> };
  expect(body.code).toBe('invalid_input');
  expect(body.errors[field]).toEqual(codes);
}

describe('search', () => {
  it('collapses 200 concurrent identical searches into one partner call', async () => {
    await sb.reset();
    const q = `/api/search?startDate=${isoDay(40)}&endDate=${isoDay(43)}&adults=3&locale=en`;
    const answers = await Promise.all(Array.from({ length: 200 }, () => search(get(q)).then(keep)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const bodies = await Promise.all(answers.slice(0, 3).map((r) => r.json() as Promise<{ count: number }>));
    expect(bodies[0]!.count).toBeGreaterThan(0);
    expect(new Set(bodies.map((b) => b.count)).size).toBe(1);
    expect((await sb.stats()).calls.byOperation.searchHouses).toBe(1);
  });

  it('answers bad criteria with 400 problem+json field errors and no partner call', async () => {
    const before = (await sb.stats()).calls.total;
    const res = await keep(await search(get('/api/search?adults=abc&startDate=2020-13-45&pets=99')));
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const body = (await res.json()) as { code: string; errors: Record<string, string[]> };
    expect(body.code).toBe('invalid_input');
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(['adults', 'pets']));
    expect((await sb.stats()).calls.total).toBe(before);
  });

  it('refuses an arrival today, in the past or beyond the booking horizon on every stay route, before the partner is asked', async () => {
    const today = getToday();
    // The last day before the first arrival: the parks' today, or in the hour after their
    // midnight (the partner counting in UTC) yesterday.
    const lastRefused = addDays(getFirstArrival(today), -1);
    const starts = [lastRefused, addDays(lastRefused, -2), addDays(getLastBookableArrival(today), 1)];
    const before = (await sb.stats()).calls.total;
    for (const start of starts) {
      const answers = await everyStayRoute(`startDate=${start}&endDate=${addDays(start, 2)}`);
      for (const res of answers) {
        await expectFieldError(res, 'startDate', [
          start > lastRefused ? 'beyond_booking_horizon' : 'start_in_past',
        ]);
      }
    }
    expect((await sb.stats()).calls.total).toBe(before);
  });

  it('refuses a language the site does not speak on every JSON route instead of answering in Dutch', async () => {
    const before = (await sb.stats()).calls.total;
    const period = `startDate=${isoDay(40)}&endDate=${isoDay(43)}`;
    for (const locale of ['xx', 'EN', 'en-GB', '']) {
      for (const res of await everyStayRoute(`${period}&locale=${encodeURIComponent(locale)}`)) {
        await expectFieldError(res, 'locale', ['unknown_locale']);
      }
    }
    expect((await sb.stats()).calls.total).toBe(before);
  });

  it('refuses a parameter given twice with different values on every JSON route, as the search does, instead of taking the first', async () => {
    const before = (await sb.stats()).calls.total;
    const period = `startDate=${isoDay(40)}&endDate=${isoDay(43)}`;
    const answers = [
      await search(get(`/api/search?${period}&adults=2&adults=3`)),
      await house(get(`/api/houses/1001?adults=2&adults=3`), ctx('1001')),
      await units(get(`/api/houses/1001/units?${period}&startDate=${isoDay(41)}`), ctx('1001')),
      await services(get(`/api/houses/1001/optional-services?${period}&locale=en&locale=de`), ctx('1001')),
      await price(get(`/api/houses/1001/price?${period}&pets=0&pets=1`), ctx('1001')),
    ];
    const params = ['adults', 'adults', 'startDate', 'locale', 'pets'];
    for (const [i, res] of answers.entries()) await expectFieldError(res, params[i]!, ['repeated_param']);
    expect((await sb.stats()).calls.total).toBe(before);
  });

  it('answers a park the partner does not describe with 400 unknown_park, as the search page notes it, not an empty list', async () => {
    const parkData = await fetch(`${sandbox.url}/bungalow/api/v1/booking/parkData`, {
      headers: { 'x-security-key': KEY, 'x-partner': PARTNER, language: 'EN' },
    });
    const parks = (await parkData.json()) as { parkId?: number; id?: number }[];
    const known = parks.map((p) => p.parkId ?? p.id).filter((id): id is number => typeof id === 'number');
    expect(known.length).toBeGreaterThan(0);
    const unknown = Math.max(...known) + 999;
    const res = await keep(await search(get(`/api/search?adults=2&park=${unknown}`)));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      park: ['unknown_park'],
    });
    const found = await keep(await search(get(`/api/search?adults=2&park=${known[0]}`)));
    expect(found.status).toBe(200);
  });
});

describe('house routes', () => {
  it('serves details, units, services and a price quote for a real period', async () => {
    const detail = (await (
      await keep(await house(get('/api/houses/1001?locale=de'), ctx('1001')))
    ).json()) as {
      house: { name: string; availableStartDates: string[] };
    };
    expect(detail.house.name.length).toBeGreaterThan(0);
    const start = detail.house.availableStartDates[3]!;
    const withStart = (await (
      await keep(await house(get(`/api/houses/1001?startDate=${start}`), ctx('1001')))
    ).json()) as { house: { availableEndDates: string[] } };
    const end = withStart.house.availableEndDates[0]!;
    expect(end > start).toBe(true);
    const period = `startDate=${start}&endDate=${end}&adults=2`;
    const u = await keep(await units(get(`/api/houses/1001/units?${period}`), ctx('1001')));
    expect(u.status).toBe(200);
    const unitList = ((await u.json()) as { units: Array<{ id: number }> }).units;
    expect(unitList.length).toBeGreaterThan(0);
    const s = await keep(await services(get(`/api/houses/1001/optional-services?${period}`), ctx('1001')));
    expect(((await s.json()) as { services: unknown[] }).services.length).toBeGreaterThan(0);
    const p = await keep(
      await price(get(`/api/houses/1001/price?${period}&unit=${unitList[0]!.id}`), ctx('1001')),
    );
    const quote = ((await p.json()) as { quote: { priceOverview: { total: number | null } } }).quote;
    expect(quote.priceOverview.total).toBeGreaterThan(0);
  });

  it('answers an unknown house with 404 not_found', async () => {
    const res = await keep(await house(get('/api/houses/999999'), ctx('999999')));
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('not_found');
  });

  it('answers ids missing from the list of active houses without a partner call of their own', async () => {
    expect((await keep(await house(get('/api/houses/999998'), ctx('999998')))).status).toBe(404);
    const before = (await sb.stats()).calls.total;
    for (const id of ['999997', '123456', '7']) {
      for (const route of [house, services, units]) {
        const suffix = route === house ? '' : route === services ? '/optional-services' : '/units';
        const query = route === units ? `?startDate=${isoDay(30)}&endDate=${isoDay(33)}` : '';
        const res = await keep(await route(get(`/api/houses/${id}${suffix}${query}`), ctx(id)));
        expect(res.status).toBe(404);
        expect(((await res.json()) as { code: string }).code).toBe('not_found');
      }
    }
    expect((await sb.stats()).calls.total).toBe(before);
  });

  it('refuses ids that are not plain numbers before calling the partner', async () => {
    const before = (await sb.stats()).calls.total;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.constantFrom(
            '../1001',
            '%2F..%2F',
            '1001?x=1',
            '1001#a',
            '１００１',
            '1e3',
            '-5',
            '0',
            '1001/../../x',
          ),
        ),
        async (id) => {
          fc.pre(!/^\d+$/.test(id) || Number(id) === 0);
          const res = await house(get(`/api/houses/${encodeURIComponent(id)}`), ctx(id));
          expect(res.status).toBe(400);
        },
      ),
      { numRuns: 150 },
    );
    expect((await sb.stats()).calls.total).toBe(before);
  });
});

describe('partner failures', () => {
  it('turns a partner 500 into a generic 503 with Retry-After and no partner text', async () => {
    await sb.fault({ operation: 'houseDetails', type: 'status', status: 500 });
    const res = await keep(await house(get('/api/houses/1002?locale=fr'), ctx('1002')));
    expect(await res.clone().text()).toContain('"status":503');
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'retryAfter', 'status', 'title', 'type']);
    // Retries of the failing read may spend the read share of the quota first: also a 503.
    expect(['unavailable', 'quota_exhausted']).toContain(body.code);
  });

  it.each([401, 403])(
    'tells a client only that the service is unavailable when the partner refuses the site’s key (%i), as the pages and health do',
    async (status) => {
      await sb.fault({ operation: 'houseDetails', type: 'status', status });
      const id = status === 401 ? '1005' : '1006';
      const res = await keep(await house(get(`/api/houses/${id}`), ctx(id)));
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body.code).toBe('unavailable');
      expect(JSON.stringify(body)).not.toMatch(/unauthori[sz]ed|forbidden|key/i);
    },
  );

  it('turns malformed partner JSON into a generic 502 bad_gateway', async () => {
    await sb.fault({ operation: 'houseDetails', type: 'malformed' });
    const res = await keep(await house(get('/api/houses/1003'), ctx('1003')));
    expect(res.status).toBe(502);
    expect(((await res.json()) as { code: string }).code).toBe('bad_gateway');
  });

  it('answers a partner that never answers within the deadline with 504 or 503', async () => {
    await sb.fault({ operation: 'houseDetails', type: 'timeout' });
    const res = await keep(await house(get('/api/houses/1004'), ctx('1004')));
    expect([503, 504]).toContain(res.status);
  });

  it('never follows a partner redirect: the other server receives nothing', async () => {
    const other = await startCountingServer();
    try {
      await sb.fault({ operation: 'searchHouses', type: 'redirect', location: `${other.url}/steal` });
      const res = await keep(
        await search(get(`/api/search?adults=5&startDate=${isoDay(50)}&endDate=${isoDay(52)}`)),
      );
      expect(res.status).toBe(502);
      expect(other.hits()).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('keeps serving after every failure: health answers', async () => {
    const res = await keep(await health());
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      mode: string;
      partner: { keyAccepted: boolean };
      store: { kind: string };
    };
    expect(body.mode).toBe('partner');
    expect(body.partner.keyAccepted).toBe(true);
    expect(body.store.kind).toBe('memory');
  });
});
