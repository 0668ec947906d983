import { expect, test, type APIRequestContext } from '@playwright/test';
import en from '../messages/en/booking.json';
import { daysAhead } from './support/booking-pages';
import { sandbox, siteUrl } from './support/sandbox';
import { plainSelection } from './support/selection';

/**
 * The booking flow's promises a guest cannot see but relies on: another browser cannot touch a
 * reservation (the transaction id is taken from the session only), the thank-you page trusts
 * nothing in its address, is never cached and shows a booking only to the browser that made it,
 * and the framework's bypass shapes do not replace
 * the checks inside each handler.
 */

const m = en.booking;

async function stay(skip: number) {
  const search = await sandbox.partner<{ houseList: { houseId: number }[] }>('searchHouses?adults=2');
  const houseId = search.houseList[search.houseList.length - 1 - skip]!.houseId;
  const house = await sandbox.partner<{ availableStartDates?: string[] }>(`houseDetails/${houseId}?adults=2`);
  const startDate = (house.availableStartDates ?? [])
    .map((d) => d.slice(0, 10))
    .find((d) => d >= daysAhead(60))!;
  const withStart = await sandbox.partner<{ availableEndDates?: string[] }>(
    `houseDetails/${houseId}?adults=2&startDate=${startDate}`,
  );
  return { houseId, startDate, endDate: withStart.availableEndDates![0]!.slice(0, 10) };
}

const GUEST = {
  firstName: 'Ingrid',
  lastName: 'Østergaard',
  street: 'Prinsengracht',
  houseNumber: '263',
  postcode: '1016 GV',
  city: 'Amsterdam',
  country: 'NL',
  email: 'ingrid.ostergaard@example.dk',
  phone: '020 555 0101',
  language: 'en',
};

const headers = () => ({
  'content-type': 'application/json',
  'x-booking-client': '1',
  origin: siteUrl(),
});

/** POSTs, waiting out the site's shared partner quota (503 with Retry-After) as the page would. */
async function post(
  request: APIRequestContext,
  url: string,
  options: Parameters<APIRequestContext['post']>[1],
) {
  for (let attempt = 0; ; attempt++) {
    const res = await request.post(url, options);
    if (res.status() !== 503 || attempt >= 6) return res;
    await new Promise((resolve) => setTimeout(resolve, 1_000 * Number(res.headers()['retry-after'] ?? 2)));
  }
}

test('another browser cannot finalize or re-price a reservation and causes no partner call', async ({
  browser,
  baseURL,
}) => {
  const s = await stay(0);
  const selection = plainSelection(s);
  const a = await browser.newContext();
  const held = await post(a.request, `${baseURL}/api/booking/pre-register`, {
    headers: headers(),
    data: { locale: 'en', selection, guest: GUEST },
  });
  expect(held.status()).toBe(200);
  const txn = (await sandbox.reservations()).find(
    (r) => r.houseId === s.houseId && r.startDate.startsWith(s.startDate),
  )!.transactionId;
  const calls = (await sandbox.stats()).calls.byOperation;

  const b = await browser.newContext();
  const fin = await b.request.post(`${baseURL}/api/booking/finalize`, {
    headers: { ...headers(), 'idempotency-key': crypto.randomUUID() },
    data: { paymentType: 'Later', acceptTerms: true, transactionId: txn },
  });
  expect([403, 409]).toContain(fin.status());
  const reprice = await b.request.post(`${baseURL}/api/booking/pre-register`, {
    headers: headers(),
    data: { locale: 'en', selection, guest: GUEST, transactionId: txn },
  });
  expect(reprice.status()).toBe(403);

  const after = (await sandbox.stats()).calls.byOperation;
  expect(after.finalizeReservation).toBe(calls.finalizeReservation);
  expect(after.preRegisterReservation).toBe(calls.preRegisterReservation);
  const reservation = (await sandbox.reservations()).find((r) => r.transactionId === txn)!;
  expect(reservation.status).toBe('Held');
  expect(reservation.finalizeCalls).toBe(0);
  await a.close();
  await b.close();
});

