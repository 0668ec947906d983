import { expect, test, type Page } from '@playwright/test';
import de from '../messages/de/house.json';
import en from '../messages/en/house.json';
import fr from '../messages/fr/house.json';
import nl from '../messages/nl/house.json';
import { askPartner } from './support/sandbox';
import { waitForHydration } from './support/hydration';
import { layoutShiftsSinceLoad } from './support/layout';

/**
 * The house page's booking panel where it meets the guest's screen and browser: the way to book
 * in reach on a desktop screen, an arrival weekday the park does not take, and the calendar
 * without JavaScript.
 */

const MESSAGES = { en: en.house, nl: nl.house, de: de.house, fr: fr.house };
type Locale = keyof typeof MESSAGES;
const h = MESSAGES.en;

interface PartnerHouse {
  houseId: number;
  price?: { startDate: string; endDate: string };
}
interface PartnerDetails {
  availableStartDates?: string[];
  availableEndDates?: string[];
}

const day = (value: string) => value.slice(0, 10);
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A house with the partner's default stay (priced in search) and its listed arrivals. */
async function houses(): Promise<
  { id: number; stay: { startDate: string; endDate: string }; arrivals: string[] }[]
> {
  const search = await askPartner<{ houseList: PartnerHouse[] }>('searchHouses');
  const found = [];
  for (const house of search.houseList.slice(0, 12)) {
    if (!house.price) continue;
    const details = await askPartner<PartnerDetails>(`houseDetails/${house.houseId}`);
    found.push({
      id: house.houseId,
      stay: { startDate: day(house.price.startDate), endDate: day(house.price.endDate) },
      arrivals: (details.availableStartDates ?? []).map(day),
    });
  }
  return found;
}

async function firstHouse() {
  const [house] = await houses();
  if (!house) throw new Error('no priced house in the sandbox');
  return house;
}

/** Whether an element matching `selector` with `name` is wholly on screen, shown and not covered. */
async function inView(page: Page, selector: string, name: string): Promise<boolean> {
  return page.evaluate(
    ({ selector, name }) =>
      [...document.querySelectorAll<HTMLElement>(selector)].some((element) => {
        if (element.textContent?.trim() !== name || element.checkVisibility() === false) return false;
        const box = element.getBoundingClientRect();
        if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) return false;
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top !== null && (element === top || element.contains(top));
      }),
    { selector, name },
  );
}

/** Scrolls the whole page in steps and returns the positions at which `check` failed. */
async function scrollPositionsFailing(page: Page, check: () => Promise<boolean>): Promise<number[]> {
  const end = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  const failing: number[] = [];
  for (let y = 0; y <= end + 120; y += 120) {
    await page.evaluate((top) => window.scrollTo(0, top), Math.min(y, end));
    // The card follows an observer's answer, one frame after the scroll.
    const ok = await expect
      .poll(check, { timeout: 1_000 })
      .toBe(true)
      .then(() => true)
      .catch(() => false);
    if (!ok) failing.push(Math.min(y, end));
  }
  return failing;
}

test.describe('on a 1366 × 900 desktop screen', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('once a stay is chosen the book button, or the card that carries it, is in view at every scroll position', async ({
    page,
  }) => {
    const house = await firstHouse();
    await page.goto(`/en/houses/${house.id}?startDate=${house.stay.startDate}&endDate=${house.stay.endDate}`);
    await expect(
      page.getByRole('region', { name: h.booking.title }).getByRole('link', { name: h.booking.book }),
    ).toBeVisible();
    await waitForHydration(page, '[data-sticky-cta]');
    expect(
      await scrollPositionsFailing(page, () => inView(page, 'a[href*="/book/"]', h.booking.book)),
    ).toEqual([]);
  });

  test('before a stay is chosen the calendar, or a way to it, is in view at every scroll position', async ({
    page,
  }) => {
    const house = await firstHouse();
    await page.goto(`/en/houses/${house.id}`);
    await waitForHydration(page, '[data-sticky-cta]');
    const reachable = async () =>
      (await inView(page, 'a[href="#book"]', h.booking.barChoose)) ||
      (await page.evaluate(() => {
        const grid = document.querySelector('[role="grid"]')?.getBoundingClientRect();
        return grid !== undefined && grid.bottom > 0 && grid.top < innerHeight;
      }));
    expect(await scrollPositionsFailing(page, reachable)).toEqual([]);
  });
});

