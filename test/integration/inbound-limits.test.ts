import { request as httpRequest, Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@/lib/booking-flow/rules/rate-limit';
import { SOCKET_ADDRESS_HEADER } from '@/lib/http/client-address';
import { VISITOR_COOKIE } from '@/lib/visitor/mark';
import { findStays, preRegisterBody, sandboxHooks, type Stay } from './booking-harness';
import { hasProductionBuild, setUpSandboxedSite } from './suite-fixtures';

/**
 * The inbound limits of the booking writes against the production build, started the way
 * production starts it and without a trusted proxy (TRUST_PROXY=0): each client counts by its
 * socket address. Two clients are two local addresses: Linux routes all of 127.0.0.0/8 to the
 * loopback, so a client may bind 127.0.0.2 while the site listens on 127.0.0.1.
 */

const hasBuild = hasProductionBuild('inbound-limits');

/** Browsing calls one client may start in a minute here, far below the partner's quota. */
const SEARCH_SHARE = 5;

const CLIENT_A = '127.0.0.1';
const CLIENT_B = '127.0.0.2';

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: string;
}

describe.skipIf(!hasBuild)('inbound limits of the booking writes (no trusted proxy)', () => {
  const { sandbox, site } = setUpSandboxedSite({
    sandbox: { latencyMs: 0, rateLimitPerMin: 100_000 },
    env: { PARTNER_RATE_LIMIT_PER_MIN: '100000', PARTNER_CALLS_PER_CLIENT_MIN: String(SEARCH_SHARE), TRUST_PROXY: '0' },
  });
  let stays: Stay[];
  const agents = new Map<string, Agent>();

  /** One request from the local address `from` (each address keeps its connection): status, Retry-After, body. */
  function send(
    from: string,
    options: { method: string; path: string; headers?: Record<string, string> },
    payload?: string,
  ): Promise<Answer> {
    let agent = agents.get(from);
    if (!agent) {
      agent = new Agent({ keepAlive: true, localAddress: from });
      agents.set(from, agent);
    }
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: site.port, agent, ...options }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'],
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** A booking POST as the site's browser code sends it, from the local address `from`. */
  function post(from: string, step: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const payload = JSON.stringify(body);
    return send(
      from,
      {
        method: 'POST',
        path: `/api/booking/${step}`,
        headers: {
          origin: site.url,
          'sec-fetch-site': 'same-origin',
          'x-booking-client': '1',
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(payload)),
          ...headers,
        },
      },
      payload,
    );
  }

  const get = (from: string, path: string, headers: Record<string, string> = {}) =>
    send(from, { method: 'GET', path, headers });

  beforeAll(async () => {
    stays = await findStays(sandboxHooks(sandbox.url), { count: 2, minDaysAhead: 60, minUnits: 1 });
    expect(stays.length).toBe(2);
  });

  afterAll(() => {
    for (const agent of agents.values()) agent.destroy();
  });

  it('refuses more invalid pre-registers than the per-client budget from one client without spending anyone’s budget: both clients then hold a stay', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < RATE_LIMITS.preRegister.perClient + 50; i++) statuses.add((await post(CLIENT_A, 'pre-register', {})).status);
    expect([...statuses]).toEqual([400]);

    const b = await post(CLIENT_B, 'pre-register', preRegisterBody(stays[0]!));
    expect(b.status, b.body).toBe(200);
    const a = await post(CLIENT_A, 'pre-register', preRegisterBody(stays[1]!));
    expect(a.status, a.body).toBe(200);
  }, 60_000);

  it('gives each socket address its own budget, which neither a rotating X-Forwarded-For nor a forged address header multiplies', async () => {
    // Closing needs no partner call, so a client can spend its whole budget quickly.
    const spend = async (from: string, headers: (i: number) => Record<string, string>) => {
      let served = 0;
      for (let i = 0; i < RATE_LIMITS.close.perClient + 50; i++) {
        const res = await post(from, 'close', {}, headers(i));
        if (res.status === 429) {
          expect(Number(res.retryAfter)).toBeGreaterThan(0);
          return served;
        }
        expect(res.status).toBe(204);
        served += 1;
      }
      return served;
    };
    const rotating = (i: number) => ({
      'x-forwarded-for': `10.${i % 200}.${(i * 7) % 250}.${(i * 13) % 250}`,
      [SOCKET_ADDRESS_HEADER]: `192.0.2.${i % 250}`,
    });
    const servedA = await spend(CLIENT_A, rotating);
    expect(servedA).toBe(RATE_LIMITS.close.perClient);
    // Client A is now refused whatever it claims to be...
    const again = await post(CLIENT_A, 'close', {}, { 'x-forwarded-for': '203.0.113.77', [SOCKET_ADDRESS_HEADER]: CLIENT_B });
    expect(again.status).toBe(429);
    // ...while client B still has its own whole budget.
    expect(await spend(CLIENT_B, () => ({}))).toBe(RATE_LIMITS.close.perClient);
  }, 60_000);

  it('keeps one client’s distinct searches to its share of the partner calls: another client’s search still reaches the partner, and cached answers still serve both', async () => {
    const stay = stays[0]!;
    const search = (adults: number) =>
      `/api/search?locale=en&startDate=${stay.startDate}&endDate=${stay.endDate}&adults=${adults}`;
    const hooks = sandboxHooks(sandbox.url);
    const before = (await hooks.stats()).calls.byOperation.searchHouses ?? 0;
    const statuses: number[] = [];
    for (let adults = 1; adults <= SEARCH_SHARE + 3; adults++) statuses.push((await get(CLIENT_A, search(adults))).status);
    expect(statuses.slice(0, SEARCH_SHARE)).toEqual(Array(SEARCH_SHARE).fill(200));
    const refused = await get(CLIENT_A, search(SEARCH_SHARE + 4));
    expect(refused.status).toBe(503);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'quota_exhausted' });
    const spent = ((await hooks.stats()).calls.byOperation.searchHouses ?? 0) - before;
    expect(spent).toBeLessThanOrEqual(SEARCH_SHARE);

    // Another client's own search goes to the partner; an answer in the cache serves either.
    expect((await get(CLIENT_B, search(SEARCH_SHARE + 5))).status).toBe(200);
    expect((await get(CLIENT_A, search(1))).status).toBe(200);
  }, 60_000);
  describe('guests behind one address', () => {
    /** The n-th distinct search of a test; each test has its own (`offset`), so none finds another's in the cache. */
    const search = (n: number, offset: number) => {
      const stay = stays[1]!;
      const party = `adults=${(n % 10) + 1}&child0512=${Math.floor(n / 10)}&child0304=${offset}`;
      return `/api/search?locale=en&startDate=${stay.startDate}&endDate=${stay.endDate}&${party}`;
    };
    const as = (visitor: string) => ({ cookie: `theme=dark; ${VISITOR_COOKIE}=${visitor}` });
    const statusesOf = async (from: string, count: number, offset: number, headers: (i: number) => Record<string, string>) => {
      const statuses: number[] = [];
      for (let i = 0; i < count; i++) statuses.push((await get(from, search(i, offset), headers(i))).status);
      return statuses;
    };

    it('gives each browser behind one address its own share: the second guest of a family is not "busy" after the first spent theirs', async () => {
      const first = await statusesOf('127.0.0.3', SEARCH_SHARE + 1, 0, () => as('guest-one-aaaaaaaaaaaa'));
      expect(first.slice(0, SEARCH_SHARE)).toEqual(Array(SEARCH_SHARE).fill(200));
      expect(first[SEARCH_SHARE]).toBe(503);
      const second = await statusesOf('127.0.0.3', SEARCH_SHARE, 1, () => as('guest-two-bbbbbbbbbbbb'));
      expect(second).toEqual(Array(SEARCH_SHARE).fill(200));
    }, 60_000);

    it('holds a script that makes up a new browser mark for every request to its address’s cap', async () => {
      const hooks = sandboxHooks(sandbox.url);
      const before = (await hooks.stats()).calls.byOperation.searchHouses ?? 0;
      const statuses = await statusesOf('127.0.0.4', 4 * SEARCH_SHARE, 2, (i) => as(`made-up-${String(i).padStart(14, '0')}`));
      const spent = ((await hooks.stats()).calls.byOperation.searchHouses ?? 0) - before;
      expect(spent).toBe(2 * SEARCH_SHARE);
      expect(statuses.filter((status) => status === 503)).toHaveLength(2 * SEARCH_SHARE);
    }, 60_000);

    it('counts a request whose browser mark is not one the site writes as the address’s unmarked guest', async () => {
      const statuses = await statusesOf('127.0.0.5', SEARCH_SHARE + 1, 3, (i) => as(i % 2 ? 'x' : '<script>'));
      expect(statuses.slice(0, SEARCH_SHARE)).toEqual(Array(SEARCH_SHARE).fill(200));
      expect(statuses[SEARCH_SHARE]).toBe(503);
    }, 60_000);
  });
});
