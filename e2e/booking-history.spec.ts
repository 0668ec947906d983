import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  bookUrl,
  clickThroughBusy,
  fillGuest,
  MESSAGES,
  open,
  stayFinder,
  TEST_GUEST,
  toGuestStep,
  toOverview,
  type Locale,
} from './support/booking-pages';
import common from '../messages/en/common.json';
import { holdPageScripts, waitForHydration } from './support/hydration';
import { countPageLoads } from './support/page-loads';

/**
 * The booking steps when the guest goes back: browser back and forward, a step's own "continue"
 * button, the overview's "edit" back to the guest's details, and browser back from the thank-you
 * page. Whatever way the guest returns, the page shows the choices and details the guest made,
 * as the address and the browser hold them, and a stay once booked is shown as booked.
 */

const freshStay = stayFinder(90);

const runningTotal = (page: Page) => page.getByTestId('running-total').filter({ visible: true });

/**
 * On the services step: the first per-piece extra, as the group its stepper forms (named by the
 * service), with its "more" button and the count it shows.
 */
async function firstPieceService(page: Page, locale: Locale): Promise<{ more: Locator; count: Locator }> {
  const prefix = MESSAGES[locale].stepper.increase.replace('{label}', '');
  const more = page.getByRole('button', { name: new RegExp(`^${prefix}`) }).first();
  await expect(more).toBeVisible();
  const name = ((await more.getAttribute('aria-label')) ?? '').slice(prefix.length);
  expect(name).not.toBe('');
  const group = page.getByRole('group', { name, exact: true });
  return {
    more: group.getByRole('button', { name: `${prefix}${name}`, exact: true }),
    count: group.locator('output'),
  };
}

/**
 * Opens a fresh stay's extras step and adds `pieces` of its first per-piece extra, checking the
 * count, the address and that the running total changed. Returns the extra and that total.
 */
async function addFirstExtra(
  page: Page,
  pieces: number,
): Promise<{ extra: { more: Locator; count: Locator }; total: string | null }> {
  const m = MESSAGES.en;
  await open(page, 'en', bookUrl('en', await freshStay()));
  await page.getByRole('button', { name: m.nav.toServices }).click();
  await expect(page).toHaveURL(/step=services/);
  const without = await runningTotal(page).textContent();
  const extra = await firstPieceService(page, 'en');
  for (let n = 1; n <= pieces; n++) {
    await extra.more.click();
    await expect(extra.count).toHaveText(String(n));
  }
  await expect(page).toHaveURL(new RegExp(`svc=\\d+x${pieces}`));
  await expect(runningTotal(page)).not.toHaveText(without ?? '');
  return { extra, total: await runningTotal(page).textContent() };
}

