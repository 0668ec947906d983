import { expect, test, type Locator, type Page } from '@playwright/test';
import { getToday } from '../lib/booking/dates';
import nlPartners from '../messages/nl/partners.json';
import nlSearch from '../messages/nl/search.json';
import { startPartnerPage, type PartnerPage } from './support/partner-page';
import { watchPolicyViolations } from './support/policy-violations';
import { expectNoViolations } from './support/axe';

/**
 * The search box on a partner's page on another origin under a strict policy (see
 * e2e/support/partner-page.ts): a guest uses it by keyboard only and lands on the site's search
 * with the stay, the party and the partner's campaign tags.
 */

const form = nlSearch.searchForm;

/**
 * Dates whose day and month are the same number, so the digits typed into a date field mean
 * the same day whether the browser's field order is day-month-year or month-day-year.
 */
function unambiguousStay(today: string) {
  let year = Number(today.slice(0, 4));
  if (`${year}-12-12` <= today) year += 1;
  return { start: `${year}-12-12`, end: `${year + 1}-01-01`, beforeStart: `${year}-11-11` };
}

const typed = (date: string) => `${date.slice(5, 7)}${date.slice(8, 10)}${date.slice(0, 4)}`;

/** Presses Tab until the field has focus: a date field has a stop for its picker button too. */
async function tabTo(page: Page, field: Locator) {
  for (let i = 0; i < 3 && !(await field.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(field).toBeFocused();
}

let partner: PartnerPage;
let siteOrigin: string;

test.beforeAll(async ({}, testInfo) => {
  siteOrigin = new URL(String(testInfo.project.use.baseURL)).origin;
  const html = `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vakantiepark De Partner</title>
<link rel="stylesheet" href="/partner.css">
<script src="${siteOrigin}/embed/search.js" defer></script>
</head>
<body>
<main>
<h1>Vakantiepark De Partner</h1>
<holiday-search locale="nl" campaign="spring" campaign-id="p-42" utm-source="partner-demo" accent-color="#5b2a86"></holiday-search>
</main>
</body>
</html>`;
  const css = 'body { font-family: sans-serif; margin: 2rem; } holiday-search { --holiday-search-background: #fdfcf7; }';
  partner = await startPartnerPage(siteOrigin, html, css);
});

test.afterAll(async () => {
  await partner?.close();
});

test('the site serves the box script to any origin, as JavaScript, cacheable', async ({ request }) => {
  const res = await request.get('/embed/search.js', { headers: { origin: 'http://partner.example' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/javascript; charset=utf-8');
  expect(res.headers()['access-control-allow-origin']).toBe('*');
  expect(res.headers()['cross-origin-resource-policy']).toBe('cross-origin');
  expect(res.headers()['cache-control']).toMatch(/^public, max-age=\d+/);
  expect(res.headers()['cross-origin-embedder-policy']).toBeUndefined();
  const etag = res.headers().etag!;
  const again = await request.get('/embed/search.js', { headers: { 'if-none-match': etag } });
  expect(again.status()).toBe(304);
});

test('a guest on a partner page searches by keyboard and lands on the site with the party, dates and campaign', async ({ page }) => {
  const violations = await watchPolicyViolations(page);
  await page.goto(partner.url);
  const box = page.locator('holiday-search');
  await expect(box.getByRole('button', { name: form.submit })).toBeVisible();

  await expectNoViolations(page);

  const { start, end, beforeStart } = unambiguousStay(getToday());

  // Tab from the top of the page into the box: the arrival field comes first.
  await page.keyboard.press('Tab');
  const arrival = box.getByLabel(form.startDate, { exact: true });
  await expect(arrival).toBeFocused();
  await page.keyboard.type(typed(start));
  await expect(arrival).toHaveValue(start);
  const departure = box.getByLabel(form.endDate, { exact: true });
  await tabTo(page, departure);
  // First a departure before the arrival: the box refuses it and says why.
  await page.keyboard.type(typed(beforeStart));
  await page.keyboard.press('Enter');
  await expect(box.getByRole('alert')).toHaveText(nlPartners.partners.embed.fixErrors);
  await expect(departure).toBeFocused();
  await expect(departure).toHaveAttribute('aria-invalid', 'true');
  await expect(departure).toHaveAccessibleDescription(form.errors.endBeforeStart);
  // Back to the field's first part (the arrow keys move between day, month and year), then the real date.
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(typed(end));
  await expect(departure).toHaveValue(end);

  await tabTo(page, box.getByLabel('Volwassenen'));
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(box.getByLabel('Kinderen', { exact: true })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  expect(await violations()).toEqual([]);
  await page.keyboard.press('Enter');

  await page.waitForURL((url) => url.origin === siteOrigin && url.pathname === '/nl/search');
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toEqual({
    startDate: start,
    endDate: end,
    adults: '3',
    child0512: '1',
    utm_source: 'partner-demo',
    utm_medium: 'search-box',
    utm_campaign: 'spring',
    cid: 'p-42',
  });
  await expect(page.getByLabel(form.startDate)).toHaveValue(start);
  await expect(page.getByLabel(form.endDate)).toHaveValue(end);
  await expect(page.getByRole('button', { name: /^Reisgezelschap/ })).toContainText('3 volwassenen, 1 kind');
});
