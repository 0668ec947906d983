import { expect, test, type Locator, type Page } from '@playwright/test';
import { askPartner } from './support/sandbox';
import { afterTwoFrames, isLaidOut, watchLayoutShifts } from './support/layout';
import { holdPageScripts, waitForHydration } from './support/hydration';
import { countPageLoads } from './support/page-loads';

interface PartnerHouse {
  houseId: number;
  name: string;
  nrPersons?: { value: number };
  price?: { startDate: string; endDate: string; fullPrice: number; discountedPrice?: number };
}
interface PartnerDetails {
  houseId: number;
  name: string;
  availableStartDates: string[];
  availableEndDates: string[];
  selectedPeriod?: { fullPrice: number; discountedPrice?: number };
}

const day = (value: string) => value.slice(0, 10);
const euro = (amount: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(amount);

/** A house that sleeps at least four and is bookable, with the partner's own lists for it. */
async function findHouse() {
  const search = await askPartner<{ houseList: PartnerHouse[] }>('searchHouses');
  const house = search.houseList.find((h) => h.price && (h.nrPersons?.value ?? 0) >= 4);
  if (!house) throw new Error('no bookable house in the sandbox');
  const details = await askPartner<PartnerDetails>(`houseDetails/${house.houseId}`);
  return { id: house.houseId, name: house.name, arrivals: details.availableStartDates.map(day) };
}

async function departuresFor(houseId: number, startDate: string, query = '') {
  const details = await askPartner<PartnerDetails>(`houseDetails/${houseId}?startDate=${startDate}${query}`);
  return details.availableEndDates.map(day);
}

async function priceFor(houseId: number, startDate: string, endDate: string, query = '') {
  const details = await askPartner<PartnerDetails>(
    `houseDetails/${houseId}?startDate=${startDate}&endDate=${endDate}${query}`,
  );
  const period = details.selectedPeriod;
  if (!period) throw new Error('no price for that stay');
  return { pay: period.discountedPrice ?? period.fullPrice, full: period.fullPrice };
}

function calendar(page: Page): Locator {
  return page.getByRole('grid');
}

/** The days the calendar lets a guest pick in the month it shows. */
async function enabledDays(page: Page): Promise<string[]> {
  return calendar(page)
    .getByRole('button', { disabled: false })
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-date') ?? ''));
}

async function shownMonth(page: Page): Promise<string> {
  const first = await calendar(page).getByRole('button').first().getAttribute('data-date');
  return (first ?? '').slice(0, 7);
}

test.describe('house page', () => {
  test('opens from the results with the price of the searched stay', async ({ page }) => {
    await page.goto('/en/search?sort=price-asc');
    const card = page.getByRole('article').first();
    const name = (await card.getByRole('heading', { level: 3 }).textContent())!.trim();
    const priceText = (await card
      .getByText(/^Discounted price|^Total price/)
      .first()
      .locator('..')
      .textContent())!;
    const amount = priceText.replace(/Discounted price|Total price/, '').trim();
    await card.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const panel = page.getByRole('region', { name: 'Availability and price' });
    await expect(panel).toContainText(amount);
    await expect(panel.getByRole('link', { name: 'Book this house' })).toBeVisible();
  });

  test('@mobile a house page reads no page ahead: the booking step is fetched once, when the guest taps Book', async ({
    page,
  }) => {
    const readAhead: string[] = [];
    const bookingReads: string[] = [];
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (req.headers()['next-router-prefetch']) readAhead.push(path);
      else if (req.headers()['rsc'] && path.startsWith('/en/book/')) bookingReads.push(path);
    });
    await page.goto('/en/search?adults=2');
    const house = await page.locator('main a[href^="/en/houses/"]').first().getAttribute('href');
    readAhead.length = 0;
    await page.goto(house!);
    // The bar's Book link is in view at once on a phone; the panel's comes into view on scrolling.
    const book = page.getByRole('link', { name: 'Book this house' });
    await expect(book.last()).toBeVisible();
    await book.first().scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(readAhead).toEqual([]);

    await book.first().click();
    await expect(page).toHaveURL(/\/en\/book\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(readAhead.filter((path) => path.startsWith('/en/book/'))).toEqual([]);
    expect(bookingReads).toHaveLength(1);
  });

  test('@mobile offers only valid arrival dates, then only valid departures, and the price follows', async ({
    page,
  }) => {
    const house = await findHouse();
    await page.goto(`/en/houses/${house.id}`);
    await expect(page.getByText('Choose your arrival date')).toBeVisible();
    await waitForHydration(page, 'table[role="grid"] button[data-date]');
    const month = await shownMonth(page);
    const arrivalsThisMonth = house.arrivals.filter((d) => d.startsWith(month));
    await expect.poll(() => enabledDays(page)).toEqual(arrivalsThisMonth);

    const arrival = arrivalsThisMonth[0]!;
    const departures = await departuresFor(house.id, arrival);
    await calendar(page).locator(`button[data-date="${arrival}"]`).click();
    await expect(page.getByText('Now choose your departure date')).toBeVisible();
    await expect.poll(() => enabledDays(page)).toEqual(departures.filter((d) => d.startsWith(month)));

    // Departures may run into the next month; move there when needed.
    const departure = departures[0]!;
    if (!departure.startsWith(month)) await page.getByRole('button', { name: 'Next month' }).click();
    await calendar(page).locator(`button[data-date="${departure}"]`).click();
    const expected = await priceFor(house.id, arrival, departure);
    const panel = page.getByRole('region', { name: 'Availability and price' });
    await expect(panel).toContainText(euro(expected.pay));
    if (expected.full > expected.pay)
      await expect(panel.getByRole('deletion')).toContainText(euro(expected.full));
    await expect(page).toHaveURL(new RegExp(`startDate=${arrival}&endDate=${departure}`));

    const book = panel.getByRole('link', { name: 'Book this house' });
    await expect(book).toHaveAttribute(
      'href',
      `/en/book/${house.id}?startDate=${arrival}&endDate=${departure}`,
    );
  });

  test("a stay chosen as browser Back leaves the house page is written into the house page's address only, never into the page Back went to", async ({
    page,
  }) => {
    const house = await findHouse();
    const arrival = house.arrivals[0]!;
    const departure = (await departuresFor(house.id, arrival))[0]!;
    await page.goto(`/en/houses/${house.id}`);
    await waitForHydration(page, `button[data-date="${arrival}"]`);
    // The moment after Back, before the router has swapped the page: the browser's address is
    // already the search the guest came from while the house page is still on screen.
    const searchAddress = '/en/search?adults=3&type=2&page=2';
    await page.evaluate((href) => history.pushState(history.state, '', href), searchAddress);

    await calendar(page).locator(`button[data-date="${arrival}"]`).click();
    if (!departure.startsWith(arrival.slice(0, 7)))
      await page.getByRole('button', { name: 'Next month' }).click();
    await calendar(page).locator(`button[data-date="${departure}"]`).click();
    const price = await priceFor(house.id, arrival, departure);
    await expect(page.getByRole('region', { name: 'Availability and price' })).toContainText(euro(price.pay));

    expect(page.url()).toBe(new URL(searchAddress, page.url()).href);
  });

  test('browser Back from the booking step brings the house page back with the stay and party chosen on it, loading no page anew', async ({
    page,
  }) => {
    const house = await findHouse();
    const arrival = house.arrivals[0]!;
    const departure = (await departuresFor(house.id, arrival, '&adults=3'))[0]!;
    const { pay } = await priceFor(house.id, arrival, departure, '&adults=3');
    await page.goto(`/en/houses/${house.id}?adults=3`);
    await waitForHydration(page, `button[data-date="${arrival}"]`);
    await calendar(page).locator(`button[data-date="${arrival}"]`).click();
    if (!departure.startsWith(arrival.slice(0, 7))) await page.getByRole('button', { name: 'Next month' }).click();
    await calendar(page).locator(`button[data-date="${departure}"]`).click();
    const panel = page.getByRole('region', { name: 'Availability and price' });
    await expect(panel).toContainText(euro(pay));
    const chosen = `/en/houses/${house.id}?startDate=${arrival}&endDate=${departure}&adults=3`;
    await expect(page).toHaveURL(chosen);

    const pageLoads = countPageLoads(page);
    await panel.getByRole('link', { name: 'Book this house' }).click();
    await expect(page).toHaveURL(/\/en\/book\//);
    await page.goBack();
    await expect(page).toHaveURL(chosen);
    await expect(panel).toContainText(euro(pay));
    await expect(calendar(page).locator(`button[data-date="${arrival}"]`)).toHaveAccessibleName(/your arrival/);
    expect(pageLoads()).toBe(0);
    // The address stays the guest's choice: a reload shows it too.
    await page.reload();
    await expect(panel).toContainText(euro(pay));
  });

  test('re-prices when the party changes and carries it into the booking flow', async ({ page }) => {
    const house = await findHouse();
    const arrival = house.arrivals[0]!;
    const departure = (await departuresFor(house.id, arrival))[0]!;
    await page.goto(`/en/houses/${house.id}?startDate=${arrival}&endDate=${departure}`);
    const panel = page.getByRole('region', { name: 'Availability and price' });
    const before = await priceFor(house.id, arrival, departure);
    await expect(panel).toContainText(euro(before.pay));
    await waitForHydration(page, '#book button');

    await panel.getByRole('button', { name: /^Who is coming/ }).click();
    await panel.getByRole('button', { name: 'Adults: one more' }).click();
    await panel.getByRole('button', { name: 'Teenagers: one more' }).click();
    const after = await priceFor(house.id, arrival, departure, '&adults=3&child1317=1');
    await expect(panel).toContainText(euro(after.pay));
    await expect(page).toHaveURL(
      new RegExp(`startDate=${arrival}&endDate=${departure}&adults=3&child1317=1`),
    );
    await expect(panel.getByRole('link', { name: 'Book this house' })).toHaveAttribute(
      'href',
      `/en/book/${house.id}?startDate=${arrival}&endDate=${departure}&adults=3&child1317=1`,
    );
  });

  test('a link with a party too large for the house keeps its dates: once the party fits, that stay is priced', async ({
    page,
  }) => {
    const house = await findHouse();
    const partner = await askPartner<{ houseList: PartnerHouse[] }>('searchHouses');
    const persons = partner.houseList.find((h) => h.houseId === house.id)?.nrPersons?.value ?? 4;
    test.skip(persons >= 16, 'the house takes the largest party a link can name');
    const arrival = house.arrivals[0]!;
    const departure = (await departuresFor(house.id, arrival))[0]!;
    await page.goto(`/en/houses/${house.id}?startDate=${arrival}&endDate=${departure}&adults=${persons + 1}`);
    const panel = page.getByRole('region', { name: 'Availability and price' });
    await waitForHydration(page, '#book button');
    await expect(page).toHaveURL(
      new RegExp(`startDate=${arrival}&endDate=${departure}&adults=${persons + 1}`),
    );

    await panel.getByRole('button', { name: /^Who is coming/ }).click();
    for (let n = persons + 1; n > 2; n--)
      await panel.getByRole('button', { name: 'Adults: one fewer' }).click();
    const price = await priceFor(house.id, arrival, departure);
    await expect(panel).toContainText(euro(price.pay));
    await expect(page).toHaveURL(new RegExp(`startDate=${arrival}&endDate=${departure}$`));
  });

  test('reads out the price as the stay changes, not the whole cost breakdown and the book button with it', async ({
    page,
  }) => {
    const house = await findHouse();
    const arrival = house.arrivals[0]!;
    const departure = (await departuresFor(house.id, arrival))[0]!;
    await page.goto(`/en/houses/${house.id}?startDate=${arrival}&endDate=${departure}`);
    const panel = page.getByRole('region', { name: 'Availability and price' });
    const price = await priceFor(house.id, arrival, departure);
    const book = panel.getByRole('link', { name: 'Book this house' });
    await expect(book).toBeVisible();
    const live = panel.locator('[aria-live="polite"]').filter({ hasText: euro(price.pay) });
    await expect(live).toHaveCount(1);
    await expect(live.getByRole('link')).toHaveCount(0);
    await expect(live.getByRole('button')).toHaveCount(0);
    expect(
      await live.evaluate((region) => region.contains(document.querySelector('#book a[href*="/book/"]'))),
    ).toBe(false);
  });

  test('a link bringing pets to a house that takes none says only that, not that its dates are gone', async ({
    page,
  }) => {
    const search = await askPartner<{ houseList: PartnerHouse[] }>('searchHouses');
    let found: { id: number; arrival: string } | undefined;
    for (const candidate of search.houseList.filter((h) => h.price)) {
      const details = await askPartner<PartnerDetails & { numberOfPets?: { value: number } }>(
        `houseDetails/${candidate.houseId}`,
      );
      if (details.numberOfPets?.value === 0 && details.availableStartDates.length > 0) {
        found = { id: candidate.houseId, arrival: day(details.availableStartDates[0]!) };
        break;
      }
    }
    test.skip(!found, 'every house of the sandbox takes pets');
    const departure = (await departuresFor(found!.id, found!.arrival))[0]!;
    await page.goto(`/en/houses/${found!.id}?startDate=${found!.arrival}&endDate=${departure}&pets=1`);
    const panel = page.getByRole('region', { name: 'Availability and price' });
    await waitForHydration(page, '#book button');
    await expect(panel.getByText('Pets are not allowed in this house.')).toBeVisible();
    // The dates are fine for the house: only the pets are not.
    await expect(panel.getByText(/is not available for this party/)).toHaveCount(0);
    await expect(panel.getByText('Your stay is selected. Pick another arrival date to change it.')).toHaveCount(0);
  });

  test('a stay beyond the months the partner lists arrivals for, found in search, is priced on the house page and can be booked', async ({
    page,
  }) => {
    // The partner lists arrivals for the coming months only, but prices and books a stay further
    // ahead when asked for its dates: a summer stay searched for in winter.
    const house = await findHouse();
    const beyond = new Date(`${house.arrivals.at(-1)!}T00:00:00Z`);
    let stay: { startDate: string; endDate: string; pay: number } | undefined;
    for (let tries = 0; tries < 14 && !stay; tries++) {
      beyond.setUTCDate(beyond.getUTCDate() + 1);
      const startDate = beyond.toISOString().slice(0, 10);
      const endDate = (await departuresFor(house.id, startDate))[0];
      if (endDate) stay = { startDate, endDate, pay: (await priceFor(house.id, startDate, endDate)).pay };
    }
    if (!stay) throw new Error('the partner prices no stay after its list of arrivals');
    await page.goto(`/en/houses/${house.id}?startDate=${stay.startDate}&endDate=${stay.endDate}&adults=2`);
    await expect(page.getByText('Your arrival date is not available')).toHaveCount(0);
    const panel = page.getByRole('region', { name: 'Availability and price' });
    await expect(panel).toContainText(euro(stay.pay));
    await expect(panel.getByRole('link', { name: 'Book this house' })).toHaveAttribute(
      'href',
      new RegExp(`startDate=${stay.startDate}&endDate=${stay.endDate}`),
    );
  });

  test('an arrival past the months the partner lists can be picked in the calendar: the partner’s answer decides, and a day it does not take leaves the guest free to pick another', async ({
    page,
  }) => {
    const house = await findHouse();
    const lastListed = house.arrivals.at(-1)!;
    const weekdays = new Set(house.arrivals.map((d) => new Date(`${d}T00:00:00Z`).getUTCDay()));
    // Days after the list on its arrival weekdays, asked of the partner as the page will ask them.
    let offered: { startDate: string; endDate: string } | undefined;
    let refused: string | undefined;
    const next = new Date(`${lastListed}T00:00:00Z`);
    for (let tries = 0; tries < 90 && !(offered && refused); tries++) {
      next.setUTCDate(next.getUTCDate() + 1);
      if (!weekdays.has(next.getUTCDay())) continue;
      const date = next.toISOString().slice(0, 10);
      const endDate = (await departuresFor(house.id, date))[0];
      if (endDate && !offered) offered = { startDate: date, endDate };
      else if (!endDate && !refused) refused = date;
    }
    if (!offered || !refused) throw new Error('no offered and no refused arrival after the partner’s list');
    const { pay } = await priceFor(house.id, offered.startDate, offered.endDate);

    await page.goto(`/en/houses/${house.id}`);
    const panel = page.getByRole('region', { name: 'Availability and price' });
    await waitForHydration(page, '#book button');
    const toMonth = async (month: string) => {
      for (let i = 0; i < 24; i++) {
        const shown = await shownMonth(page);
        if (shown === month) break;
        await page.getByRole('button', { name: shown < month ? 'Next month' : 'Previous month' }).click();
        await expect.poll(() => shownMonth(page)).not.toBe(shown);
      }
      await expect.poll(() => shownMonth(page)).toBe(month);
    };

    await toMonth(refused.slice(0, 7));
    await expect(panel.getByText(/^The park lists arrival dates up to /)).toBeVisible();
    const refusedDay = calendar(page).locator(`button[data-date="${refused}"]`);
    await expect(refusedDay).toHaveAccessibleName(/arrival to check with the park$/);
    await refusedDay.click();
    // The park takes no arrival that day, whatever the party: the day is not left drawn as chosen.
    await expect(panel.getByText('The park does not take arrivals on this day.')).toBeVisible();
    await expect(panel.getByText('Choose your arrival date')).toBeVisible();
    await expect(refusedDay).toHaveAccessibleName(/arrival to check with the park$/);
    await expect(panel.getByText(/^Arrival:/)).toHaveCount(0);

    await toMonth(offered.startDate.slice(0, 7));
    await calendar(page).locator(`button[data-date="${offered.startDate}"]`).click();
    await expect(panel.getByText('Now choose your departure date')).toBeVisible();
    await expect(panel.getByText('The park does not take arrivals on this day.')).toHaveCount(0);
    await toMonth(offered.endDate.slice(0, 7));
    await calendar(page).locator(`button[data-date="${offered.endDate}"]`).click();
    await expect(panel).toContainText(euro(pay));
    await expect(panel.getByRole('link', { name: 'Book this house' })).toHaveAttribute(
      'href',
      new RegExp(`startDate=${offered.startDate}&endDate=${offered.endDate}`),
    );
  });

  test('explains an arrival from the link that the house does not offer', async ({ page }) => {
    const house = await findHouse();
    const first = house.arrivals[0]!;
    // The first day after the first offered arrival that is not offered itself.
    const unavailable = new Date(`${first}T00:00:00Z`);
    unavailable.setUTCDate(unavailable.getUTCDate() + 1);
    let candidate = unavailable.toISOString().slice(0, 10);
    while (house.arrivals.includes(candidate)) {
      unavailable.setUTCDate(unavailable.getUTCDate() + 1);
      candidate = unavailable.toISOString().slice(0, 10);
    }
    const end = new Date(unavailable);
    end.setUTCDate(end.getUTCDate() + 3);
    await page.goto(
      `/en/houses/${house.id}?startDate=${candidate}&endDate=${end.toISOString().slice(0, 10)}`,
    );
    // Either the date is taken, or the park takes no arrivals on its weekday, which is then said.
    await expect(
      page.getByText(/^(Your arrival date is not available|The park does not take arrivals on this weekday)$/),
    ).toBeVisible();
    await expect(page.getByText('Choose your arrival date')).toBeVisible();
  });

  test('shows every fact, the descriptions, features and services', async ({ page }) => {
    const house = await findHouse();
    await page.goto(`/en/houses/${house.id}`);
    for (const heading of [
      'The house',
      'Location',
      'Surroundings',
      'Park conditions',
      'Features',
      'Services and costs',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByRole('term').filter({ hasText: 'Persons' })).toBeVisible();
    await expect(page.getByText('Included in the price').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Optional extras' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Virtual tour/ }).first()).toBeVisible();
  });

  test('@mobile lays out the park and the footer only as they come near, shifting nothing on screen and never scrolling sideways', async ({
    page,
  }) => {
    const house = await findHouse();
    await page.goto(`/en/houses/${house.id}`);
    // Against the screen's width: a phone widens its layout viewport to content that overflows.
    const screenWidth = page.viewportSize()!.width;
    const sideways = async () =>
      (await page.evaluate(() => document.documentElement.scrollWidth)) - screenWidth;
    const park = page.getByRole('heading', { level: 2, name: /^About / });
    const footer = page.getByRole('contentinfo').getByRole('navigation');
    expect(await sideways()).toBeLessThanOrEqual(0);
    expect(await isLaidOut(park)).toBe(false);
    expect(await isLaidOut(footer)).toBe(false);

    // A guest scrolls down a few hundred pixels at a time. Each part is laid out before it comes
    // on screen, so nothing the guest is looking at moves when it gets its real height.
    const shifted = await watchLayoutShifts(page);
    const parkTop = () => park.evaluate((el) => el.getBoundingClientRect().top - window.innerHeight / 2);
    for (let step = 0; step < 60 && (await parkTop()) > 0; step++) {
      await page.evaluate(() => window.scrollBy(0, 400));
      await afterTwoFrames(page);
    }
    await expect(park).toBeInViewport();
    expect(await isLaidOut(park)).toBe(true);
    expect(await shifted()).toBe(0);
    // A keyboard user reaches the footer's links as ever; focus brings the footer in.
    await footer.getByRole('link').first().focus();
    await expect(footer.getByRole('link').first()).toBeInViewport();
    expect(await isLaidOut(footer)).toBe(true);
    expect(await sideways()).toBeLessThanOrEqual(0);
  });

  test('has a keyboard-accessible full-screen gallery', async ({ page }) => {
    const house = await findHouse();
    await page.goto(`/en/houses/${house.id}`);
    const opener = page.getByRole('link', { name: `${house.name}, photo 1 of`, exact: false }).first();
    // Before the page has hydrated the link opens the photo itself, as it does without JavaScript.
    await waitForHydration(page, 'a[data-index="0"]');
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toContainText('photo 1 of');
    await expect(dialog.getByRole('button', { name: 'Close photos' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('heading')).toContainText('photo 2 of');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByRole('heading')).not.toContainText('photo 1 of');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('asks for its first photo, the largest thing it paints, ahead of everything else, and only that one', async ({
    page,
  }) => {
    const house = await findHouse();
    await page.goto(`/en/houses/${house.id}`);
    const photos = page.locator('main img[alt*=", photo "]');
    await expect(photos.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(photos.first()).not.toHaveAttribute('loading', 'lazy');
    await expect(page.locator('main img[fetchpriority="high"]')).toHaveCount(1);
  });

  test('moves through the calendar with the keyboard', async ({ page }) => {
    const house = await findHouse();
    await page.goto(`/en/houses/${house.id}`);
    const month = await shownMonth(page);
    const arrival = house.arrivals.find((d) => d.startsWith(month))!;
    const focused = calendar(page).locator(`button[data-date="${arrival}"]`);
    await expect(focused).toHaveAttribute('tabindex', '0');
    const next = new Date(`${arrival}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const nextDay = calendar(page).locator(`button[data-date="${next.toISOString().slice(0, 10)}"]`);
    // The calendar is server-rendered: a key pressed before the page has hydrated does nothing.
    await waitForHydration(page, 'table[role="grid"] button[data-date]');
    await focused.focus();
    await page.keyboard.press('ArrowRight');
    await expect(nextDay).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Now choose your departure date')).toBeVisible();
  });

  test('the arrow keys move on from whichever day has focus, however it got there', async ({ page }) => {
    const house = await findHouse();
    // A slow phone: the guest puts focus on a day while the page's scripts are still loading, so
    // no focus handler sees it, and presses an arrow once the page has come to life.
    const release = await holdPageScripts(page);
    await page.goto(`/en/houses/${house.id}`, { waitUntil: 'domcontentloaded' });
    const month = await shownMonth(page);
    const roving = await calendar(page).locator('button[tabindex="0"]').getAttribute('data-date');
    const dayOf = (n: number) =>
      calendar(page).locator(`button[data-date="${month}-${String(n).padStart(2, '0')}"]`);
    // The day beside the one the calendar offers to the Tab key, as a pointer or a screen reader's
    // cursor can focus it; the arrow toward the offered day must land on it, not move past it.
    const offered = Number(roving?.slice(8));
    const [first, key] = offered > 1 ? [offered - 1, 'ArrowRight'] : [offered + 1, 'ArrowLeft'];
    await dayOf(first).focus();
    release();
    await waitForHydration(page, 'table[role="grid"] button[data-date]');
    await expect(dayOf(first)).toBeFocused();
    await page.keyboard.press(key);
    await expect(dayOf(offered)).toBeFocused();
    await expect(dayOf(offered)).toHaveAttribute('tabindex', '0');

    // Focus moved by a screen reader's cursor once the page is live, away from the day the
    // arrows last reached.
    const second = offered === 10 ? 20 : 10;
    await dayOf(second).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(dayOf(second - 1)).toBeFocused();
    await expect(dayOf(second - 1)).toHaveAttribute('tabindex', '0');
  });

  test('@mobile an unknown house is a localized 404', async ({ page }) => {
    const response = await page.goto('/en/houses/987654');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'House not found' })).toBeVisible();
    await page.goto('/de/houses/987654');
    await expect(page.getByRole('heading', { level: 1, name: 'Haus nicht gefunden' })).toBeVisible();
    const notNumeric = await page.goto('/fr/houses/not-a-house');
    expect(notNumeric?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Maison introuvable' })).toBeVisible();
  });

  test('has a title, description, Open Graph and structured data with an offer', async ({ page }) => {
    const house = await findHouse();
    const arrival = house.arrivals[0]!;
    const departure = (await departuresFor(house.id, arrival))[0]!;
    await page.goto(`/en/houses/${house.id}?startDate=${arrival}&endDate=${departure}`);
    await expect(page).toHaveTitle(new RegExp(`^${house.name}`));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
    await expect(page.locator('meta[property="og:image"]').first()).toHaveAttribute('content', /pictures/);
    await expect(page.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute(
      'href',
      /\/de\/houses\//,
    );
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
      'href',
      new RegExp(`/nl/houses/${house.id}$`),
    );
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json!) as { name: string; offers?: { price: string; priceCurrency: string } };
    const expected = await priceFor(house.id, arrival, departure);
    expect(data.name).toBe(house.name);
    expect(data.offers).toMatchObject({ price: expected.pay.toFixed(2), priceCurrency: 'EUR' });
  });
});

test('the sitemap lists every active house in every language', async ({ request }) => {
  const houses = await askPartner<Array<{ id: number }>>('parkActiveHouses');
  const xml = await (await request.get('/sitemap.xml')).text();
  for (const h of houses.slice(0, 5)) {
    for (const locale of ['nl', 'en', 'de', 'fr']) expect(xml).toContain(`/${locale}/houses/${h.id}</loc>`);
  }
});