test.describe('extras after going back', () => {
  test.describe.configure({ timeout: 120_000 });

  test('browser back and forward keep two extras in the stepper and the running total, and load no page anew', async ({
    page,
  }) => {
    const m = MESSAGES.en;
    const { extra, total: withTwo } = await addFirstExtra(page, 2);
    // Both steps' addresses were written in place by the guest's choices; returning to them is
    // still a step swapped in, never a whole page loaded again (a moment in which a further
    // Back or Forward can land on the wrong step).
    const pageLoads = countPageLoads(page);

    await page.goBack();
    await expect(page).not.toHaveURL(/step=/);
    await expect(page.getByRole('heading', { level: 2, name: m.steps.preferences })).toBeVisible();
    await page.goForward();
    await expect(page).toHaveURL(/step=services.*svc=\d+x2/);
    await expect(page.getByRole('heading', { level: 2, name: m.steps.services })).toBeVisible();
    await expect(extra.count).toHaveText('2');
    await expect(runningTotal(page)).toHaveText(withTwo ?? '');
    expect(pageLoads()).toBe(0);
  });

  test('browser back from the extras to step 1 keeps the chosen extras in its running total and its address, through a reload', async ({
    page,
  }) => {
    const m = MESSAGES.en;
    const { total: withOne } = await addFirstExtra(page, 1);

    await page.goBack();
    await expect(page.getByRole('heading', { level: 2, name: m.steps.preferences })).toBeVisible();
    await expect(page).toHaveURL(/svc=\d+x1/);
    await expect(page).not.toHaveURL(/step=/);
    await expect(runningTotal(page)).toHaveText(withOne ?? '');
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: m.steps.preferences })).toBeVisible();
    await expect(runningTotal(page)).toHaveText(withOne ?? '');
  });

  test.describe('pressed faster than the steps swap in', () => {
    // Each step's address here was rewritten in place by the guest's choices. Unless the entry's
    // stored route tree names that address (components/ui/history-returns.ts), the router takes
    // each of these returns for a stale route and, after two in a row, loads the address in full;
    // when that answer comes for a traversal the browser has already left, it loads the older
    // step in place of the newer one, or leaves the newer one unrendered.

    test('quick Back, Forward, Back between step 1 and the extras always leaves the address and the shown step agreeing', async ({
      page,
    }) => {
      const m = MESSAGES.en;
      await addFirstExtra(page, 1);
      // A busy phone or a shared machine: the steps swap in slower than the guest presses.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const headings = { preferences: m.steps.preferences, services: m.steps.services };
      const shownStep = page.getByRole('heading', { level: 2 }).first();
      // From no wait at all to about the time a step takes to swap in.
      for (const pause of [0, 40, 100, 200]) {
        await page.goBack({ waitUntil: 'commit' });
        await page.waitForTimeout(pause);
        await page.goForward({ waitUntil: 'commit' });
        await page.waitForTimeout(pause);
        await page.goBack({ waitUntil: 'commit' });
        // What the steps passed through still run must not move the address off the step shown.
        await page.waitForTimeout(1_500);
        const inAddress =
          new URL(page.url()).searchParams.get('step') === 'services' ? 'services' : 'preferences';
        await expect(shownStep).toHaveText(headings[inAddress]);
        if (inAddress === 'preferences') await page.goForward();
        await expect(page).toHaveURL(/step=services/);
        await expect(shownStep).toHaveText(headings.services);
      }
    });
  });

  test('a preference ticked before the page’s scripts ran keeps step 1 in history: browser Back from the extras shows step 1 again', async ({
    page,
  }) => {
    const m = MESSAGES.en;
    const release = await holdPageScripts(page);
    await page.goto(bookUrl('en', await freshStay()), { waitUntil: 'domcontentloaded' });
    await page.locator('[data-booking-step] input[type="checkbox"]:not([disabled])').first().check();
    release();
    await waitForHydration(page, '[data-booking-step] input[type="checkbox"]');
    await expect(page).toHaveURL(/prefs=\d/);
    await page.unroute('**/_next/static/chunks/*.js');
    await page.getByRole('button', { name: m.nav.toServices }).click();
    await expect(page.getByRole('heading', { level: 2, name: m.steps.services })).toBeVisible();

    await page.goBack();
    await expect(page).not.toHaveURL(/step=/);
    await expect(page.getByRole('heading', { level: 2, name: m.steps.preferences })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: m.steps.services })).toHaveCount(0);
  });

  test('browser back then "continue to extras" keeps two extras in the stepper and the running total', async ({
    page,
  }) => {
    const m = MESSAGES.en;
    const { extra, total: withTwo } = await addFirstExtra(page, 2);

    await page.goBack();
    await expect(page).not.toHaveURL(/step=/);
    await page.getByRole('button', { name: m.nav.toServices }).click();
    await expect(page).toHaveURL(/step=services.*svc=\d+x2/);
    await expect(page.getByRole('heading', { level: 2, name: m.steps.services })).toBeVisible();
    await expect(extra.count).toHaveText('2');
    await expect(runningTotal(page)).toHaveText(withTwo ?? '');
  });
});

