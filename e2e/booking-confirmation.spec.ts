import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bookUrl, clickThroughBusy, MESSAGES, open, stayFinder, toOverview, type Stay } from './support/booking-pages';
import { sandbox, siteUrl } from './support/sandbox';
import { plainSelection } from './support/selection';

/**
 * A booking, once made, is shown as made wherever the guest lands in the same browser while the
 * booking session lives (a reload of the confirmation, a second tab on any step of the booked
 * stay), and the confirmation is one the guest can keep: printable without the site around it,
 * and as a calendar file. Another browser sees none of it.
 */

const m = MESSAGES.en;
const freshStay = stayFinder(110);

const GUEST = {
  firstName: 'Sanne',
  lastName: 'de Wit',
  street: 'Oudegracht',
  houseNumber: '48',
  postcode: '3511 AR',
  city: 'Utrecht',
  email: 'sanne.dewit@example.nl',
  phone: '030 123 4567',
};

const headers = () => ({ 'content-type': 'application/json', 'x-booking-client': '1', origin: siteUrl() });

/** POSTs as the page would, waiting out the site's shared partner quota (503 with Retry-After). */
async function post(request: APIRequestContext, url: string, options: Parameters<APIRequestContext['post']>[1]) {
  for (let attempt = 0; ; attempt++) {
    const res = await request.post(url, options);
    if (res.status() !== 503 || attempt >= 6) return res;
    await new Promise((resolve) => setTimeout(resolve, 1_000 * Number(res.headers()['retry-after'] ?? 2)));
  }
}

/** Holds and books a stay with this browser's cookie, as the booking pages do. */
async function bookByApi(request: APIRequestContext, stay: Stay, paymentType = 'Later') {
  const held = await post(request, '/api/booking/pre-register', {
    headers: headers(),
    data: { locale: 'en', selection: plainSelection(stay), guest: { ...GUEST, country: 'NL', language: 'en' } },
  });
  expect(held.status()).toBe(200);
  const fin = await post(request, '/api/booking/finalize', {
    headers: { ...headers(), 'idempotency-key': crypto.randomUUID() },
    data: { paymentType, acceptTerms: true },
  });
  expect(fin.status()).toBe(200);
}

/** Books a stay through the booking pages, ending on the thank-you page; returns the reservation code. */
async function bookThroughPages(page: Page, stay: Stay): Promise<string> {
  await open(page, 'en', bookUrl('en', stay));
  await page.getByRole('button', { name: m.nav.toServices }).click();
  await expect(page).toHaveURL(/step=services/);
  await page.getByRole('button', { name: m.nav.toGuest }).click();
  await expect(page).toHaveURL(/step=guest/);
  await page.getByLabel(m.guest.firstName, { exact: true }).fill(GUEST.firstName);
  await page.getByLabel(m.guest.lastName, { exact: true }).fill(GUEST.lastName);
  await page.getByLabel(m.guest.street, { exact: true }).fill(GUEST.street);
  await page.getByLabel(m.guest.houseNumber, { exact: true }).fill(GUEST.houseNumber);
  await page.getByLabel(m.guest.postcode, { exact: true }).fill(GUEST.postcode);
  await page.getByLabel(m.guest.city, { exact: true }).fill(GUEST.city);
  await page.getByLabel(m.guest.country, { exact: true }).selectOption('NL');
  await page.getByLabel(m.guest.email, { exact: true }).fill(GUEST.email);
  await page.getByLabel(m.guest.phone, { exact: true }).fill(GUEST.phone);
  await clickThroughBusy(page, 'en', m.nav.toOverview, /step=overview/);
  await page.getByRole('radio', { name: m.payment.later }).check();
  await page.getByRole('checkbox', { name: m.payment.accept }).check();
  await clickThroughBusy(page, 'en', m.payment.confirm, /\/en\/booking\/thank-you/);
  const code = ((await page.getByTestId('reservation-code').textContent()) ?? '').trim();
  expect(code).not.toBe('');
  return code;
}

const yyyymmdd = (date: string) => date.replaceAll('-', '');

