import { expect, test, type Page } from '@playwright/test';
import { askPartner } from './support/sandbox';
import { expectNoViolations } from './support/axe';

/**
 * Favourites and the compare page end to end against the production build and the sandbox: a
 * guest keeps three houses with the heart on a search for a stay, finds them in the favourites
 * list from the header, compares them side by side with the stay's prices, and books one.
 */

interface PartnerHouse {
  houseId: number;
  name: string;
  price?: { startDate: string; endDate: string; fullPrice: number; discountedPrice?: number };
}
interface PartnerDetails {
  selectedPeriod?: { startDate?: string; endDate?: string; fullPrice?: number; discountedPrice?: number };
}

const day = (value: string) => value.slice(0, 10);

/** A stay the partner offers in at least three houses: the default stay of the first one priced. */
async function findStay() {
  const all = await askPartner<{ houseList: PartnerHouse[] }>('searchHouses');
  const first = all.houseList.find((house) => house.price);
  if (!first?.price) throw new Error('sandbox offers no stay');
  const stay = { startDate: day(first.price.startDate), endDate: day(first.price.endDate) };
  const found = await askPartner<{ houseList: PartnerHouse[] }>(
    `searchHouses?startDate=${stay.startDate}&endDate=${stay.endDate}`,
  );
  const priced = found.houseList.filter((house) => house.price);
  if (priced.length < 3) throw new Error('the sandbox offers this stay in fewer than three houses');
  return stay;
}

/** What the partner asks for the stay in a house, as the page writes euros ("€1,234.00"). */
async function partnerPrice(houseId: number, stay: { startDate: string; endDate: string }): Promise<string> {
  const details = await askPartner<PartnerDetails>(
    `houseDetails/${houseId}?startDate=${stay.startDate}&endDate=${stay.endDate}&adults=2`,
  );
  const period = details.selectedPeriod;
  const amount = period?.discountedPrice ?? period?.fullPrice;
  if (amount === undefined) throw new Error(`no price for house ${houseId}`);
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(amount);
}

function card(page: Page, name: string) {
  return page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
}

test.describe('favourites and compare', () => {
  test('@mobile a guest hearts three houses on the search page, compares them from the favourites list and books one', async ({
    page,
  }) => {
    const stay = await findStay();
    await page.goto(`/en/search?startDate=${stay.startDate}&endDate=${stay.endDate}`);

    const names = (
      await page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents()
    ).slice(0, 3);
    expect(names).toHaveLength(3);
    const ids: number[] = [];
    for (const name of names) {
      const href = await card(page, name).getByRole('link', { name, exact: true }).getAttribute('href');
      ids.push(Number(/\/houses\/(\d+)/.exec(href ?? '')?.[1]));
      // The heart appears once the page has come to life; a real toggle button named for the house.
      const heart = card(page, name).getByRole('button', { name: `Keep ${name} in your favourites` });
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
    }

    const favourites = page.getByRole('banner').getByRole('link', { name: /^Favourites/ });
    await expect(favourites).toHaveAccessibleName('Favourites 3 houses kept');
    await favourites.click();
    await expect(page).toHaveURL(/\/en\/favourites$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your favourites' })).toBeVisible();
    for (const name of names) await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    await expectNoViolations(page);

    await page.getByRole('link', { name: 'Compare 3 houses side by side' }).click();
    await expect(page).toHaveURL(
      `/en/compare?houses=${ids.join(',')}&startDate=${stay.startDate}&endDate=${stay.endDate}`,
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Compare houses' })).toBeVisible();

    // One column per house, in the order kept, their heads on one line (side by side).
    const heads = page.getByRole('columnheader');
    await expect(heads).toHaveCount(3);
    const boxes = [];
    for (const [index, name] of names.entries()) {
      await expect(heads.nth(index)).toContainText(name);
      boxes.push((await heads.nth(index).boundingBox())!);
    }
    expect(new Set(boxes.map((box) => Math.round(box.y))).size).toBe(1);
    expect(boxes[0]!.x).toBeLessThan(boxes[1]!.x);
    expect(boxes[1]!.x).toBeLessThan(boxes[2]!.x);
    await expectNoViolations(page);

    // The price row: the partner's price of this stay in each house.
    const priceRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Price for your stay' }) });
    const prices = priceRow.getByRole('cell');
    await expect(prices).toHaveCount(3);
    for (const [index, id] of ids.entries()) {
      await expect(prices.nth(index)).toContainText(await partnerPrice(id, stay));
    }

    await priceRow.getByRole('link', { name: `Book ${names[1]}` }).click();
    await expect(page).toHaveURL(`/en/book/${ids[1]}?startDate=${stay.startDate}&endDate=${stay.endDate}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  });

  test('a compare address naming more than four houses and pieces that are no houses shows the first four and says why', async ({
    page,
  }) => {
    const stay = await findStay();
    const { houseList } = await askPartner<{ houseList: PartnerHouse[] }>('searchHouses');
    const ids = houseList.slice(0, 6).map((house) => house.houseId);
    await page.goto(
      `/en/compare?houses=${ids.join(',')},abc&startDate=${stay.startDate}&endDate=${stay.endDate}`,
    );
    await expect(page.getByRole('columnheader')).toHaveCount(4);
    await expect(page.getByText('the first 4 are shown, 2 more were left out')).toBeVisible();
    await expect(page.getByText('Not a house number, left out: “abc”.')).toBeVisible();

    const none = await page.goto('/en/compare?houses=abc,999999999');
    expect(none?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Compare houses' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Your favourites' }).last()).toBeVisible();
  });
});
