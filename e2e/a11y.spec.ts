import { expect, test } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { bookableStay } from './support/sandbox';
import { waitForLiveSearchForm } from './support/search-form';
import { waitForHydration } from './support/hydration';

test.describe('accessibility (axe-core)', () => {
  test('@mobile the home page', async ({ page }) => {
    await page.goto('/en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page);
  });

  test('@mobile the search page with results, and with the party open', async ({ page }) => {
    const stay = await bookableStay();
    await page.goto(`/nl/search?startDate=${stay.startDate}&endDate=${stay.endDate}`);
    await expect(page.getByRole('heading', { level: 2, name: /gevonden/ })).toBeVisible();
    await expectNoViolations(page);
    await waitForHydration(page, 'a[hreflang="nl"]');
    await page.getByRole('button', { name: /^Reisgezelschap/ }).click();
    await expect(page.getByRole('button', { name: 'Volwassenen: één meer' })).toBeVisible();
    await expectNoViolations(page);
  });

  test('the search page with corrections, assumptions and no results', async ({ page }) => {
    await page.goto('/en/search?adults=x&pets=3');
    await expect(page.getByRole('heading', { name: 'No houses match your search' })).toBeVisible();
    await expectNoViolations(page);
  });

  test('the search form with validation errors', async ({ page }) => {
    const stay = await bookableStay();
    await page.goto('/en/search');
    await waitForLiveSearchForm(page);
    await page.getByLabel('Arrival').fill(stay.startDate);
    await page.getByLabel('Departure').fill('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText(/Choose a departure date/)).toBeVisible();
    await expectNoViolations(page);
  });

  test('@mobile the house page with a chosen stay and price', async ({ page }) => {
    const stay = await bookableStay();
    await page.goto(`/en/houses/${stay.houseId}?startDate=${stay.startDate}&endDate=${stay.endDate}`);
    await expect(page.getByRole('link', { name: 'Book this house' }).first()).toBeVisible();
    await expectNoViolations(page);
  });

  test('the house page choosing a departure, and its gallery', async ({ page }) => {
    const stay = await bookableStay();
    await page.goto(`/de/houses/${stay.houseId}?startDate=${stay.startDate}`);
    await expect(page.getByText('Wählen Sie jetzt Ihr Abreisedatum')).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole('link', { name: /Foto 1 von/ }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page);
  });

  test('the 404 page', async ({ page }) => {
    await page.goto('/fr/houses/987654');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page);
  });

  test('an address that matches no page is a localized 404 inside the site header and footer', async ({ page }) => {
    const response = await page.goto('/de/keine-solche-seite');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expectNoViolations(page);
  });

  test('@mobile the skip link leads keyboard users to the content', async ({ page }) => {
    await page.goto('/en/search');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });
});
