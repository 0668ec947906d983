import { expect, request as requests, test, type APIRequestContext } from '@playwright/test';
import autocannon from 'autocannon';
import { Client } from 'pg';
import en from '../../messages/en/booking.json';
import { hasPostgres } from '../../test/postgres';
import { FLEET, FLEET_DATABASE_URL } from './ports';
import { plainSelection } from '../support/selection';

/**
 * Three instances behind a round-robin balancer, sharing one redis-server, against the sandbox at
 * the partner's real quota of 100 calls a minute: the instances share one quota and one cache,
 * booking writes keep their reserved share under a browsing burst, and a booking whose steps land
 * on different instances completes. Every instance drains the shared ledger outbox into one
 * Postgres, and each booking is kept there once.
 */

const PARTNER_HEADERS = { 'x-security-key': 'demo-key', 'x-partner': 'demo-partner' };
/** The bucket every instance draws from: capacity 45, refilled by 90 tokens a minute (and 90 in any 60 s). */
const CAPACITY = 45;
const REFILL_PER_MS = 90 / 60_000;

interface Stats {
  calls: { total: number; byOperation: Record<string, number> };
  rateLimited: number;
  maxCallsInAnyMinute: number;
}

async function partner<T>(pathname: string): Promise<T> {
  const res = await fetch(`${FLEET.sandboxUrl}/bungalow/api/v1/booking/${pathname}`, {
    headers: PARTNER_HEADERS,
  });
  return (await res.json()) as T;
}
const stats = async () => (await (await fetch(`${FLEET.sandboxUrl}/__sandbox/stats`)).json()) as Stats;
const reset = () => fetch(`${FLEET.sandboxUrl}/__sandbox/reset`, { method: 'POST' });

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A stay the partner offers, found before the run (these direct calls are cleared by the reset). */
async function findStay(houseIndex = 0) {
  const search = await partner<{ houseList: { houseId: number }[] }>('searchHouses?adults=2');
  const houseId = search.houseList[houseIndex]!.houseId;
  const house = await partner<{ availableStartDates?: string[] }>(`houseDetails/${houseId}?adults=2`);
  const startDate = (house.availableStartDates ?? [])
    .map((d) => d.slice(0, 10))
    .find((d) => d >= isoDay(60))!;
  const withStart = await partner<{ availableEndDates?: string[] }>(
    `houseDetails/${houseId}?adults=2&startDate=${startDate}`,
  );
  return { houseId, startDate, endDate: withStart.availableEndDates![0]!.slice(0, 10) };
}

/** Distinct search deep links: every one is a partner call unless the fleet shares its cache. */
function searchLinks(count: number): string[] {
  const parties = ['adults=2', 'adults=3', 'adults=4', 'adults=2&child0512=1', 'adults=5'];
  return Array.from({ length: count }, (_, i) => {
    const start = 5 + (i % 120);
    const party = parties[Math.floor(i / 120) % parties.length]!;
    return `/en/search?startDate=${isoDay(start)}&endDate=${isoDay(start + 3)}&${party}`;
  });
}

const BOOKING_HEADERS = {
  'content-type': 'application/json',
  'x-booking-client': '1',
  origin: FLEET.siteUrl,
};

/** POSTs through the balancer to one instance, waiting out a 503 with Retry-After as the page would. */
async function postTo(request: APIRequestContext, instance: number, url: string, data: unknown, extra = {}) {
  for (let attempt = 0; ; attempt++) {
    const res = await request.post(`${FLEET.siteUrl}${url}`, {
      headers: { ...BOOKING_HEADERS, ...extra, 'x-fleet-pin': String(instance) },
      data,
    });
    if (res.status() !== 503 || attempt >= 8) return res;
    await new Promise((r) => setTimeout(r, 1_000 * Number(res.headers()['retry-after'] ?? 1)));
  }
}

test.describe.configure({ mode: 'serial' });

test('under a burst the fleet keeps one quota, and a booking still completes across instances', async ({
  page,
}) => {
  const stay = await findStay();
  await reset();
  const links = searchLinks(400);
  let n = 0;
  const started = Date.now();
  const burst = autocannon({
    url: FLEET.siteUrl,
    connections: 24,
    duration: 20,
    timeout: 15,
    // 250 guests, as the CDN in front names them (start-fleet.ts): one client alone would be held
    // to its share of the partner calls and could not drain the quota.
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          path: links[n % links.length]!,
          headers: { ...req.headers, 'x-forwarded-for': `198.51.100.${1 + (n++ % 250)}` },
        }),
      },
    ],
  });
  await new Promise((r) => setTimeout(r, 3_000)); // the burst has drained the browsing share by now

  // A guest books while the burst runs, each step on another instance.
  const selection = plainSelection(stay);
  const guest = {
    firstName: 'Aiko',
    lastName: 'Tanaka',
    street: 'Keizersgracht',
    houseNumber: '12',
    postcode: '1015 CX',
    city: 'Amsterdam',
    country: 'NL',
    email: 'aiko.tanaka@example.jp',
    phone: '020 555 0199',
    language: 'en',
  };
  const held = await postTo(page.request, 0, '/api/booking/pre-register', { locale: 'en', selection, guest });
  expect(held.status(), await held.text()).toBe(200);
  expect(held.headers()['x-fleet-instance']).toBe('0');
  const finalized = await postTo(
    page.request,
    1,
    '/api/booking/finalize',
    { paymentType: 'Later', acceptTerms: true },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(finalized.status(), await finalized.text()).toBe(200);
  expect(finalized.headers()['x-fleet-instance']).toBe('1');
  await page.setExtraHTTPHeaders({ 'x-fleet-pin': '2' });
  const thanks = await page.goto(`${FLEET.siteUrl}/en/booking/thank-you`);
  expect(thanks?.headers()['x-fleet-instance']).toBe('2');

  const result = await burst;
  const elapsed = Date.now() - started;
  const after = await stats();
  expect(result.requests.total).toBeGreaterThan(100);
  expect(after.rateLimited).toBe(0);
  expect(after.maxCallsInAnyMinute).toBeLessThanOrEqual(90);
  // One bucket for all three: three separate ones would have let about three times this through.
  expect(after.calls.total).toBeLessThanOrEqual(CAPACITY + Math.ceil(REFILL_PER_MS * elapsed) + 1);
  expect(after.calls.total).toBeGreaterThanOrEqual(CAPACITY + 10); // the burst did saturate it
  expect(after.calls.byOperation.preRegisterReservation).toBe(1);
  expect(after.calls.byOperation.finalizeReservation).toBe(1);

  // The session sealed on instance 0 and finalized on 1 opens on 2: the booking, not the generic page.
  await expect(page.getByRole('heading', { level: 1, name: en.booking.thankYou.title })).toBeVisible();
  await expect(page.getByText(en.booking.thankYou.reference, { exact: true })).toBeVisible();
  await expect(page.getByText(en.booking.thankYou.paymentLater)).toBeVisible();
});