test('the thank-you page is no-store, shows no personal data, ignores forged query parameters and shows nothing in another browser', async ({
  page,
  browser,
  baseURL,
}) => {
  const s = await stay(1);
  const selection = plainSelection(s);
  const held = await post(page.request, `${baseURL}/api/booking/pre-register`, {
    headers: headers(),
    data: { locale: 'en', selection, guest: GUEST },
  });
  expect(held.status()).toBe(200);
  const fin = await post(page.request, `${baseURL}/api/booking/finalize`, {
    headers: { ...headers(), 'idempotency-key': crypto.randomUUID() },
    data: { paymentType: 'NowFullAmount', acceptTerms: true },
  });
  expect(fin.status()).toBe(200);

  // Straight to the thank-you page with a forged "paid" status, as if back from the payment page.
  const response = await page.goto('/en/booking/thank-you?status=paid&amount=0&email=evil%40example.com');
  expect(response?.headers()['cache-control']).toMatch(/no-store/);
  await expect(page.getByRole('heading', { level: 1, name: m.thankYou.title })).toBeVisible();
  await expect(page.getByText(m.thankYou.processing)).toBeVisible();
  // Nothing says the booking is paid (the price may still say what is paid at the park, and
  // that a deposit is paid with the booking).
  await expect(page.getByText(/\bpaid\b(?! at the park| with your booking)/i)).toHaveCount(0);
  const html = await page.content();
  for (const value of [
    GUEST.email,
    GUEST.phone,
    GUEST.lastName,
    GUEST.street,
    'evil@example.com',
    '555 0101',
  ])
    expect(html).not.toContain(value);

  // The booking session lives on, so a reload in this browser still shows the booking, uncached.
  await page.waitForLoadState('networkidle');
  const code = (await page.getByTestId('reservation-code').textContent())?.trim() ?? '';
  expect(code).not.toBe('');
  const reloaded = await page.reload();
  expect(reloaded?.headers()['cache-control']).toMatch(/no-store/);
  await expect(page.getByTestId('reservation-code')).toHaveText(code);

  // The same link in another browser (no session cookie) shows nothing of the booking.
  const other = await browser.newContext();
  const stranger = await other.newPage();
  const shared = await stranger.goto(`${baseURL}/en/booking/thank-you?status=paid`);
  expect(shared?.headers()['cache-control']).toMatch(/no-store/);
  await expect(stranger.getByRole('heading', { level: 1, name: m.thankYou.genericTitle })).toBeVisible();
  await expect(stranger.getByTestId('reservation-code')).toHaveCount(0);
  expect(await stranger.content()).not.toContain(code);
  await other.close();
});

test('framework bypass shapes do not get past the booking handlers', async ({
  request,
  baseURL,
}) => {
  const before = (await sandbox.stats()).calls.total;
  const routes = ['/api/booking/pre-register', '/api/booking/finalize', '/api/booking/close'];
  const bypassHeaders: Array<Record<string, string>> = [
    { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' },
    { 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy' },
    {
      'x-middleware-subrequest': 'src/middleware:src/middleware:src/middleware:src/middleware:src/middleware',
    },
    { rsc: '1', 'next-router-prefetch': '1' },
    { 'next-router-segment-prefetch': '/_tree', rsc: '1' },
    { 'x-invoke-path': '/api/health', 'x-middleware-prefetch': '1' },
  ];
  const variants = (route: string) => [
    route,
    `${route}.rsc`,
    `${route}?_rsc=1a2b3`,
    `${route}?nxtPlocale=en`,
    `${route}?__nextDataReq=1`,
  ];
  for (const route of routes) {
    for (const url of variants(route)) {
      for (const shape of bypassHeaders) {
        // Everything a real page sends except the static client header: the handler must refuse.
        const res = await request.post(`${baseURL}${url}`, {
          headers: { 'content-type': 'application/json', origin: siteUrl(), ...shape },
          data: { locale: 'en', paymentType: 'Later', acceptTerms: true },
        });
        const what = `${url} ${JSON.stringify(shape)}: ${res.status()}`;
        if (res.status() === 200) {
          // Next answers a middleware prefetch itself with an empty object and never runs the handler.
          expect(shape['x-middleware-prefetch'], what).toBe('1');
          expect(res.headers()['x-middleware-skip'], what).toBe('1');
          expect(await res.text(), what).toBe('{}');
        } else {
          expect([403, 404, 405], what).toContain(res.status());
        }
      }
      // With every header a page sends but no booking session, nothing is booked: a refusal, or
      // for close (which only ends a session) 204.
      const res = await request.post(`${baseURL}${url}`, {
        headers: { ...headers(), 'idempotency-key': crypto.randomUUID(), ...bypassHeaders[0] },
        data: { paymentType: 'Later', acceptTerms: true },
      });
      const refused = res.status() >= 400 && res.status() < 500;
      expect(refused || (route.endsWith('/close') && res.status() === 204), `${url}: ${res.status()}`).toBe(
        true,
      );
    }
  }
  expect((await sandbox.stats()).calls.total).toBe(before);
});