test.describe('prices under the arrival days', () => {
  test('a guest reads the total of the suggested stay under each arrival day the calendar has priced, the lowest named @mobile', async ({
    page,
  }) => {
    const house = await firstHouse();
    const nights = Math.round(
      (Date.parse(house.stay.endDate) - Date.parse(house.stay.startDate)) / 86_400_000,
    );
    await page.goto(`/en/houses/${house.id}`);
    await waitForHydration(page, '[data-sticky-cta]');
    // The calendar asks for its prices once the page has come to life. What moves while the
    // browser is still parsing the page is not what this test is about: a paint between two
    // pieces of the parse can show the header's right-hand group before all its links (a fast
    // browser on a busy machine did, 2 loads in 15), and that group is right-aligned.
    const alive = await page.evaluate(() => performance.now());
    const caption = page.getByTestId('calendar-prices');
    await expect(caption).toContainText(`${nights} night`, { timeout: 30_000 });
    // A day's name carries its total ("€ 512 for 3 nights"), and the lowest day says so.
    const priced = page
      .getByRole('grid')
      .getByRole('button', { name: new RegExp(`€\\s?[\\d.,]+ for ${nights} night`) });
    await expect(priced.first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('grid').getByRole('button', { name: /lowest price this month/ })).toHaveCount(
      1,
    );
    await expect(caption).toContainText('Lowest: arriving');
    // Every day keeps a line for its price and the caption the room of its longest words from the
    // first paint, so the prices arriving moved nothing on the page.
    expect(await layoutShiftsSinceLoad(page, alive)).toEqual([]);
  });
});