test('200 concurrent identical searches across the three instances make at most one call each', async () => {
  await new Promise((r) => setTimeout(r, 8_000)); // let the bucket refill after the burst
  const before = (await stats()).calls.byOperation.searchHouses ?? 0;
  const url = `${FLEET.siteUrl}/api/search?startDate=${isoDay(200)}&endDate=${isoDay(203)}&adults=2&locale=en`;
  const answers = await Promise.all(Array.from({ length: 200 }, () => fetch(url)));
  const served = new Set(answers.map((res) => res.headers.get('x-fleet-instance')));
  expect(answers.every((res) => res.status === 200)).toBe(true);
  expect(served.size).toBe(3);
  const calls = ((await stats()).calls.byOperation.searchHouses ?? 0) - before;
  expect(calls).toBeGreaterThanOrEqual(1);
  expect(calls).toBeLessThanOrEqual(3);
  // Now cached in Redis: another 200 across the fleet make none.
  await Promise.all(Array.from({ length: 200 }, () => fetch(url).then((res) => res.arrayBuffer())));
  expect(((await stats()).calls.byOperation.searchHouses ?? 0) - before).toBe(calls);
});

test('every instance drains the shared ledger outbox into one Postgres, and keeps each booking once', async () => {
  test.skip(!hasPostgres('fleet ledger'), 'no postgres binary');
  const campaign = { utm_source: 'fleet', utm_campaign: `drain-${Date.now()}` };
  const guest = {
    firstName: 'Bo',
    lastName: 'Jansen',
    street: 'Dorpsstraat',
    houseNumber: '3',
    postcode: '1234 AB',
    city: 'Utrecht',
    country: 'NL',
    email: 'bo.jansen@example.nl',
    phone: '030 555 0100',
    language: 'en',
  };
  // Each booking held on one instance and finalized on the next: three instances, one outbox.
  for (const [i, houseIndex] of [1, 2].entries()) {
    const selection = plainSelection(await findStay(houseIndex));
    const guestBrowser = await requests.newContext(); // a guest of its own, with its own cookie
    const held = await postTo(guestBrowser, i, '/api/booking/pre-register', {
      locale: 'en',
      selection,
      guest,
      campaign,
    });
    expect(held.status(), await held.text()).toBe(200);
    const finalized = await postTo(
      guestBrowser,
      i + 1,
      '/api/booking/finalize',
      { paymentType: 'Later', acceptTerms: true },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(finalized.status(), await finalized.text()).toBe(200);
    await guestBrowser.dispose();
  }

  const db = new Client({ connectionString: FLEET_DATABASE_URL });
  await db.connect();
  try {
    const rows = async () =>
      (
        await db.query<{ reservation_code: string; n: number }>(
          `SELECT reservation_code, count(*)::int AS n FROM ledger_bookings WHERE utm_campaign = $1 GROUP BY 1`,
          [campaign.utm_campaign],
        )
      ).rows;
    await expect.poll(async () => (await rows()).length, { timeout: 20_000 }).toBe(2);
    await new Promise((r) => setTimeout(r, 6_000)); // every instance has drained again since
    expect((await rows()).map((r) => r.n)).toEqual([1, 1]);
    const total = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_bookings WHERE utm_campaign = $1`,
      [campaign.utm_campaign],
    );
    expect(total.rows[0]!.n).toBe(2);
  } finally {
    await db.end();
  }

  // The partner's report, from whichever instance answers, counts the campaign's two bookings.
  const today = new Date().toISOString().slice(0, 10);
  const csv = await fetch(`${FLEET.siteUrl}/api/partners/report.csv?from=${today}&to=${today}`, {
    headers: { authorization: `Bearer ${FLEET.reportToken}` },
  });
  expect(csv.status).toBe(200);
  const line = (await csv.text()).split('\r\n').find((l) => l.includes(campaign.utm_campaign));
  expect(line?.split(',')[6]).toBe('2');
});
