import { expect, type Page } from '@playwright/test';
import house from '../../messages/en/house.json';
import { clickThroughBusy, fillGuest, MESSAGES, open, type Stay } from './booking-pages';

/**
 * A guest who arrives on a partner's search link, opens a house from the results, books it
 * through every step (with a reload and a browser Back on the way) and ends on the thank-you
 * page. Shared by the attribution and analytics specs.
 */

const m = MESSAGES.en;

export const LANDING_GUEST = {
  firstName: 'Marit',
  lastName: 'Verhoeven',
  street: 'Lange Voorhout',
  houseNumber: '341b',
  postcode: '2514 EE',
  city: 'Den Haag',
  email: 'marit.verhoeven@example.nl',
  phone: '070 987 6543',
};

export function searchLanding(stay: Stay, tags: string): string {
  return `/en/search?startDate=${stay.startDate}&endDate=${stay.endDate}&adults=2&${tags}`;
}

/** From the search results to the house page of `stay` (by the result's link when it is listed). */
export async function openHouseFromResults(page: Page, stay: Stay): Promise<void> {
  const link = page.locator(`#main a[href*="/houses/${stay.houseId}?"]`).first();
  if ((await link.count()) > 0) await link.click();
  else
    await page.goto(
      `/en/houses/${stay.houseId}?startDate=${stay.startDate}&endDate=${stay.endDate}&adults=2`,
    );
  await expect(page).toHaveURL(new RegExp(`/en/houses/${stay.houseId}\\b`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Adds one extra on the services step: a piece of a per-piece service, or else a whole service. */
async function addOneExtra(page: Page): Promise<void> {
  const more = page
    .getByRole('button', { name: new RegExp(`^${m.stepper.increase.replace('{label}', '')}`) })
    .first();
  if (await more.count()) await more.click();
  else await page.getByRole('checkbox').first().check();
}

/**
 * From the house page to the thank-you page, paying later. Returns the partner's reservation
 * code the thank-you page shows.
 */
export async function bookFromHousePage(page: Page): Promise<string> {
  await page.getByRole('link', { name: house.house.booking.book }).first().click();
  await expect(page).toHaveURL(/\/en\/book\//);
  await page.getByRole('button', { name: m.nav.toServices }).click();
  await expect(page).toHaveURL(/step=services/);
  // A reload in the middle of the flow.
  await page.reload();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await addOneExtra(page);
  await page.getByRole('button', { name: m.nav.toGuest }).click();
  await expect(page).toHaveURL(/step=guest/);
  await fillGuest(page, 'en', LANDING_GUEST);
  await clickThroughBusy(page, 'en', m.nav.toOverview, /step=overview/);
  // Browser Back to the guest step, and on to the overview again (the hold is re-priced).
  await page.goBack();
  await expect(page).toHaveURL(/step=guest/);
  await clickThroughBusy(page, 'en', m.nav.toOverview, /step=overview/);
  await page.getByRole('radio', { name: m.payment.later }).check();
  await page.getByRole('checkbox', { name: m.payment.accept }).check();
  await clickThroughBusy(page, 'en', m.payment.confirm, /\/en\/booking\/thank-you/);
  const code = ((await page.getByTestId('reservation-code').textContent()) ?? '').trim();
  expect(code).not.toBe('');
  return code;
}

export { open };
