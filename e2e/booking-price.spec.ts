import { expect, test, type Page } from '@playwright/test';
import house from '../messages/en/house.json';
import { clickThroughBusy, fillGuest, MESSAGES, stayFinder, type Stay } from './support/booking-pages';
import { sandbox } from './support/sandbox';

/**
 * Every cost of a stay is known from the first look: the house page shows what is paid in
 * advance, at the park and the refundable deposit apart; the running total of the flow keeps the
 * same figures and adds the guest's choices; the overview's total is the same again. And an offer
 * someone else has just booked is caught on the house page, before the guest types anything.
 */

const m = MESSAGES.en;
const h = house.house;

interface QuoteAnswer {
  quote: { priceOverview: { groups: { id: string }[] } } | null;
  available: boolean | null;
}

/** The site's own quote for a stay, as the house page asks for it; null when it has none. */
async function quoteOf(page: Page, stay: Stay, query: string): Promise<QuoteAnswer | null> {
  const res = await page.request.get(
    `/api/houses/${stay.houseId}/price?${query}&startDate=${stay.startDate}&endDate=${stay.endDate}&locale=en`,
  );
  return res.ok() ? ((await res.json()) as QuoteAnswer) : null;
}

/** Free stays for two, and for two with a pet, each handed out once in this file. */
const stayForTwo = stayFinder(90);
const stayWithPet = stayFinder(100, 'adults=2&pets=1');

const hasGroup = (answer: QuoteAnswer, id: string) =>
  answer.quote?.priceOverview.groups.some((group) => group.id === id) ?? false;

const houseUrl = (stay: Stay, query = 'adults=2') =>
  `/en/houses/${stay.houseId}?${query}&startDate=${stay.startDate}&endDate=${stay.endDate}`;

const visible = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