test.describe('a change made after going back', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an extra added after going back from the overview is kept by browser forward: the details step shows it and the overview holds it', async ({
    page,
  }) => {
    const m = MESSAGES.en;
    const { extra } = await addFirstExtra(page, 1);
    await page.getByRole('button', { name: m.nav.toGuest }).click();
    await expect(page).toHaveURL(/step=guest/);
    await fillGuest(page, 'en');
    await clickThroughBusy(page, 'en', m.nav.toOverview, /step=overview/);
    await expect(page.getByText(m.overview.priceHeading)).toBeVisible();
    const heldWithOne = await runningTotal(page).textContent();

    await page.goBack();
    await expect(page).toHaveURL(/step=guest/);
    await page.goBack();
    await expect(page).toHaveURL(/step=services/);
    await expect(extra.count).toHaveText('1');
    await extra.more.click();
    await expect(extra.count).toHaveText('2');
    await expect(page).toHaveURL(/svc=\d+x2/);
    const withTwo = await runningTotal(page).textContent();

    await page.goForward();
    await expect(page).toHaveURL(/step=guest.*svc=\d+x2/);
    await expect(page.getByRole('heading', { level: 2, name: m.steps.guest })).toBeVisible();
    await expect(runningTotal(page)).toHaveText(withTwo ?? '');

    await page.goForward();
    await expect(page).toHaveURL(/step=overview.*svc=\d+x2/);
    await expect(page.getByText(m.overview.priceHeading)).toBeVisible();
    // The hold placed for one piece gave way to a hold of two: its price is the partner's, not the estimate.
    await expect(runningTotal(page)).not.toHaveText(heldWithOne ?? '');
  });
});

test.describe('a party changed after going back', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a party changed on step 1 after going back from the overview is kept by browser forward, and the overview holds the stay for that party', async ({
    page,
  }) => {
    const m = MESSAGES.en;
    await toOverview(page, 'en', await freshStay());
    await expect(page.getByText(m.overview.priceHeading)).toBeVisible();
    await expect(page.getByText('2 adults').filter({ visible: true }).first()).toBeVisible();

    for (const step of [/step=guest/, /step=services/]) {
      await page.goBack();
      await expect(page).toHaveURL(step);
    }
    await page.goBack();
    await expect(page.getByRole('heading', { level: 2, name: m.steps.preferences })).toBeVisible();
    await page
      .getByRole('button', { name: m.stepper.increase.replace('{label}', common.party.labels.adults) })
      .click();
    await expect(page).toHaveURL(/adults=3/);
    await expect(page.getByText(m.party.updated)).toBeAttached();

    for (const step of [/step=services/, /step=guest/, /step=overview/]) {
      await page.goForward();
      await expect(page).toHaveURL(step);
      await expect(page).toHaveURL(/adults=3/);
    }
    await expect(page.getByText(m.overview.priceHeading)).toBeVisible();
    await expect(page.getByText('3 adults').filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByText('2 adults').filter({ visible: true })).toHaveCount(0);
  });
});

test.describe('extras across a change of language', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the language switcher on the extras step keeps the chosen extras, in the address and the running total', async ({
    page,
  }) => {
    const { total } = await addFirstExtra(page, 2);
    const chosen = new URL(page.url()).searchParams.get('svc');
    expect(chosen).toMatch(/^\d+x2$/);

    await page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: /Nederlands/ })
      .click();
    await expect(page).toHaveURL(/\/nl\/book\//);
    expect(new URL(page.url()).searchParams.get('svc')).toBe(chosen);
    await expect(page.getByRole('heading', { level: 2, name: MESSAGES.nl.steps.services })).toBeVisible();
    // The partner names the extra in Dutch now.
    await expect((await firstPieceService(page, 'nl')).count).toHaveText('2');
    // The same amount, written the Dutch way.
    const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');
    await expect.poll(async () => digits(await runningTotal(page).textContent())).toBe(digits(total));
  });
});