test.describe('a booking shown as made', () => {
  test.describe.configure({ timeout: 180_000 });

  test('browser back, forward and a reload of the thank-you page still show the reservation code, the stay and the guest’s name', async ({
    page,
  }) => {
    const stay = await freshStay();
    const code = await bookThroughPages(page, stay);
    await page.waitForLoadState('networkidle');

    // Back to the booking pages and forward again: the confirmation is still there.
    await page.goBack();
    await expect(page.getByTestId('booked-reservation-code')).toHaveText(code);
    await page.goForward();
    await expect(page).toHaveURL(/\/en\/booking\/thank-you$/);
    await expect(page.getByTestId('reservation-code')).toHaveText(code);

    const reloaded = await page.reload();
    expect(reloaded?.headers()['cache-control']).toMatch(/no-store/);
    const details = page.getByRole('region', { name: m.thankYou.detailsHeading });
    await expect(details.getByTestId('reservation-code')).toHaveText(code);
    await expect(details.getByText('2 adults')).toBeVisible();
    // The name and e-mail come from this tab's storage, never from the server.
    await expect(details.getByTestId('booked-name')).toHaveText(`${GUEST.firstName} ${GUEST.lastName}`);
    await expect(details.getByTestId('booked-email')).toHaveText(GUEST.email);
    await expect(page.getByRole('heading', { level: 2, name: m.thankYou.nextHeading })).toBeVisible();
    await expect(page.getByTestId('next-steps')).toContainText(m.thankYou.nextLater);
  });

  test('a second tab on step 1 and on the overview of the booked stay says "already booked", with the code and a link to the confirmation', async ({
    page,
    context,
  }) => {
    const stay = await freshStay();
    const code = await bookThroughPages(page, stay);

    const second = await context.newPage();
    for (const url of [bookUrl('en', stay), `${bookUrl('en', stay)}&step=overview`]) {
      await open(second, 'en', url);
      await expect(second.getByText(m.hold.doneBeforeTitle)).toBeVisible();
      await expect(second.getByTestId('booked-reservation-code')).toHaveText(code);
      await expect(second.getByText(m.hold.expiredTitle)).toHaveCount(0);
      await expect(second.getByText(m.notes.selectionResetTitle)).toHaveCount(0);
      await expect(second.getByRole('button', { name: m.payment.confirm })).toHaveCount(0);
      await expect(second.getByRole('button', { name: m.hold.renew })).toHaveCount(0);
    }
    await second.getByRole('link', { name: m.thankYou.bookedLink }).click();
    await expect(second).toHaveURL(/\/en\/booking\/thank-you$/);
    await expect(second.getByTestId('reservation-code')).toHaveText(code);
    await second.close();
  });

  test('after one booking the same browser books another stay as a new booking, and cannot hold the booked one again', async ({
    page,
  }) => {
    const first = await freshStay();
    const next = await freshStay();
    await bookByApi(page.request, first);
    const firstTxn = (await sandbox.reservations()).find(
      (r) => r.houseId === first.houseId && r.startDate.startsWith(first.startDate),
    )!.transactionId;

    // The stay just booked: refused before any partner call, so it is never booked twice.
    const calls = (await sandbox.stats()).calls.byOperation.preRegisterReservation;
    const again = await post(page.request, '/api/booking/pre-register', {
      headers: headers(),
      data: { locale: 'en', selection: plainSelection(first), guest: { ...GUEST, country: 'NL', language: 'en' } },
    });
    expect(again.status()).toBe(409);
    expect((await again.json()).code).toBe('already_finalized');
    expect((await sandbox.stats()).calls.byOperation.preRegisterReservation).toBe(calls);

    // Another stay: a new hold and a new booking, the first one untouched.
    await bookByApi(page.request, next);
    const reservations = await sandbox.reservations();
    const second = reservations.find((r) => r.houseId === next.houseId && r.startDate.startsWith(next.startDate))!;
    expect(second.transactionId).not.toBe(firstTxn);
    expect(second.finalizeCalls).toBe(1);
    expect(reservations.find((r) => r.transactionId === firstTxn)!.finalizeCalls).toBe(1);
    await page.goto('/en/booking/thank-you');
    await expect(page.getByRole('heading', { level: 1, name: m.thankYou.title })).toBeVisible();
  });

  test('a booking whose confirmation got no answer still shows the held price and unit after a reload, not an estimate', async ({
    page,
  }) => {
    const stay = await freshStay();
    await toOverview(page, 'en', stay);
    const total = page.getByTestId('running-total').first();
    await expect(total).not.toHaveText('—');
    const heldTotal = (await total.textContent())!;
    const heldSummary = await page.getByRole('complementary').first().innerText();
    await expect(page.getByText(m.summary.estimateNote)).toHaveCount(0);

    // The partner books, but the connection drops before its answer: the site cannot tell.
    await sandbox.fault({ operation: 'finalizeReservation', type: 'reset', count: 1 });
    try {
      await page.getByRole('radio', { name: m.payment.later }).check();
      await page.getByRole('checkbox', { name: m.payment.accept }).check();
      await page.getByRole('button', { name: m.payment.confirm }).click();
      await expect(page.getByText(m.states.checkingTitle)).toBeVisible();
    } finally {
      await sandbox.clearFaults();
    }

    await page.reload();
    await expect(page.getByText(m.states.checkingTitle)).toBeVisible();
    // While the booking is checked, the guest can reach the site's contact page.
    await expect(page.getByRole('link', { name: m.states.checkingContact })).toHaveAttribute('href', '/en/contact');
    await expect(page.getByTestId('running-total').first()).toHaveText(heldTotal);
    await expect(page.getByText(m.summary.estimateNote)).toHaveCount(0);
    // The unit line is the hold's, as before the confirmation was sent.
    const unitLine = heldSummary.split('\n').find((line) => line.startsWith('Unit'));
    expect(unitLine).toBeDefined();
    await expect(
      page.getByRole('complementary').first().getByText(unitLine!).filter({ visible: true }),
    ).toHaveCount(1);
  });
});

