import { expect, test, type Locator, type Page } from '@playwright/test';
import { bookUrl, MESSAGES, open, stayFinder, TEST_GUEST } from './support/booking-pages';
import { waitForHydration } from './support/hydration';

/**
 * A guest who uses only the keyboard books a stay from step 1 to the thank-you page: Tab and
 * Shift+Tab to move, Space and Enter to choose and go on, the arrow keys within a group of
 * radio buttons. No click, no fill: each field is reached and typed into as a guest would.
 */

const freshStay = stayFinder(110);
const m = MESSAGES.en;

/** Whether `target`, or one of the elements it matches, has the focus. */
async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluateAll((elements) => elements.some((element) => element === document.activeElement));
}

/** Presses Tab (or Shift+Tab) until `target` (one of its elements) has the focus, as a keyboard user reaches it. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  await expect(target.first()).toBeAttached();
  for (let presses = 0; presses < 120; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target.toString()}`);
}

/** Reaches the field labelled `label` with Tab and types `value` into it. */
async function typeInto(page: Page, label: string, value: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await tabTo(page, field);
  await page.keyboard.type(value);
  await expect(field).toHaveValue(value);
}

test.describe('the booking steps by keyboard only', () => {
  // A hold and a booking are partner calls the whole site's quota shares.
  test.describe.configure({ timeout: 180_000 });

  test('a guest books with Tab, Shift+Tab, Space, Enter and the arrow keys, from the preferences to the thank-you page', async ({
    page,
  }) => {
    await open(page, 'en', bookUrl('en', await freshStay()));
    await waitForHydration(page, 'main');

    // Step 1: a preference ticked with Space, when the house has any, then on with Enter.
    const preference = page
      .getByRole('region', { name: m.steps.preferences })
      .getByRole('checkbox', { disabled: false })
      .first();
    if ((await preference.count()) > 0) {
      await tabTo(page, preference);
      await page.keyboard.press('Space');
      await expect(preference).toBeChecked();
      await expect(page).toHaveURL(/prefs=\d+/);
    }
    const toServices = page.getByRole('button', { name: m.nav.toServices });
    await tabTo(page, toServices);
    // One step too far and back again.
    await page.keyboard.press('Tab');
    await tabTo(page, toServices, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/step=services/);
    await expect(page.getByRole('heading', { level: 2, name: m.steps.services })).toBeFocused();

    // Step 2: one piece of the first extra with Enter on its "more" button, when there is one.
    const prefix = m.stepper.increase.replace('{label}', '');
    const more = page.getByRole('button', { name: new RegExp(`^${prefix}`) }).first();
    if ((await more.count()) > 0) {
      await tabTo(page, more);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/svc=\d+x1/);
    }
    await tabTo(page, page.getByRole('button', { name: m.nav.toGuest }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/step=guest/);
    await expect(page.getByRole('heading', { level: 2, name: m.steps.guest })).toBeFocused();

    // Step 3: every field typed, the country chosen with the arrow keys.
    await typeInto(page, m.guest.firstName, TEST_GUEST.firstName);
    await typeInto(page, m.guest.lastName, TEST_GUEST.lastName);
    await typeInto(page, m.guest.street, TEST_GUEST.street);
    await typeInto(page, m.guest.houseNumber, TEST_GUEST.houseNumber);
    await typeInto(page, m.guest.postcode, TEST_GUEST.postcode);
    await typeInto(page, m.guest.city, TEST_GUEST.city);
    const country = page.getByLabel(m.guest.country, { exact: true });
    await tabTo(page, country);
    for (let presses = 0; presses < 300 && (await country.inputValue()) !== TEST_GUEST.country; presses++) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(country).toHaveValue(TEST_GUEST.country);
    await typeInto(page, m.guest.email, TEST_GUEST.email);
    await typeInto(page, m.guest.phone, TEST_GUEST.phone);
    await tabTo(page, page.getByRole('button', { name: m.nav.toOverview }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/step=overview/, { timeout: 30_000 });

    // Step 4: pay later, chosen in its radio group with the arrow keys; the terms with Space.
    const later = page.getByRole('radio', { name: m.payment.later });
    await expect(later).toBeVisible({ timeout: 30_000 });
    // Tab enters a radio group once, at its chosen option or its first.
    await tabTo(page, page.getByRole('radio'));
    for (let presses = 0; presses < 10 && !(await isFocused(later)); presses++) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(later).toBeFocused();
    // An arrow key checks the option it moves to; a lone option, or the first, is checked with Space.
    if (!(await later.isChecked())) await page.keyboard.press('Space');
    await expect(later).toBeChecked();
    const accept = page.getByRole('checkbox', { name: m.payment.accept });
    await tabTo(page, accept);
    await page.keyboard.press('Space');
    await expect(accept).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: m.payment.confirm }));
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/en\/booking\/thank-you/, { timeout: 60_000 });
    await expect(page.getByTestId('reservation-code')).not.toBeEmpty();
  });
});
