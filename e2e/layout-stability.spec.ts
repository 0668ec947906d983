import { expect, test, type Page } from '@playwright/test';
import { bookUrl, open, stayFinder } from './support/booking-pages';

const freshStay = stayFinder(170);

/**
 * A phone paints a page while it still reads the markup. On a booking step the markup has the
 * step first and the running total after it, while a phone shows the total above the step: the
 * step must not be seen where the total then appears (a layout shift), so it stays invisible
 * until the markup after the total has been read.
 */
async function showStatic(page: Page, url: string, html: string): Promise<void> {
  // The markup alone, with its stylesheet: no script may change it while it is looked at.
  await page.route(/\/_next\/static\/.*\.js$/, (route) => route.abort());
  await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
  await page.goto(url);
  await page.unroute(url);
}

test('on a phone a booking step is shown only once the running total above it has been read', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const url = bookUrl('en', await freshStay());
  await open(page, 'en', url);
  const html = await page.content();
  const end = html.indexOf('<span data-booking-columns-end');
  expect(end).toBeGreaterThan(0);
  const step = page.locator('[data-booking-step]');

  // Read up to the end of the step column: the total is not there yet.
  const stepEnd = html.lastIndexOf('<div class="order-1', end);
  expect(stepEnd).toBeGreaterThan(0);
  await showStatic(page, page.url(), html.slice(0, stepEnd));
  await expect(step).toHaveCSS('visibility', 'hidden');

  // Read to the end: the step is shown, below the total.
  await showStatic(page, page.url(), html);
  await expect(step).toHaveCSS('visibility', 'visible');
  const total = page.locator('[data-booking-columns] > .order-1');
  const [stepBox, totalBox] = [await step.boundingBox(), await total.boundingBox()];
  expect(totalBox!.y).toBeLessThan(stepBox!.y);
});