test.describe('the prices caption on a narrow phone', () => {
  const phone = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
  test.use(phone);

  for (const locale of ['de', 'nl'] as const) {
    test(`keeps room for its longest words from the first paint, so the prices arriving move nothing, in ${locale} @mobile`, async ({
      page,
      browser,
      baseURL,
    }) => {
      const house = await firstHouse();
      const address = `${baseURL}/${locale}/houses/${house.id}`;
      // The page as first painted: without scripts no prices come, and the caption is the room the
      // server left for them.
      const plain = await browser.newContext({ ...phone, javaScriptEnabled: false });
      const before = await (async () => {
        const first = await plain.newPage();
        await first.goto(address);
        return first.getByTestId('calendar-prices').evaluate((el) => el.getBoundingClientRect().height);
      })().finally(() => plain.close());

      await page.goto(address);
      const caption = page.getByTestId('calendar-prices');
      await expect(caption).toContainText(MESSAGES[locale].calendar.cheapestOn.split(':')[0]!, { timeout: 30_000 });
      expect(await caption.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(before);
    });
  }
});

test.describe('an arrival on a weekday the park does not take', () => {
  for (const locale of Object.keys(MESSAGES) as Locale[]) {
    test(`says which weekdays the park takes and links the nearest arrival days, in ${locale}`, async ({
      page,
    }) => {
      // A park that takes arrivals on a few weekdays only, and a day between two of its arrivals
      // on a weekday it does not take.
      let pick: { id: number; date: string; before: string; after: string; weekdays: number[] } | undefined;
      for (const house of await houses()) {
        const window = house.arrivals.slice(0, 12);
        const weekdays = [...new Set(window.map(weekdayOf))].sort();
        if (weekdays.length > 3 || window.length < 4) continue;
        for (let i = 1; i < window.length && !pick; i++) {
          for (let date = shift(window[i - 1]!, 1); date < window[i]!; date = shift(date, 1)) {
            if (!weekdays.includes(weekdayOf(date))) {
              pick = { id: house.id, date, before: window[i - 1]!, after: window[i]!, weekdays };
              break;
            }
          }
        }
        if (pick) break;
      }
      if (!pick) throw new Error('no park with set arrival weekdays in the sandbox');

      await page.goto(`/${locale}/houses/${pick.id}?startDate=${pick.date}&endDate=${shift(pick.date, 3)}`);
      const t = MESSAGES[locale].stayNotes.arrivalWeekday;
      const notice = page.getByRole('region', { name: t.title });
      await expect(notice).toBeVisible();
      const names = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
      for (const weekday of pick.weekdays) {
        // 2026-11-01 is a Sunday (weekday 0).
        await expect(notice).toContainText(names.format(new Date(Date.UTC(2026, 10, 1 + weekday))));
      }
      await expect(notice).toContainText(names.format(new Date(`${pick.date}T12:00:00Z`)));
      const links = notice.getByRole('link');
      await expect(links).toHaveCount(2);
      await expect(links.first()).toHaveAttribute('href', new RegExp(`startDate=${pick.before}(&|$)`));
      await expect(links.last()).toHaveAttribute('href', new RegExp(`startDate=${pick.after}(&|$)`));

      await links.last().click();
      await expect(page).toHaveURL(new RegExp(`startDate=${pick.after}`));
      await expect(page.getByRole('region', { name: t.title })).toHaveCount(0);
      await expect(page.getByText(MESSAGES[locale].booking.chooseDeparture)).toBeVisible();
    });
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the calendar days choose the arrival, then the departure, in the address, and the stay is priced with a book link', async ({
    page,
  }) => {
    const house = await firstHouse();
    await page.goto(`/en/houses/${house.id}`);
    const calendar = page.getByRole('grid');
    const arrival = calendar.locator(`button[data-date="${house.arrivals[0]}"]`);
    await arrival.click();
    await expect(page).toHaveURL(new RegExp(`startDate=${house.arrivals[0]}`));
    await expect(page.getByText(h.booking.chooseDeparture)).toBeVisible();

    const departures = await askPartner<PartnerDetails>(
      `houseDetails/${house.id}?startDate=${house.arrivals[0]}`,
    );
    const departure = (departures.availableEndDates ?? []).map(day)[0]!;
    // The departure may lie in the next month, which the plain date form reaches without the grid.
    const button = calendar.locator(`button[data-date="${departure}"]`);
    if ((await button.count()) > 0) {
      await button.click();
    } else {
      await page.getByLabel(h.calendar.plainDeparture).fill(departure);
      await page.getByRole('button', { name: h.calendar.plainSubmit }).click();
    }
    await expect(page).toHaveURL(new RegExp(`startDate=${house.arrivals[0]}&endDate=${departure}`));
    await expect(
      page.getByRole('region', { name: h.booking.title }).getByRole('link', { name: h.booking.book }),
    ).toHaveAttribute(
      'href',
      new RegExp(`/en/book/${house.id}\\?startDate=${house.arrivals[0]}&endDate=${departure}`),
    );
  });

  test('a day the house does not offer is no button that does nothing: it cannot be submitted, and a plain date form is offered', async ({
    page,
  }) => {
    const house = await firstHouse();
    await page.goto(`/en/houses/${house.id}`);
    const submitting = page.getByRole('grid').locator('button[type="submit"]');
    await expect(submitting.first()).toBeVisible();
    const unavailable = page.getByRole('grid').locator('button[aria-disabled="true"]');
    await expect(unavailable.first()).toBeAttached();
    expect(
      await unavailable.evaluateAll(
        (buttons) => buttons.filter((b) => b.getAttribute('type') === 'submit').length,
      ),
    ).toBe(0);
    await expect(page.getByLabel(h.calendar.plainArrival)).toBeVisible();
  });
});
