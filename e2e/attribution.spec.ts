import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_HEALTH_TOKEN } from '../playwright.config';
import { stayFinder } from './support/booking-pages';
import { holdPageScripts, waitForHydration } from './support/hydration';
import { bookFromHousePage, open, openHouseFromResults, searchLanding } from './support/landing-booking';

/**
 * A guest who lands on a partner's search link with campaign tags books through search, house
 * and every booking step (with a reload and Back on the way): the tags travel with the hold
 * request, not with any page address after the landing one, and the booking is counted under
 * its campaign in the metrics. No cookie is set for them.
 */

const freshStay = stayFinder(125);
const SERIES = 'booking_campaign_bookings_total{source="news",medium="(none)",campaign="spring",cid="p42"}';
const VALUE =
  'booking_campaign_booked_value_euros_total{source="news",medium="(none)",campaign="spring",cid="p42"}';

async function metric(request: APIRequestContext, series: string): Promise<number> {
  const res = await request.get('/api/metrics', { headers: { authorization: `Bearer ${E2E_HEALTH_TOKEN}` } });
  expect(res.status()).toBe(200);
  const line = (await res.text()).split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

test.describe('campaign attribution', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a booking made after landing on a tagged search link is counted under its campaign', async ({
    page,
    context,
    request,
  }) => {
    const stay = await freshStay();
    const bookingsBefore = await metric(request, SERIES);
    const valueBefore = await metric(request, VALUE);
    const holdBodies: unknown[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/booking/pre-register')) holdBodies.push(req.postDataJSON());
    });

    await open(page, 'en', searchLanding(stay, 'utm_source=news&utm_campaign=spring&cid=p42'));
    await openHouseFromResults(page, stay);
    // The house page address carries no tags: the tab keeps them.
    expect(new URL(page.url()).searchParams.has('utm_source')).toBe(false);
    await bookFromHousePage(page);

    // Every hold request (the first, and any re-price after Back) carried the tags.
    expect(holdBodies.length).toBeGreaterThanOrEqual(1);
    for (const body of holdBodies) {
      expect((body as { campaign?: unknown }).campaign).toEqual({
        utm_source: 'news',
        utm_campaign: 'spring',
        cid: 'p42',
      });
    }
    expect(await metric(request, SERIES)).toBe(bookingsBefore + 1);
    expect(await metric(request, VALUE)).toBeGreaterThan(valueBefore);
    // First-party and cookie-free: the campaign is in this tab's sessionStorage only.
    const cookies = await context.cookies();
    expect(cookies.some((c) => /spring|p42|utm/.test(`${c.name}=${c.value}`))).toBe(false);
  });

  test('a guest served the stored landing page, with a click id of their own, books under their own campaign', async ({
    page,
    request,
  }) => {
    const stay = await freshStay();
    const series =
      'booking_campaign_bookings_total{source="news",medium="(none)",campaign="summer",cid="p43"}';
    const bookingsBefore = await metric(request, series);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const holdBodies: unknown[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/booking/pre-register')) holdBodies.push(req.postDataJSON());
    });

    // Earlier visitors of the same link, each with their own click id and another campaign, fill
    // the partner cache and the page store; the guest's visit is then served the stored page.
    let click = 0;
    const earlier = () => searchLanding(stay, `utm_source=news&utm_campaign=spring&gclid=earlier-${click++}`);
    let landed: Awaited<ReturnType<typeof page.goto>> = null;
    for (let attempt = 0; attempt < 3 && landed?.headers()['x-page-cache'] !== 'hit'; attempt++) {
      await expect
        .poll(async () => (await request.get(earlier())).headers()['x-page-cache'], { timeout: 30_000 })
        .toBe('hit');
      landed = await page.goto(
        searchLanding(stay, `utm_source=news&utm_campaign=summer&cid=p43&gclid=guest-${attempt}`),
      );
    }
    expect(landed?.headers()['x-page-cache']).toBe('hit');
    // No visitor's click id or tag in the stored bytes (the page names the tags it keeps, no values).
    expect(await landed!.text()).not.toMatch(/earlier-|guest-|gclid|utm_\w+=|summer|spring/);
    // The address keeps what the guest arrived with, and the tab keeps the guest's own tags.
    expect(new URL(page.url()).searchParams.get('utm_campaign')).toBe('summer');
    await waitForHydration(page, 'a[hreflang="nl"]');
    await expect
      .poll(async () =>
        JSON.parse((await page.evaluate(() => sessionStorage.getItem('pbs.campaign.v1'))) ?? 'null'),
      )
      .toEqual({ utm_source: 'news', utm_campaign: 'summer', cid: 'p43' });

    // The language links, as the server sent them and as the browser renders them again when the
    // address changes, keep the search and pass on no click id or campaign tag.
    const languageHrefs = () =>
      page.locator('a[hreflang]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    for (const href of await languageHrefs()) expect(href).not.toMatch(/gclid|utm_|cid=/);
    await page.evaluate(() =>
      window.history.replaceState(null, '', `${window.location.href}&sort=capacity-desc&later=1`),
    );
    await expect
      .poll(async () => (await languageHrefs()).filter((href) => href.includes('sort=capacity-desc')).length)
      .toBe(4);
    for (const href of await languageHrefs()) {
      expect(href).toContain(`startDate=${stay.startDate}`);
      expect(href).not.toMatch(/gclid|utm_|cid=|later/);
    }

    await openHouseFromResults(page, stay);
    await bookFromHousePage(page);
    expect(holdBodies.length).toBeGreaterThanOrEqual(1);
    for (const body of holdBodies) {
      expect((body as { campaign?: unknown }).campaign).toEqual({
        utm_source: 'news',
        utm_campaign: 'summer',
        cid: 'p43',
      });
    }
    expect(await metric(request, series)).toBe(bookingsBefore + 1);
    expect(problems.filter((text) => /hydrat|Minified React error #4(18|23|25)/i.test(text))).toEqual([]);
  });

  test('a guest who leaves the landing page before its scripts have run still books under its campaign', async ({
    page,
  }) => {
    const stay = await freshStay();
    // The page's scripts are held back, as on a slow network where they start after the paint.
    const release = await holdPageScripts(page);
    await page.goto(searchLanding(stay, 'utm_source=news&utm_medium=email&cid=p44'));
    expect(await page.evaluate(() => sessionStorage.getItem('pbs.campaign.v1'))).toBe(
      JSON.stringify({ utm_source: 'news', utm_medium: 'email', cid: 'p44' }),
    );
    // The guest follows a result before the landing page came to life: the house page has the tags.
    await page.locator('#main a[href*="/houses/"]').first().click();
    await expect(page).toHaveURL(/\/en\/houses\/\d+/);
    release();
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('pbs.campaign.v1'))) ?? 'null')).toEqual({
      utm_source: 'news',
      utm_medium: 'email',
      cid: 'p44',
    });
  });

  test('a tag with characters outside the safe set is dropped without troubling the guest', async ({
    page,
  }) => {
    const stay = await freshStay();
    await open(page, 'en', searchLanding(stay, 'utm_source=%3Cscript%3E&utm_campaign=spring'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect
      .poll(async () =>
        JSON.parse((await page.evaluate(() => sessionStorage.getItem('pbs.campaign.v1'))) ?? 'null'),
      )
      .toEqual({ utm_campaign: 'spring' });
  });
});
