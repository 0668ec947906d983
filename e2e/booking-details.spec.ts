import { expect, test } from '@playwright/test';
import {
  bookUrl,
  clickThroughBusy,
  daysAhead,
  fillGuest,
  MESSAGES,
  open,
  stayFinder,
  TEST_GUEST,
  toGuestStep,
  toOverview,
} from './support/booking-pages';
import { askPartner, sandbox, siteUrl } from './support/sandbox';
import { plainSelection } from './support/selection';
import { holdPageScripts, waitForHydration } from './support/hydration';
import common from '../messages/en/common.json';

/**
 * What a guest notices around the booking steps rather than in them: a re-price on the overview
 * keeps the payment option chosen, focus follows the guest from step to step, the pages say
 * what to do without JavaScript, the "too long" message names the limit, an unknown house is a
 * real 404, and the site has an icon where browsers look for one.
 */

const freshStay = stayFinder(70);
const familyStay = stayFinder(75, 'adults=2&child0002=1&child1317=1');

test.describe('the booking steps in detail', () => {
  // A hold is a partner call the whole site's quota shares: a step may wait out a pause.
  test.describe.configure({ timeout: 180_000 });

  test('ticking the cancellation fund keeps the payment option already chosen', async ({ page }) => {
    const m = MESSAGES.en;
    await toGuestStep(page, 'en', await freshStay());
    await fillGuest(page, 'en');
    await page.getByRole('button', { name: m.nav.toOverview }).click();
    await expect(page).toHaveURL(/step=overview/);
    const price = page.getByTestId('price-specification');
    await expect(price).toBeVisible();
    await expect(price).not.toContainText(/cancellation fund/i);

    const full = page.getByRole('radio', { name: m.payment.full });
    await full.check();
    const fund = page.getByRole('checkbox', { name: new RegExp(m.payment.fund.split('(')[0]!.trim()) });
    await fund.check();

    // The hold is re-priced with the fund (its price now lists it) and the form is usable again.
    await expect(price).toContainText(/cancellation fund/i, { timeout: 30_000 });
    await expect(fund).toBeEnabled();
    await expect(fund).toBeChecked();
    await expect(full).toBeEnabled();
    await expect(full).toBeChecked();

    // And back: un-ticking re-prices again and still keeps the choice.
    await fund.uncheck();
    await expect(price).not.toContainText(/cancellation fund/i, { timeout: 30_000 });
    await expect(full).toBeEnabled();
    await expect(full).toBeChecked();
  });

  test('a preference and an extra ticked before the page’s scripts have loaded are chosen, priced and kept', async ({
    page,
  }) => {
    const stay = await freshStay();
    for (const [step, param] of [
      ['', /[?&]prefs=\d/],
      ['&step=services', /[?&]svc=\d/],
    ] as const) {
      const release = await holdPageScripts(page);
      await page.goto(`${bookUrl('en', stay)}${step}`, { waitUntil: 'domcontentloaded' });
      const box = page.locator('[data-booking-step] input[type="checkbox"]:not([disabled])').first();
      await box.check();
      release();
      await waitForHydration(page, '[data-booking-step] input[type="checkbox"]');
      // What the guest sees ticked is in the selection: in the address, so in the price and the hold.
      await expect(page).toHaveURL(param);
      await expect(box).toBeChecked();
      await page.unroute('**/_next/static/chunks/*.js');
    }
  });

  test('a ticked extra’s new total is said to a screen reader', async ({ page }) => {
    const stay = await freshStay();
    await open(page, 'en', `${bookUrl('en', stay)}&step=services`);
    const total = page.getByTestId('running-total').first();
    await expect(total).not.toHaveText('—');
    const before = await total.textContent();
    await page.locator('[data-booking-step] input[type="checkbox"]:not([disabled])').first().check();
    await expect(total).not.toHaveText(before!);
    const live = page.getByTestId('running-total-announced');
    await expect(live).toHaveAttribute('aria-live', 'polite');
    await expect(live).toContainText((await total.textContent())!);
  });

  test('offline, the steps stay on screen and say to check the connection; back online, they go on', async ({
    page,
    context,
  }) => {
    const m = MESSAGES.en;
    await toGuestStep(page, 'en', await freshStay());
    await fillGuest(page, 'en');
    await context.setOffline(true);
    try {
      // Placing the hold: refused at once with the reason, not a spinner that waits for the network.
      await page.getByRole('button', { name: m.nav.toOverview }).click();
      await expect(page.getByRole('alert').filter({ hasText: m.errors.network })).toBeVisible();
      // Going to another step: the page stays (not the browser's offline page), and says why.
      await page.getByRole('button', { name: m.nav.back }).click();
      await expect(page.getByRole('alert').filter({ hasText: m.errors.network }).first()).toBeVisible();
      await expect(page).toHaveURL(/step=guest/);
      await expect(page.getByLabel(m.guest.firstName, { exact: true })).toHaveValue(TEST_GUEST.firstName);
    } finally {
      await context.setOffline(false);
    }
    await clickThroughBusy(page, 'en', m.nav.toOverview, /step=overview/);
    await expect(page.getByTestId('price-specification')).toBeVisible();
  });

  test('a change of party on step 1 is announced when it starts and again once the step shows its outcome', async ({
    page,
  }) => {
    const m = MESSAGES.en;
    await open(page, 'en', bookUrl('en', await freshStay()));
    // The flow's announcer, not the running total's own live region.
    const announcer = page.locator('p[aria-live="polite"][aria-atomic="true"]:not([data-testid])');
    await page
      .getByRole('button', { name: m.stepper.increase.replace('{label}', common.party.labels.adults) })
      .click();
    await expect(page).toHaveURL(/adults=3/);
    await expect(announcer).toHaveText(m.party.updated);
  });

  test('the booking page names the age groups as the search and house pages do, with their ages', async ({
    page,
  }) => {
    const m = MESSAGES.en;
    const party = common.party;
    await open(page, 'en', `${bookUrl('en', await familyStay())}&adults=2&child0002=1&child1317=1`);
    const editor = page.getByRole('group', { name: m.party.heading });
    for (const group of ['child0002', 'child0304', 'child0512', 'child1317'] as const) {
      const more = editor.getByRole('button', {
        name: m.stepper.increase.replace('{label}', party.labels[group]),
      });
      await expect(more).toBeVisible();
      await expect(editor).toContainText(party.hints[group]);
    }
    await expect(page.getByText(/Children \d/)).toHaveCount(0);
    await expect(page.getByText(/child \(0|children \(0/)).toHaveCount(0);
    // The running total's summary of the party, counted with the same names.
    await expect(
      page.getByText('2 adults, 1 baby (0–2), 1 teenager (13–17)', { exact: true }).filter({ visible: true }),
    ).toHaveCount(1);
  });

  test('the way to pay chosen on the overview is still chosen after a reload and in another language', async ({
    page,
  }) => {
    await toOverview(page, 'en', await freshStay());
    await expect(page.getByTestId('price-specification')).toBeVisible();
    const full = page.getByRole('radio', { name: MESSAGES.en.payment.full });
    await full.check();

    await page.reload();
    await expect(page.getByTestId('price-specification')).toBeVisible();
    await expect(full).toBeChecked();

    await page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: /Deutsch/ })
      .click();
    await expect(page).toHaveURL(/\/de\/book\//);
    await expect(page.getByTestId('price-specification')).toBeVisible();
    await expect(page.getByRole('radio', { name: MESSAGES.de.payment.full })).toBeChecked();
    // The park's own price lines come in the page's language too: the hold is priced again in it.
    await expect(page.getByTestId('price-specification')).toContainText('Im Voraus zu zahlen');
    await expect(page.getByTestId('price-specification')).not.toContainText('Pay in advance');
  });

  test('the language for messages follows the page into another language until the guest chooses one', async ({
    page,
  }) => {
    const m = MESSAGES.en;
    await open(page, 'en', bookUrl('en', await freshStay()));
    await page.getByRole('button', { name: m.nav.toServices }).click();
    await page.getByRole('button', { name: m.nav.toGuest }).click();
    await expect(page).toHaveURL(/step=guest/);
    await page.getByLabel(m.guest.firstName).fill('Ada');
    // The switcher's own name is in the page's language: found in the site header instead.
    const switchTo = (name: RegExp) => page.getByRole('banner').getByRole('link', { name }).click();

    await switchTo(/Deutsch/);
    await expect(page).toHaveURL(/\/de\/book\//);
    await expect(page.getByLabel(MESSAGES.de.guest.firstName)).toHaveValue('Ada');
    const language = page.getByLabel(MESSAGES.de.guest.language);
    await expect(language).toHaveValue('de');

    // Chosen by the guest: kept in every language.
    await language.selectOption('fr');
    await switchTo(/Nederlands/);
    await expect(page).toHaveURL(/\/nl\/book\//);
    await expect(page.getByLabel(MESSAGES.nl.guest.language)).toHaveValue('fr');
  });

  test('@mobile focus moves to the new step heading after a step change, not on first load', async ({
    page,
  }) => {
    const m = MESSAGES.en;
    await open(page, 'en', bookUrl('en', await freshStay()));
    const preferences = page.getByRole('heading', { level: 2, name: m.steps.preferences });
    await expect(preferences).toBeVisible();
    // A first load opens like any page: nothing is focused for the guest.
    await expect(preferences).not.toBeFocused();

    await page.getByRole('button', { name: m.nav.toServices }).click();
    await expect(page).toHaveURL(/step=services/);
    await expect(page.getByRole('heading', { level: 2, name: m.steps.services })).toBeFocused();
    // The next Tab starts inside the new step, not at the top of the page.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('region', { name: m.steps.services }).locator(':focus')).toHaveCount(1);

    // Browser back lands on the earlier step with its heading focused too.
    await page.goBack();
    await expect(page).not.toHaveURL(/step=services/);
    await expect(preferences).toBeFocused();

    // A reload is a first load again.
    await page.reload();
    await expect(preferences).toBeVisible();
    await expect(preferences).not.toBeFocused();
  });

  test('@mobile a long e-mail address wraps in the overview instead of widening the page', async ({
    page,
  }) => {
    const m = MESSAGES.en;
    await toGuestStep(page, 'en', await freshStay());
    const email = 'maximiliane.konstanze.alexandra.wilhelmina@sehr-lange-domain-beispiel.de';
    await fillGuest(page, 'en', { email });
    await clickThroughBusy(page, 'en', m.nav.toOverview, /step=overview/);
    await expect(page.getByTestId('guest-review')).toContainText(email);
    // A phone widens its layout to fit what overflows, so the page is held to the screen's width.
    const screenWidth = page.viewportSize()!.width;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(screenWidth);
  });

  test('a long German name of an extra wraps on a 320-pixel phone instead of widening the extras step', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    // The kitchen towel set: "Küchenwäscheset", one word wider than a 320-pixel row beside its stepper.
    const stay = await freshStay(async (s) =>
      (
        await sandbox.partner<{ id?: number }[]>(
          `optionalServices?houseId=${s.houseId}&startDate=${s.startDate}&endDate=${s.endDate}`,
          'DE',
        )
      ).some((service) => service.id === 211),
    );
    await open(page, 'de', bookUrl('de', stay));
    await page.getByRole('button', { name: MESSAGES.de.nav.toServices }).click();
    await expect(page).toHaveURL(/step=services/);
    await expect(page.getByText('Küchenwäscheset')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  test('a unit another guest has held since the link was made is left out, and the page says so', async ({
    page,
    browser,
  }) => {
    const m = MESSAGES.en;
    const stay = await freshStay();
    const [unit] = await askPartner<{ unitId: number }[]>(
      `availableHouseUnits?houseId=${stay.houseId}&adults=2&startDate=${stay.startDate}&endDate=${stay.endDate}`,
    );
    // Another guest holds that very unit.
    const other = await browser.newContext();
    const held = await other.request.post(`${siteUrl()}/api/booking/pre-register`, {
      headers: {
        'content-type': 'application/json',
        'x-booking-client': '1',
        origin: siteUrl(),
      },
      data: {
        locale: 'en',
        selection: { ...plainSelection(stay), unitId: unit!.unitId },
        guest: { ...TEST_GUEST, country: 'NL' },
      },
    });
    expect(held.status()).toBe(200);
    await other.close();

    await open(page, 'en', `${bookUrl('en', stay)}&unit=${unit!.unitId}`);
    await expect(page.getByText(m.notes.unitNotFreeTitle)).toBeVisible();
    await expect(page.getByText(m.notes.unitNotFreeBody)).toBeVisible();
  });

  test('the "too long" message on the guest form says the limit', async ({ page }) => {
    const m = MESSAGES.nl;
    await open(page, 'nl', `${bookUrl('nl', await freshStay())}&step=guest`);
    const firstName = page.getByLabel(m.guest.firstName, { exact: true });
    await firstName.fill('a'.repeat(61));
    await firstName.blur();
    await expect(page.getByText(m.guest.errors.too_long.replace('{max}', '60'))).toBeVisible();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('booking pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of ['nl', 'fr'] as const) {
    test(`say in ${locale} that booking needs JavaScript, and are no loading skeleton`, async ({ page }) => {
      const m = MESSAGES[locale];
      const url = bookUrl(locale, await freshStay());
      // The message sits in a <noscript> element, which a browser with JavaScript switched off
      // shows. Playwright's switch only stops scripts from running (the HTML parser still treats
      // <noscript> as scripted), so the message is checked in the HTML the server sends.
      const html = await (await page.request.get(url)).text();
      const noscript = [...html.matchAll(/<noscript>([\s\S]*?)<\/noscript>/g)]
        .map((match) => match[1])
        .join('');
      expect(noscript).toContain(m.noScript.title);
      expect(noscript).toContain(m.noScript.body.slice(0, 40));
      await open(page, locale, url);
      // The page itself is there in the HTML: its heading and first step, nothing still "loading".
      await expect(page.getByRole('heading', { level: 2, name: m.steps.preferences })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(page.getByRole('link', { name: m.nav.backToHouse }).first()).toBeVisible();
    });
  }
});

test.describe('answers around the booking pages', () => {
  test('an unknown house in the booking address is a 404 with the not-found page', async ({ page }) => {
    const m = MESSAGES.en;
    const res = await page.goto(
      `/en/book/999998?startDate=${daysAhead(60)}&endDate=${daysAhead(63)}&adults=2`,
    );
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: m.states.notFoundTitle })).toBeVisible();
  });

  test('the site icon is served at /favicon.ico', async ({ request }) => {
    const res = await request.get('/favicon.ico');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const body = await res.body();
    expect([...body.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  });
});
