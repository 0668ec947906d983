import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page's search form checks its values itself. Before hydration it is a plain
 * GET form, and a click on it submits without the checks; once hydrated it turns the browser's own
 * checks off (`novalidate`).
 */
export async function waitForLiveSearchForm(page: Page): Promise<void> {
  await expect(page.locator('form[novalidate]')).toHaveCount(1);
}
