import { expect, test, type Page } from '@playwright/test';
import en from '../messages/en/search.json';
import enHouse from '../messages/en/house.json';
import { daysAhead, MESSAGES, open, type Stay } from './support/booking-pages';
import { askPartner } from './support/sandbox';

/**
 * Language details a guest notices: amounts that never break across lines in French, the
 * partner's price details written in the page's language, a clear way forward for a link to a
 * stay further ahead than bookings are taken, and tour links a thumb can hit on a phone.
 */

interface HouseList {
  houseList: { houseId: number }[];
}
interface HouseDetails {
  availableStartDates?: string[];
  availableEndDates?: string[];
  optionalServices?: { id?: number; hasDatePicker?: boolean }[];
}

const day = (value: string) => value.slice(0, 10);
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** Today where the houses are, as the site counts it. */
const todayInAmsterdam = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
/** The day the partner counts its booking horizon from: UTC's, or the parks' when that is earlier. */
const partnerToday = () => {
  const utc = new Date().toISOString().slice(0, 10);
  return utc < todayInAmsterdam() ? utc : todayInAmsterdam();
};

/**
 * A bookable stay from `minDaysAhead` on, as long as the first bookable arrival allows (a long
 * stay costs four figures, so its amounts have a thousands separator), optionally in a house that
 * offers a given extra.
 */
async function findLongStay(minDaysAhead: number, withService?: number): Promise<Stay> {
  const { houseList } = await askPartner<HouseList>('searchHouses?adults=2');
  for (const { houseId } of houseList) {
    const house = await askPartner<HouseDetails>(`houseDetails/${houseId}?adults=2`);
    const start = (house.availableStartDates ?? []).map(day).find((d) => d >= daysAhead(minDaysAhead));
    if (!start) continue;
    const withStart = await askPartner<HouseDetails>(`houseDetails/${houseId}?adults=2&startDate=${start}`);
    const end = withStart.availableEndDates?.map(day).at(-1);
    if (!end) continue;
    if (withService !== undefined) {
      const stay = await askPartner<HouseDetails>(
        `houseDetails/${houseId}?adults=2&startDate=${start}&endDate=${end}`,
      );
      if (!stay.optionalServices?.some((s) => s.id === withService)) continue;
    }
    const units = await askPartner<unknown[]>(
      `availableHouseUnits?houseId=${houseId}&adults=2&startDate=${start}&endDate=${end}`,
    );
    if (units.length > 0) return { houseId, startDate: start, endDate: end };
  }
  throw new Error('no long bookable stay in the sandbox');
}

/** The text of every element with this test id that the guest can see. */
async function visibleTexts(page: Page, testId: string): Promise<string[]> {
  const texts: string[] = [];
  for (const element of await page.getByTestId(testId).all()) {
    if (await element.isVisible()) texts.push((await element.textContent()) ?? '');
  }
  return texts;
}

