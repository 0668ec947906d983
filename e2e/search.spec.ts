import { expect, test, type Page } from '@playwright/test';
import { askPartner, sandbox } from './support/sandbox';
import { PAGE_SIZE } from '../components/search/result-options';
import { waitForLiveSearchForm } from './support/search-form';
import { holdPageScripts, waitForHydration } from './support/hydration';
import { isLaidOut } from './support/layout';
import { addDays } from '../lib/booking/dates';

/** The partner's search answer, read straight from the sandbox to know what the page must show. */
interface PartnerHouse {
  houseId: number;
  name: string;
  houseTypeId?: number;
  nrPersons?: { value: number };
  numberOfPets?: { value: number };
  price?: { startDate: string; endDate: string; fullPrice: number; discountedPrice?: number };
}
interface PartnerSearch {
  houseList: PartnerHouse[];
  houseCount: number;
}

const day = (value: string) => value.slice(0, 10);
const pays = (h: PartnerHouse) => h.price?.discountedPrice ?? h.price?.fullPrice ?? Number.POSITIVE_INFINITY;

/** A stay the partner really offers: the default stay of the first house it lists. */
async function findStay() {
  const all = await askPartner<PartnerSearch>('searchHouses');
  const first = all.houseList.find((h) => h.price);
  if (!first?.price) throw new Error('sandbox offers no stay');
  return { startDate: day(first.price.startDate), endDate: day(first.price.endDate), house: first };
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

test.describe('search page', () => {
  test('@mobile a deep link opens the search it names, rendered on the server', async ({ page }) => {
    const { startDate, endDate } = await findStay();
    const partner = await askPartner<PartnerSearch>(
      `searchHouses?startDate=${startDate}&endDate=${endDate}&adults=3`,
    );
    await page.goto(`/en/search?startDate=${startDate}&endDate=${endDate}&adults=3`);
    await expect(page.getByLabel('Arrival')).toHaveValue(startDate);
    await expect(page.getByLabel('Departure')).toHaveValue(endDate);
    await expect(page.getByRole('button', { name: 'Who is coming: 3 adults', exact: true })).toBeVisible();
    await expect(resultsHeading(page)).toHaveText(`${partner.houseCount} houses found`);
    const firstCard = page.getByRole('article').first();
    await expect(firstCard).toContainText('Including mandatory costs');
    await expect(firstCard).toContainText(/per night/);
    await expect(page.getByText('What we assumed')).toHaveCount(0);
  });

  test('a deep link to the home page fills its search form, and searching keeps what it named', async ({
    page,
  }) => {
    const { startDate, endDate } = await findStay();
    await page.goto(`/en?startDate=${startDate}&endDate=${endDate}&adults=3&child0512=1`);
    await expect(page.getByLabel('Arrival')).toHaveValue(startDate);
    await expect(page.getByLabel('Departure')).toHaveValue(endDate);
    await expect(
      page.getByRole('button', { name: 'Who is coming: 3 adults, 1 child', exact: true }),
    ).toBeVisible();
    await waitForLiveSearchForm(page);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`/en/search\\?startDate=${startDate}&endDate=${endDate}&adults=3&child0512=1`),
    );
  });

  test('icons are drawn from the cached sprite', async ({ page }) => {
    const sprite = page.waitForResponse((res) => new URL(res.url()).pathname === '/icons.svg');
    await page.goto('/en/search');
    const res = await sprite;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('image/svg+xml');
    // A <use> whose symbol did not load has an empty box; a drawn one fills most of its 18 px.
    const icon = page.getByRole('article').first().locator('li svg use').first();
    await expect
      .poll(() => icon.evaluate((el) => (el as SVGGraphicsElement).getBBox().width))
      .toBeGreaterThan(10);
  });

  test("the date fields show the sprite's calendar icon instead of the browser's picture, and a click on it reaches the field", async ({
    page,
  }) => {
    // The browser's own picture is an SVG document built before the first paint; the sprite's is not.
    await page.goto('/en/search');
    await waitForLiveSearchForm(page);
    for (const name of ['Arrival', 'Departure']) {
      const field = page.getByLabel(name, { exact: true });
      const icon = field.locator('xpath=following-sibling::*[local-name()="svg"]');
      await expect(icon).toBeVisible();
      expect(
        await field.evaluate(
          (el) => getComputedStyle(el, '::-webkit-calendar-picker-indicator').backgroundImage,
        ),
      ).toBe('none');
      const box = (await icon.boundingBox())!;
      const hit = await page.evaluate(
        ([x, y]) => (document.elementFromPoint(x!, y!) as HTMLInputElement | null)?.name,
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(hit, name).toBe(name === 'Arrival' ? 'startDate' : 'endDate');
    }
  });

  test('lays out only the result cards near the screen, and a card comes in whole as it is scrolled to', async ({
    page,
  }) => {
    await page.goto('/en/search');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(PAGE_SIZE);
    const laidOut = (n: number) => isLaidOut(cards.nth(n).locator('h3'));
    expect(await laidOut(0)).toBe(true);
    expect(await laidOut(PAGE_SIZE - 1)).toBe(false);
    await cards.nth(PAGE_SIZE - 1).scrollIntoViewIfNeeded();
    await expect.poll(() => laidOut(PAGE_SIZE - 1)).toBe(true);
    await expect(cards.nth(PAGE_SIZE - 1).getByRole('heading', { level: 3 })).toBeInViewport();
  });

  test('says which dates and party it assumed when the link names none', async ({ page }) => {
    await page.goto('/en/search');
    const note = page.getByText('What we assumed').locator('..');
    await expect(note).toContainText('You did not choose dates');
    await expect(note).toContainText('we assumed 2 adults');
    await expect(resultsHeading(page)).toBeVisible();
  });

  test('dates a guest types before the page script has run are kept when the form comes to life', async ({
    page,
  }) => {
    const { startDate, endDate } = await findStay();
    // A slow phone: the page is on screen and typed into while its scripts are still loading.
    const release = await holdPageScripts(page);
    await page.goto('/en/search', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Arrival').fill(startDate);
    await page.getByLabel('Departure').fill(endDate);
    release();
    await waitForLiveSearchForm(page);
    await expect(page.getByLabel('Arrival')).toHaveValue(startDate);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`startDate=${startDate}&endDate=${endDate}`));
  });

  test('@mobile changing the dates and the party updates the results', async ({ page }) => {
    const { startDate, endDate } = await findStay();
    const partner = await askPartner<PartnerSearch>(
      `searchHouses?startDate=${startDate}&endDate=${endDate}&adults=3&child0512=1`,
    );
    await page.goto('/en/search');
    await waitForHydration(page, 'form[aria-label="Sort and filter"]');
    await page.getByLabel('Arrival').fill(startDate);
    await page.getByLabel('Departure').fill(endDate);
    await page.getByRole('button', { name: /^Who is coming/ }).click();
    await page.getByRole('button', { name: 'Adults: one more' }).click();
    await page.getByRole('button', { name: 'Children: one more' }).click();
    await expect(
      page.getByRole('button', { name: 'Who is coming: 3 adults, 1 child', exact: true }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`startDate=${startDate}&endDate=${endDate}&adults=3&child0512=1`),
    );
    await expect(resultsHeading(page)).toHaveText(`${partner.houseCount} houses found`);
    await expect(resultsHeading(page)).toBeFocused();
    await expect(page.getByText('What we assumed')).toHaveCount(0);
  });

  test('validates the form before searching', async ({ page }) => {
    const { startDate } = await findStay();
    await page.goto('/en/search');
    await waitForLiveSearchForm(page);
    await page.getByLabel('Arrival').fill(startDate);
    await page.getByLabel('Departure').fill('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('Choose a departure date as well, or clear the arrival date.')).toBeVisible();
    await expect(page.getByLabel('Departure')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Departure')).toHaveAccessibleDescription(
      /^Choose a departure date as well/,
    );
    await expect(page.getByLabel('Arrival')).not.toHaveAttribute('aria-invalid');
    await expect(page).toHaveURL(/\/en\/search$/);
  });

  test('sorts by price and by capacity', async ({ page }) => {
    const { startDate, endDate } = await findStay();
    const partner = await askPartner<PartnerSearch>(`searchHouses?startDate=${startDate}&endDate=${endDate}`);
    await page.goto(`/en/search?startDate=${startDate}&endDate=${endDate}`);

    await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/sort=price-desc/);
    const byPrice = [...partner.houseList].sort((a, b) => pays(b) - pays(a)).map((h) => h.name);
    await expect.poll(() => houseNames(page)).toEqual(byPrice.slice(0, PAGE_SIZE));

    await page.getByLabel('Sort by').selectOption({ label: 'Persons: most first' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/sort=capacity-desc/);
    const byCapacity = [...partner.houseList]
      .sort((a, b) => (b.nrPersons?.value ?? 0) - (a.nrPersons?.value ?? 0))
      .map((h) => h.name);
    await expect.poll(() => houseNames(page)).toEqual(byCapacity.slice(0, PAGE_SIZE));
    await expect(page.getByLabel('Arrival')).toHaveValue(startDate);
  });

  test('filters by house type and by pets', async ({ page }) => {
    const types = await askPartner<Array<{ id: number; name: string }>>('usedHouseTypes');
    const villa = types.find((t) => t.name === 'Villa') ?? types[0]!;
    const partner = await askPartner<PartnerSearch>(`searchHouses?houseTypeId=${villa.id}`);
    await page.goto('/en/search');
    await waitForHydration(page, 'form[aria-label="Sort and filter"]');
    await page.getByLabel('House type').selectOption({ label: villa.name });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`type=${villa.id}`));
    await expect(resultsHeading(page)).toHaveText(`${partner.houseCount} houses found`);
    // As after a search, the new outcome has the focus, so a screen reader reads it.
    await expect(resultsHeading(page)).toBeFocused();
    for (const card of await page.getByRole('article').all()) await expect(card).toContainText(villa.name);

    await page.getByLabel('Pets allowed').check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/petsAllowed=1/);
    const withPets = partner.houseList.filter((h) => (h.numberOfPets?.value ?? 0) > 0).length;
    await expect(resultsHeading(page)).toHaveText(
      new RegExp(`^${withPets === 0 ? 'No' : withPets} houses? found`),
    );
    await expect(page.getByRole('article').filter({ hasText: 'No pets' })).toHaveCount(0);
    await expect(resultsHeading(page)).toBeFocused();
  });

  test('explains and corrects invalid parameters instead of failing', async ({ page }) => {
    const response = await page.goto(
      '/en/search?adults=two&startDate=2020-01-01&endDate=2020-01-03&pets=9&type=999999',
    );
    expect(response?.status()).toBe(200);
    const notes = page.getByText('We adjusted your search').locator('..');
    await expect(notes).toContainText('“Adults” was not a whole number');
    await expect(notes).toContainText('The arrival date is today or has passed');
    await expect(notes).toContainText('You can bring at most 4 pets');
    await expect(notes).toContainText('We do not know this house type');
    await expect(page.getByRole('heading', { level: 2, name: /found/ })).toBeVisible();
  });

  test('says why nothing was found: a party too large, or pets', async ({ page }) => {
    await page.goto('/en/search?adults=16&child1317=3');
    await expect(page.getByRole('heading', { name: 'No houses match your search' })).toBeVisible();
    await expect(page.getByText('None of our houses sleeps 19 persons')).toBeVisible();

    await page.goto('/en/search?pets=3');
    await expect(page.getByRole('heading', { name: 'No houses match your search' })).toBeVisible();
    await expect(page.getByText('No available house takes 3 pets.')).toBeVisible();
    await page.getByRole('link', { name: 'Search without pets' }).click();
    await expect(resultsHeading(page)).toHaveText(/^\d+ houses? found/);
  });

  test('offers the first available stays when nothing is free for the dates asked', async ({ page }) => {
    // One night for a large party: parks ask for two nights at least, so the partner finds none.
    const startDate = addDays((await findStay()).startDate, 1);
    const endDate = addDays(startDate, 1);
    await page.goto(`/en/search?startDate=${startDate}&endDate=${endDate}&adults=12`);
    await expect(page.getByRole('heading', { name: 'No houses match your search' })).toBeVisible();
    await page.getByRole('link', { name: 'Show the first available stays instead' }).click();
    await expect(page).toHaveURL(/\/en\/search\?adults=12$/);
    await expect(resultsHeading(page)).toHaveText(/^\d+ houses? found/);
  });

  test('says when a stay is shorter than the parks take and offers longer ones from the same day', async ({
    page,
  }) => {
    // Parks ask for at least two nights, so one night from a day houses arrive on finds nothing.
    const { startDate } = await findStay();
    const endDate = addDays(startDate, 1);
    expect(
      (await askPartner<PartnerSearch>(`searchHouses?startDate=${startDate}&endDate=${endDate}`)).houseCount,
    ).toBe(0);

    await page.goto(`/en/search?startDate=${startDate}&endDate=${endDate}`);
    await expect(page.getByRole('heading', { name: 'No houses match your search' })).toBeVisible();
    await expect(
      page.getByText(
        /none is free for a stay of 1 night around these dates\. Parks often ask for a minimum stay/,
      ),
    ).toBeVisible();
    const longer = page
      .getByRole('heading', { name: 'Longer stays from the same arrival day' })
      .locator('..');
    const offer = longer
      .getByRole('link')
      .filter({ hasText: /(3|7) nights · \d+ houses? available/ })
      .first();
    await expect(offer).toBeVisible();
    const nights = Number(/(3|7) nights/.exec((await offer.textContent()) ?? '')![1]);
    await offer.click();
    await expect(page).toHaveURL(new RegExp(`startDate=${startDate}&endDate=${addDays(startDate, nights)}`));
    await expect(resultsHeading(page)).toHaveText(/^\d+ houses? found/);
  });

  test('shows a friendly retry when the partner is busy', async ({ page }) => {
    await sandbox.fault({ operation: 'searchHouses', type: 'status', status: 503 });
    try {
      // Criteria nobody searched before, so no cached answer can stand in.
      await page.goto('/en/search?adults=7&child0002=1&child0304=1');
      await expect(page.getByRole('heading', { name: 'It is very busy right now' })).toBeVisible();
      const retry = page.getByRole('link', { name: 'Try again' });
      await expect(retry).toHaveAttribute('href', /\/en\/search\?adults=7&child0002=1&child0304=1/);
      await expect(page.getByLabel('Arrival')).toBeVisible();
    } finally {
      await sandbox.clearFaults();
    }
    // The failures may have opened the partner circuit (desktop and mobile run this at once): for
    // up to its open time the site still answers "busy" without asking, as a guest retrying would see.
    await expect(async () => {
      await page.getByRole('link', { name: 'Try again' }).click();
      await expect(resultsHeading(page)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 25_000, intervals: [1_000, 2_000] });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the search form is a plain GET form', async ({ page }) => {
      const { startDate, endDate } = await findStay();
      await page.goto('/en/search');
      await page.getByLabel('Arrival').fill(startDate);
      await page.getByLabel('Departure').fill(endDate);
      await page.getByLabel('Adults', { exact: true }).fill('3');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(
        new RegExp(`/en/search\\?startDate=${startDate}&endDate=${endDate}&adults=3`),
      );
      await expect(resultsHeading(page)).toBeVisible();
      await expect(page.getByLabel('Adults', { exact: true })).toHaveValue('3');
    });
  });
});