test.describe("the guest's details shown back", () => {
  // A hold and a booking are partner calls the whole site's quota shares.
  test.describe.configure({ timeout: 180_000 });

  test('the overview lists the typed details, "edit" returns to a filled form, and the thank-you page names the guest', async ({
    page,
  }) => {
    const m = MESSAGES.en;
    await toOverview(page, 'en', await freshStay());

    const review = page.getByRole('region', { name: m.overview.guestHeading });
    await expect(review).toBeVisible();
    await expect(review).toContainText(`${TEST_GUEST.firstName} ${TEST_GUEST.lastName}`);
    await expect(review).toContainText(TEST_GUEST.email);
    await expect(review).toContainText(TEST_GUEST.city);

    await review.getByRole('button', { name: m.overview.guestEdit }).click();
    await expect(page).toHaveURL(/step=guest/);
    await expect(page.getByLabel(m.guest.firstName, { exact: true })).toHaveValue(TEST_GUEST.firstName);
    await expect(page.getByLabel(m.guest.lastName, { exact: true })).toHaveValue(TEST_GUEST.lastName);
    await expect(page.getByLabel(m.guest.email, { exact: true })).toHaveValue(TEST_GUEST.email);

    // A corrected e-mail address is what the overview shows next.
    await page.getByLabel(m.guest.email, { exact: true }).fill('anna.vdberg@example.nl');
    await clickThroughBusy(page, 'en', m.nav.toOverview, /step=overview/);
    await expect(review).toContainText('anna.vdberg@example.nl');
    await expect(review).not.toContainText(TEST_GUEST.email);

    await page.getByRole('radio', { name: m.payment.later }).check();
    await page.getByRole('checkbox', { name: m.payment.accept }).check();
    await clickThroughBusy(page, 'en', m.payment.confirm, /\/en\/booking\/thank-you/);
    const details = page.getByRole('region', { name: m.thankYou.detailsHeading });
    await expect(details.getByTestId('reservation-code')).not.toBeEmpty();
    await expect(details.getByTestId('booked-name')).toHaveText(
      `${TEST_GUEST.firstName} ${TEST_GUEST.lastName}`,
    );
    await expect(details.getByTestId('booked-email')).toHaveText('anna.vdberg@example.nl');
  });
});

test('a long name on the thank-you page wraps on a 320-pixel phone instead of widening the page', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const m = MESSAGES.en;
  await page.setViewportSize({ width: 320, height: 640 });
  await toGuestStep(page, 'en', await freshStay());
  await fillGuest(page, 'en', {
    firstName: 'Wolfeschlegelsteinhausenbergerdorff',
    email: 'wolfeschlegelsteinhausenbergerdorff.senior@example.org',
  });
  await clickThroughBusy(page, 'en', m.nav.toOverview, /step=overview/);
  await page.getByRole('radio', { name: m.payment.later }).check();
  await page.getByRole('checkbox', { name: m.payment.accept }).check();
  await clickThroughBusy(page, 'en', m.payment.confirm, /\/en\/booking\/thank-you/);
  await expect(page.getByTestId('booked-name')).toContainText('Wolfeschlegelsteinhausenbergerdorff');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test.describe('a stay once booked', () => {
  test.describe.configure({ timeout: 180_000 });

  test('browser back from the thank-you page shows "already booked" with the reservation code, not the steps', async ({
    page,
  }) => {
    const m = MESSAGES.en;
    const stay = await freshStay();
    await toOverview(page, 'en', stay);
    await page.getByRole('radio', { name: m.payment.later }).check();
    await page.getByRole('checkbox', { name: m.payment.accept }).check();
    await clickThroughBusy(page, 'en', m.payment.confirm, /\/en\/booking\/thank-you/);
    const code = (await page.getByTestId('reservation-code').textContent())?.trim() ?? '';
    expect(code).not.toBe('');
    await page.waitForLoadState('networkidle');

    await page.goBack();
    await expect(page).toHaveURL(/\/en\/book\//);
    await expect(page.getByText(m.hold.doneBeforeTitle)).toBeVisible();
    await expect(page.getByTestId('booked-reservation-code')).toHaveText(code);
    await expect(page.getByText(m.notes.selectionResetTitle)).toHaveCount(0);
    await expect(page.getByRole('button', { name: m.payment.confirm })).toHaveCount(0);
    await expect(page.getByRole('button', { name: m.nav.toServices })).toHaveCount(0);
    await expect(page.getByRole('link', { name: m.thankYou.bookedLink })).toHaveAttribute(
      'href',
      '/en/booking/thank-you',
    );

    // Every step of that stay says so until the guest chooses to book again.
    await open(page, 'en', `${bookUrl('en', stay)}&step=guest`);
    await expect(page.getByTestId('booked-reservation-code')).toHaveText(code);
    await page.getByRole('button', { name: m.hold.bookAgain }).click();
    await expect(page.getByLabel(m.guest.firstName, { exact: true })).toBeVisible();
    // Booking it again starts a new booking: the next step no longer shows the old one.
    await open(page, 'en', bookUrl('en', stay));
    await expect(page.getByTestId('booked-reservation-code')).toHaveCount(0);
    await expect(page.getByRole('button', { name: m.nav.toServices })).toBeVisible();
  });
});
