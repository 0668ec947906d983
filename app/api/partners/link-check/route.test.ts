import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '@/sandbox/src/server';
import { hooks, resetGateway } from '@/test/integration/helpers';
import { SOCKET_ADDRESS_HEADER } from '@/lib/http/client-address';
import { LINK_CHECK_LIMITS } from '@/lib/marketing/check-limit';
import { resetRateLimits } from '@/lib/booking-flow/rules/rate-limit';
import type { LinkCheck } from '@/lib/marketing/check-link';

/**
 * The link check against the real sandbox: bad links are refused with a stable problem code
 * before the partner is asked, a good link is read the way its page reads it, and checking a
 * link never asks the partner more than a guest following it would.
 */

const SITE = 'http://127.0.0.1:3100';
let sandbox: SandboxHandle;
let sb: ReturnType<typeof hooks>;
let check: (req: Request) => Promise<Response>;

const get = (url: string, headers: HeadersInit = {}) =>
  check(new Request(`${SITE}/api/partners/link-check?url=${encodeURIComponent(url)}`, { headers }));

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, latencyMs: 0 });
  sb = hooks(sandbox.url);
  Object.assign(process.env, {
    SANDBOX_URL: sandbox.url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SITE_URL: SITE,
    LOG_LEVEL: 'silent',
  });
  resetGateway();
  check = (await import('./route')).GET;
});

afterAll(async () => {
  resetGateway();
  await sandbox.close();
});

beforeEach(() => resetRateLimits());

async function firstBookable(): Promise<{ houseId: number; startDate: string; endDate: string }> {
  const { searchHouses } = await import('@/lib/partner-api');
  const { data } = await searchHouses({ adults: 2, child0002: 0, child0304: 0, child0512: 0, child1317: 0, pets: 0 }, 'en');
  const house = data.houses.find((h) => h.price);
  if (!house?.price) throw new Error('the sandbox offers no bookable stay');
  return { houseId: house.id, startDate: house.price.startDate, endDate: house.price.endDate };
}

describe('GET /api/partners/link-check', () => {
  it.each([
    ['', 'link_missing'],
    ['https://evil.example/nl/search', 'link_foreign_origin'],
    [`${SITE}/nl/book/1001`, 'link_unknown_page'],
    ['javascript:alert(1)', 'link_invalid'],
    [`${SITE}/nl/search?x=${'y'.repeat(2100)}`, 'link_too_long'],
  ])('answers %j with a 400 problem %s and asks the partner nothing', async (url, code) => {
    const before = (await sb.stats()).calls.total;
    const res = await get(url);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 400, code, errors: { url: [code] } });
    expect((await sb.stats()).calls.total).toBe(before);
  });

  it('refuses a request that names the link twice', async () => {
    const res = await check(new Request(`${SITE}/api/partners/link-check?url=%2Fnl%2Fsearch&url=%2Fen%2Fsearch`));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('link_invalid');
  });

  it('reports a bookable stay in an active house, and costs no partner call the second time', async () => {
    const stay = await firstBookable();
    const link = `${SITE}/de/houses/${stay.houseId}?startDate=${stay.startDate}&endDate=${stay.endDate}&adults=2&utm_source=news&cid=c1`;
    const first = (await (await get(link)).json()) as LinkCheck;
    expect(first).toMatchObject({ page: 'house', locale: 'de', targetId: stay.houseId, issues: [] });
    expect(first.target).toMatchObject({ kind: 'house', status: 'active', stay: 'bookable' });
    expect(first.campaign).toEqual({ tags: { utm_source: 'news', cid: 'c1' }, invalid: [] });
    expect(first.correctedLink).toBeUndefined();
    const before = (await sb.stats()).calls.total;
    await get(link);
    expect((await sb.stats()).calls.total).toBe(before);
  });

  it('says a house that is not active would show a not-found page, without asking for its details', async () => {
    await get(`${SITE}/en/search`);
    const before = (await sb.stats()).calls.byOperation.houseDetails ?? 0;
    const body = (await (await get(`${SITE}/en/houses/999999`)).json()) as LinkCheck;
    expect(body.target).toMatchObject({ kind: 'house', status: 'inactive' });
    expect((await sb.stats()).calls.byOperation.houseDetails ?? 0).toBe(before);
  });

  it('lists the corrections and gives the corrected link', async () => {
    const body = (await (await get(`/nl/search?adults=0&startDate=2020-01-01&endDate=2020-01-04&utm_campaign=a"b`)).json()) as LinkCheck;
    expect(body.issues.map((issue) => issue.code)).toEqual(['start_in_past', 'adults_out_of_range']);
    expect(body.campaign.invalid).toEqual(['utm_campaign']);
    expect(body.correctedLink).toBe(`${SITE}/nl/search?adults=1`);
    expect(body.target).toMatchObject({ kind: 'search', status: 'found' });
  });

  it('reads a search link as the search page does, the park filter included', async () => {
    const body = (await (await get(`${SITE}/en/search?park=999999&adults=2`)).json()) as LinkCheck;
    expect(body.issues).toEqual([{ param: 'park', code: 'unknown_park' }]);
    expect(body.correctedLink).toBe(`${SITE}/en/search?adults=2`);
  });

  it(`answers 429 with Retry-After after ${LINK_CHECK_LIMITS.perClient} checks a minute from one client`, async () => {
    const headers = { [SOCKET_ADDRESS_HEADER]: '192.0.2.9' };
    for (let i = 0; i < LINK_CHECK_LIMITS.perClient; i++) expect((await get(`${SITE}/en/parks/1`, headers)).status).toBe(200);
    const refused = await get(`${SITE}/en/parks/1`, headers);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { code: string }).code).toBe('too_many_requests');
  });
});
