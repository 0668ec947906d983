import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { askPartner } from './support/sandbox';
import { waitForHydration } from './support/hydration';
import { PAGE_SIZE } from '../components/search/result-options';
import { PRICE_STEPS } from '../lib/booking/search-filters';

/**
 * The filters on the houses found (bedrooms, price…): what a guest sees in the form, the list and
 * the address, with and without JavaScript. The expected houses are worked out here from the
 * site's unfiltered answer, with the rules a guest would apply by hand.
 */

interface SiteHouse {
  id: number;
  name: string;
  bedrooms: number | null;
  price: { full: number; discounted?: number; pricedFor?: { persons?: number; pets?: number } } | null;
}

const ADULTS = 4;

/** A stay the partner really offers: the default stay of the first house it lists. */
async function findStay(): Promise<string> {
  const all = await askPartner<{ houseList: Array<{ price?: { startDate: string; endDate: string } }> }>(
    'searchHouses',
  );
  const price = all.houseList.find((h) => h.price)?.price;
  if (!price) throw new Error('sandbox offers no stay');
  return `startDate=${price.startDate.slice(0, 10)}&endDate=${price.endDate.slice(0, 10)}&adults=${ADULTS}`;
}

/** The party's total as the card shows it; null without a price for this party of adults. */
function total(house: SiteHouse): number | null {
  const price = house.price;
  if (!price) return null;
  const priced = price.pricedFor;
  if (priced && ((priced.persons ?? ADULTS) !== ADULTS || (priced.pets ?? 0) !== 0)) return null;
  return price.discounted ?? price.full;
}

async function housesFound(request: APIRequestContext, query: string): Promise<SiteHouse[]> {
  const res = await request.get(`/api/search?${query}&locale=en`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { houses: SiteHouse[] }).houses;
}

/** The page's default order: cheapest first, houses without a price last, ties as the partner listed them. */
function byPrice(houses: SiteHouse[]): string[] {
  return [...houses]
    .sort((a, b) => (total(a) ?? Number.POSITIVE_INFINITY) - (total(b) ?? Number.POSITIVE_INFINITY))
    .map((h) => h.name);
}

function resultsHeading(page: Page) {
  return page.getByRole('heading', { level: 2, name: /houses? found/ });
}

async function houseNames(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: /houses? found/ })
    .getByRole('heading', { level: 3 })
    .allTextContents();
}

test.describe('filters on the houses found', () => {
  test('@mobile a guest filters to 3+ bedrooms under a price, and the counts, the list and the address follow', async ({
    page,
  }) => {
    const query = await findStay();
    const all = await housesFound(page.request, query);
    const roomy = all.filter((h) => (h.bedrooms ?? 0) >= 3);
    // A price that narrows the roomy houses but leaves more than one page of them.
    const under = (max: number) => roomy.filter((h) => (total(h) ?? Infinity) <= max);
    const maxPrice = PRICE_STEPS.find(
      (step) => under(step).length > PAGE_SIZE && under(step).length < roomy.length,
    );
    if (maxPrice === undefined) throw new Error('no price step narrows the sandbox’s houses');
    const expected = byPrice(under(maxPrice));

    await page.goto(`/en/search?${query}`);
    await waitForHydration(page, 'form[aria-label="Sort and filter"]');
    await expect(resultsHeading(page)).toHaveText(`${all.length} houses found`);
    const bedrooms = page.getByLabel('Bedrooms');
    await expect(bedrooms.locator('option[value="3"]')).toHaveText(`3+ bedrooms (${roomy.length})`);
    await expect(bedrooms.locator('option[value=""]')).toHaveText(`Any (${all.length})`);

    await bedrooms.selectOption('3');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/[?&]minBedrooms=3(&|$)/);
    await expect(resultsHeading(page)).toHaveText(`${roomy.length} houses found`);
    // The price choices now count the roomy houses only.
    const price = page.getByLabel('Total price');
    await expect(price.locator(`option[value="${maxPrice}"]`)).toHaveText(
      new RegExp(`^Up to €${maxPrice.toLocaleString('en')} \\(${expected.length}\\)$`),
    );

    await price.selectOption(String(maxPrice));
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]minBedrooms=3&maxPrice=${maxPrice}(&|$)`));
    await expect(page).toHaveURL(new RegExp(query.replace(/[?&]/g, '.')));
    await expect(resultsHeading(page)).toHaveText(`${expected.length} houses found`);
    await expect(page.getByLabel('Bedrooms')).toHaveValue('3');
    await expect(page.getByLabel('Total price')).toHaveValue(String(maxPrice));
    await expect.poll(() => houseNames(page)).toEqual(expected.slice(0, PAGE_SIZE));

    // "Show more" brings the next houses of the same filtered list.
    await page.getByRole('link', { name: 'Show more houses' }).click();
    await expect.poll(() => houseNames(page)).toEqual(expected.slice(0, 2 * PAGE_SIZE));
    await expect(page).toHaveURL(new RegExp(`minBedrooms=3&maxPrice=${maxPrice}.*page=2`));
  });

  test('names the filter that left no house, and its link brings the houses back', async ({ page }) => {
    const query = await findStay();
    const all = await housesFound(page.request, query);
    const fewer = all.filter((h) => h.bedrooms !== null && h.bedrooms < 20).length;

    await page.goto(`/en/search?${query}&minBedrooms=20`);
    await expect(page.getByRole('heading', { name: 'No houses match your search' })).toBeVisible();
    await expect(
      page.getByText(`No house has 20 bedrooms or more for your search; ${fewer} houses have fewer.`),
    ).toBeVisible();
    await page
      .getByRole('link', { name: `Show houses with any number of bedrooms (${all.length} houses)` })
      .click();
    await expect(resultsHeading(page)).toHaveText(`${all.length} houses found`);
    expect(new URL(page.url()).searchParams.has('minBedrooms')).toBe(false);
  });

  test('explains a filter value it cannot use instead of failing', async ({ page }) => {
    const response = await page.goto('/en/search?minBedrooms=lots&maxPrice=0');
    expect(response?.status()).toBe(200);
    const notes = page.getByText('We adjusted your search').locator('..');
    await expect(notes).toContainText('“Bedrooms” is not a value we can filter by');
    await expect(notes).toContainText('“Total price” is not a value we can filter by');
    await expect(resultsHeading(page)).toBeVisible();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('@mobile the filters are a plain GET form', async ({ page }) => {
      const query = await findStay();
      const all = await housesFound(page.request, query);
      const roomy = all.filter((h) => (h.bedrooms ?? 0) >= 3);

      await page.goto(`/en/search?${query}`);
      await page.getByLabel('Bedrooms').selectOption('3');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page).toHaveURL(/[?&]minBedrooms=3(&|$)/);
      await expect(resultsHeading(page)).toHaveText(`${roomy.length} houses found`);
      await expect(page.getByLabel('Bedrooms')).toHaveValue('3');
      await expect(page.getByLabel('Bedrooms').locator('option[value="3"]')).toHaveText(
        `3+ bedrooms (${roomy.length})`,
      );
    });
  });
});