test.describe('a confirmation to keep', () => {
  test.describe.configure({ timeout: 120_000 });

  test('"Add to calendar" gives a valid iCalendar file of the booked nights; another browser gets none', async ({
    page,
    browser,
  }) => {
    const stay = await freshStay();
    await bookByApi(page.request, stay);
    await page.goto('/en/booking/thank-you');
    const code = ((await page.getByTestId('reservation-code').textContent()) ?? '').trim();
    expect(code).not.toBe('');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: m.thankYou.addToCalendar }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);

    const res = await page.request.get('/en/booking/thank-you/calendar.ics');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers()['cache-control']).toMatch(/no-store/);
    const text = await res.text();
    // Every line ends in CRLF; no bare line feed or carriage return anywhere.
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.replace(/\r\n /g, '').split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('END:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain(`DTSTART;VALUE=DATE:${yyyymmdd(stay.startDate)}`);
    expect(lines).toContain(`DTEND;VALUE=DATE:${yyyymmdd(stay.endDate)}`);
    expect(lines.some((l) => l.startsWith('UID:'))).toBe(true);
    expect(lines.some((l) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(l))).toBe(true);
    expect(text).toContain(code);
    for (const personal of [GUEST.email, GUEST.lastName, GUEST.phone, GUEST.street]) expect(text).not.toContain(personal);

    const other = await browser.newContext();
    const refused = await other.request.get(`${siteUrl()}/en/booking/thank-you/calendar.ics`);
    expect(refused.status()).toBe(404);
    expect(refused.headers()['content-type']).toMatch(/application\/problem\+json/);
    expect(await refused.text()).not.toContain('VCALENDAR');
    await other.close();
  });

  test('the confirmation prints without the site header, footer or buttons, and its buttons fit a phone @mobile', async ({
    page,
  }) => {
    const stay = await freshStay();
    await bookByApi(page.request, stay);
    await page.goto('/en/booking/thank-you');
    const print = page.getByRole('button', { name: m.thankYou.print });
    await expect(print).toBeVisible();
    await expect(page.getByRole('link', { name: m.thankYou.addToCalendar })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // Nothing wider than the screen: the buttons wrap on a phone.
    // A phone widens its layout to fit what overflows, so the page is held to the screen's width.
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(page.viewportSize()!.width);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('reservation-code')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: m.thankYou.nextHeading })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(print).toBeHidden();
    await expect(page.getByRole('link', { name: m.thankYou.addToCalendar })).toBeHidden();
    await expect(page.getByRole('link', { name: m.states.toHome })).toBeHidden();
  });
});
