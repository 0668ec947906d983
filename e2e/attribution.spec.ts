import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_HEALTH_TOKEN } from '../playwright.config';
import { stayFinder } from './support/booking-pages';
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