test.describe('the whole price from the first look', () => {
  test.describe.configure({ timeout: 180_000 });

  test('@mobile the house page, the running total and the overview show the same total, the deposit apart', async ({
    page,
  }) => {
    const stay = await stayForTwo(async (found) => {
      const answer = await quoteOf(page, found, 'adults=2');
      return answer !== null && hasGroup(answer, 'Deposit');
    });
    await page.goto(houseUrl(stay));

    const houseTotal = page.getByTestId('cost-breakdown-total');
    await expect(houseTotal).toHaveText(/\d/);
    const total = (await houseTotal.textContent())!;
    const deposit = page.getByTestId('cost-breakdown-deposit');
    await expect(deposit).toContainText(m.price.depositTitle);
    const depositAmount = (await deposit.getByRole('heading').textContent())!.replace(
      m.price.depositTitle,
      '',
    );
    // The deposit is not part of the price: the total line says so.
    await expect(page.getByText(m.price.priceWithoutDeposit)).toBeVisible();

    await page.getByRole('link', { name: h.booking.book }).first().click();
    await expect(page).toHaveURL(/\/en\/book\//);
    await expect(visible(page, 'running-total')).toHaveText(total);
    await expect(visible(page, 'running-deposit')).toContainText(depositAmount);

    // An extra raises the running total; the overview's total is then the same figure.
    await page.getByRole('button', { name: m.nav.toServices }).click();
    await expect(page).toHaveURL(/step=services/);
    const more = page.getByRole('button', { name: /^More: / }).first();
    if (await more.count()) await more.click();
    else await page.getByRole('checkbox').first().check();
    await expect(visible(page, 'running-total')).not.toHaveText(total);
    const withExtras = (await visible(page, 'running-total').textContent())!;

    await page.getByRole('button', { name: m.nav.toGuest }).click();
    await expect(page).toHaveURL(/step=guest/);
    await fillGuest(page, 'en', {
      firstName: 'Sanne',
      lastName: 'de Vries',
      street: 'Oudegracht',
      houseNumber: '31',
      postcode: '3511 AB',
      city: 'Utrecht',
      email: 'sanne.devries@example.nl',
      phone: '030 123 4567',
    });
    await clickThroughBusy(page, 'en', m.nav.toOverview, /step=overview/);
    await expect(page.getByTestId('price-specification-total')).toHaveText(withExtras);
    await expect(page.getByTestId('price-specification-deposit')).toContainText(depositAmount);
    await expect(visible(page, 'running-total')).toHaveText(withExtras);
    // Paying everything now says what the amount includes and what is left for the park.
    // Each way of paying now names the deposit its amounts include, the instalments (offered for a
    // stay this far ahead) as well as the full amount: a total above the house page's otherwise
    // reads like a cost never shown.
    for (const title of [m.payment.full, m.payment.partial]) {
      const option = page.locator('label').filter({ has: page.getByRole('radio', { name: title }) });
      await expect(option).toContainText(m.payment.includesDeposit.split('{amount}')[0]!);
    }
  });

  test('pet costs are listed for a party with pets and not called included for one without', async ({
    page,
  }) => {
    const stay = await stayWithPet(async (found) => {
      const answer = await quoteOf(page, found, 'adults=2&pets=1');
      return answer !== null && hasGroup(answer, 'PayInAdvance');
    });
    await page.goto(houseUrl(stay, 'adults=2&pets=1'));
    const breakdown = page.getByTestId('cost-breakdown');
    await expect(breakdown).toContainText('Pet surcharge');
    await expect(breakdown).toContainText('Extra cleaning for pets');

    await page.goto(houseUrl(stay, 'adults=2'));
    await expect(page.getByTestId('cost-breakdown-total')).toHaveText(/\d/);
    await expect(page.getByTestId('cost-breakdown')).not.toContainText('Extra cleaning for pets');
    await expect(page.getByTestId('cost-breakdown')).not.toContainText('Pet surcharge');
    const listed = page.getByRole('listitem').filter({ hasText: 'Extra cleaning for pets' });
    await expect(listed).toContainText(h.services.onlyWithPets);
    await expect(listed).not.toContainText(h.services.included);
  });

  test('a stay booked out since the site cached its offer is caught on the house page and on entering the flow', async ({
    page,
  }) => {
    const stay = await stayForTwo(
      async (found) => (await quoteOf(page, found, 'adults=2'))?.available === true,
    );
    // The site reads and caches the offer, then other guests book every unit of it.
    await page.goto(houseUrl(stay));
    await expect(page.getByTestId('cost-breakdown-total')).toHaveText(/\d/);
    await sandbox.bookOut(stay);
    // Past the age an offer may have before the guest commits (the cache would serve it for minutes).
    await page.waitForTimeout(21_000);

    await page.goto(houseUrl(stay));
    await expect(page.getByRole('alert').filter({ hasText: h.booking.soldOut })).toBeVisible();
    await expect(page.getByRole('link', { name: h.booking.book })).toHaveCount(0);

    await page.goto(`/en/book/${stay.houseId}?startDate=${stay.startDate}&endDate=${stay.endDate}&adults=2`);
    await expect(page.getByRole('alert').filter({ hasText: m.states.notAvailableTitle })).toBeVisible();
    await expect(page.getByRole('button', { name: m.nav.toServices })).toBeDisabled();
  });

  test('@mobile on a phone the price and the book button stay in reach without covering the page', async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, 'the bottom bar is the phone layout');
    const stay = await stayForTwo(
      async (found) => (await quoteOf(page, found, 'adults=2'))?.available === true,
    );
    await page.goto(houseUrl(stay));
    const bar = page.locator('[data-sticky-cta]');
    // The panel is further down the page: the bar offers the price and the way to book.
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: h.booking.book })).toBeVisible();
    await expect(bar).toContainText(/\d/);

    // While the panel itself is on screen, the bar steps aside.
    await page.getByRole('heading', { name: h.booking.title }).scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();

    // At the end of the page the last link is above the bar, not under it. The parts below the
    // panel take their real height as they come near, so the end moves while they do: the check
    // holds once the page has settled.
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    );
    await expect(bar).toBeVisible();
    const last = page.getByRole('contentinfo').getByRole('link').last();
    await last.focus();
    await expect(async () => {
      const [barBox, linkBox] = await Promise.all([bar.boundingBox(), last.boundingBox()]);
      expect(barBox, 'the bar is shown').not.toBeNull();
      expect(linkBox!.y + linkBox!.height).toBeLessThanOrEqual(barBox!.y);
    }).toPass();

    await bar.getByRole('link', { name: h.booking.book }).click();
    await expect(page).toHaveURL(/\/en\/book\//);
  });
});