test.describe('language details', () => {
  test.describe.configure({ timeout: 120_000 });

  test('@mobile the French booking steps keep every amount on one line, as the search and house pages do', async ({
    page,
  }) => {
    const stay = await findLongStay(150);
    await open(page, 'fr', `/fr/book/${stay.houseId}?startDate=${stay.startDate}&endDate=${stay.endDate}`);
    const totals = await visibleTexts(page, 'running-total');
    expect(totals).toHaveLength(1);
    // Four figures, grouped and followed by the euro sign with no-break spaces only.
    expect(totals[0]).toMatch(/^\d{1,3}(?:\u00a0\d{3})+,\d{2}\u00a0€$/);
    // No amount anywhere in the summary breaks between its digits or before its euro sign.
    const summary = (await page.getByRole('complementary').first().textContent()) ?? '';
    expect(summary).not.toMatch(/\d[\u0020\u2009\u202f]\d{3}\b/);
    expect(summary).not.toMatch(/\d[\u0020\u2009\u202f]€/);
  });

  test('the partner’s price details are written the Dutch way ("2 × 17 × € 2,60"), not as the partner sends them ("2 × 17 × 2.60")', async ({
    page,
  }) => {
    const stay = await findLongStay(160);
    await open(page, 'nl', `/nl/book/${stay.houseId}?startDate=${stay.startDate}&endDate=${stay.endDate}&step=guest`);
    await expect(page).toHaveURL(/step=guest/);
    const quote = page.locator('details').filter({ hasText: MESSAGES.nl.quote.heading });
    await quote.locator('summary').click();
    const specification = quote.getByTestId('price-specification');
    await expect(specification).toBeVisible();
    const text = (await specification.textContent()) ?? '';
    // The tourist tax and energy lines: counts, then the unit price in euros the Dutch way.
    expect(text).toMatch(/\d+ × €\u00a0\d+,\d{2}/);
    expect(text).not.toMatch(/× \d+\.\d{2}\b/);
  });

  test.describe('a link to a stay further ahead than bookings are taken', () => {
    const start = addDays(todayInAmsterdam(), 730);
    const end = addDays(start, 3);
    const lastDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${addDays(partnerToday(), 548)}T00:00:00Z`),
    );

    test('on the search page names the last bookable date and leads to the latest bookable stay', async ({
      page,
    }) => {
      await page.goto(`/en/search?startDate=${start}&endDate=${end}&adults=3`);
      await expect(page.getByText(en.criteriaNotes.title)).toBeVisible();
      await expect(page.getByRole('listitem').filter({ has: page.getByTestId('latest-stay-link') })).toContainText(
        `Stays can be booked for arrivals up to ${lastDate} for now.`,
      );
      await expect(page.getByText(en.searchPage.rejectedTitle)).toHaveCount(0);

      const link = page.getByTestId('latest-stay-link');
      await expect(link).toHaveText(new RegExp(`^${en.criteriaNotes.latestStay.replace('{range}', '\\d')}`));
      await link.click();
      await page.waitForURL((url) => url.pathname === '/en/search' && url.searchParams.get('startDate') !== start);
      const url = new URL(page.url());
      expect(url.searchParams.get('adults')).toBe('3');
      const latestStart = url.searchParams.get('startDate') ?? '';
      const latestEnd = url.searchParams.get('endDate') ?? '';
      // The same weekday and length as asked for, no later than the last bookable arrival.
      expect(latestStart <= addDays(partnerToday(), 548)).toBe(true);
      expect(new Date(latestStart).getUTCDay()).toBe(new Date(start).getUTCDay());
      expect(addDays(latestStart, 3)).toBe(latestEnd);
      await expect(page.getByTestId('latest-stay-link')).toHaveCount(0);
      await expect(page.getByText(en.searchPage.rejectedTitle)).toHaveCount(0);
      await expect(page.getByLabel(en.searchForm.startDate)).toHaveValue(latestStart);
    });

    test('on a house page explains the limit and keeps the calendar to choose from', async ({ page }) => {
      const { houseList } = await askPartner<HouseList>('searchHouses?adults=2');
      const houseId = houseList[0]!.houseId;
      await page.goto(`/en/houses/${houseId}?startDate=${start}&endDate=${end}`);
      await expect(page.getByText(`Stays can be booked for arrivals up to ${lastDate} for now.`)).toBeVisible();
      await expect(page.getByTestId('latest-stay-link')).toBeVisible();
      await expect(page.getByRole('region', { name: enHouse.house.booking.title })).toBeVisible();

      // The house's calendar lists arrivals some months ahead only: the way forward is a search
      // for the latest bookable stay, which takes any date the partner books.
      await page.getByTestId('latest-stay-link').click();
      await page.waitForURL((url) => url.pathname === '/en/search' && url.searchParams.get('startDate') !== null);
      await expect(page.getByTestId('latest-stay-link')).toHaveCount(0);
      await expect(page.getByText(en.searchPage.rejectedTitle)).toHaveCount(0);
    });
  });

  test('@mobile every virtual-tour link on the house page is at least 44 × 44 px', async ({ page }) => {
    const { houseList } = await askPartner<HouseList>('searchHouses?adults=2');
    await page.goto(`/en/houses/${houseList[0]!.houseId}`);
    const links = page
      .locator('section[aria-labelledby="park-heading"]')
      .getByRole('link', { name: new RegExp(`^(${enHouse.house.park.houseTour}|${enHouse.house.park.parkTour})`) });
    await expect(links.first()).toBeVisible();
    const count = await links.count();
    expect(count).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < count; i++) {
      const box = await links.nth(i).boundingBox();
      expect(box, `tour link ${i}`).not.toBeNull();
      expect(box!.height, `height of tour link ${i}`).toBeGreaterThanOrEqual(44);
      expect(box!.width, `width of tour link ${i}`).toBeGreaterThanOrEqual(44);
    }
  });
});
