import { expect, test, type Page } from '@playwright/test';
import { clickThroughBusy, MESSAGES, stayFinder, toOverview, type Stay } from './support/booking-pages';
import { sandbox } from './support/sandbox';

/**
 * Two tabs of one browser share the booking cookie, and so its one hold. The Book button of a tab
 * must confirm the stay and price that tab shows, never what another tab has held since.
 */

const m = MESSAGES.en;
const freshStay = stayFinder(115);

/** To the overview of `stay`, until its Book button shows: the hold is placed. */
async function toOverviewHeld(page: Page, stay: Stay): Promise<void> {
  await toOverview(page, 'en', stay);
  await expect(page.getByRole('button', { name: m.payment.confirm })).toBeVisible({ timeout: 30_000 });
}

async function chooseAndAccept(page: Page): Promise<void> {
  await page.getByRole('radio', { name: m.payment.later }).check();
  await page.getByRole('checkbox', { name: m.payment.accept }).check();
}

const onStay = (stay: Stay) => (r: { houseId: number; startDate: string }) =>
  r.houseId === stay.houseId && r.startDate.startsWith(stay.startDate);

test('the Book button books only the stay its tab shows, after a second tab of the browser held another stay', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const shown = await freshStay();
  const other = await freshStay((s) => s.houseId !== shown.houseId);

  await toOverviewHeld(page, shown);
  const second = await context.newPage();
  await toOverviewHeld(second, other);
  await second.close();

  // Back in the first tab, which still shows the first stay and its price.
  await chooseAndAccept(page);
  const heldAgain = page.waitForResponse(
    (r) => r.url().endsWith('/api/booking/pre-register') && r.status() === 200,
    { timeout: 60_000 },
  );
  await page.getByRole('button', { name: m.payment.confirm }).click();
  await expect(page.getByText(m.payment.changedTitle)).toBeVisible();
  await expect(page).toHaveURL(/step=overview/);
  const afterRefusal = await sandbox.reservations();
  expect(afterRefusal.filter((r) => r.status !== 'Held' && (onStay(shown)(r) || onStay(other)(r)))).toEqual(
    [],
  );

  // The tab holds its own stay again, shows its price, and books that stay.
  await heldAgain;
  await expect(page.getByRole('button', { name: m.payment.confirm })).toBeEnabled({ timeout: 30_000 });
  // The new hold is on screen, and the notice still says why Book did not book: it stays until
  // the guest leaves the step.
  await expect(page.getByText(m.payment.changedTitle)).toBeVisible();
  await chooseAndAccept(page);
  await clickThroughBusy(page, 'en', m.payment.confirm, /\/en\/booking\/thank-you/);
  const booked = (await sandbox.reservations()).filter((r) => r.status !== 'Held');
  expect(booked.filter(onStay(shown))).toHaveLength(1);
  expect(booked.filter(onStay(other))).toEqual([]);
});
