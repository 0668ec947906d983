import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import enCommon from '../messages/en/common.json';
import { startProductionSite, type ProductionSite } from '../test/integration/production-site';
import { startPartnerPage } from './support/partner-page';
import { watchPolicyViolations } from './support/policy-violations';
import { expectNoViolations } from './support/axe';
import { bookableStay } from './support/sandbox';

/**
 * A partner's brand from the site content alone (e2e/fixtures/brand): another name, logo, icons
 * and colours on a second site started from the same build with SITE_CONTENT_FILE, no rebuild.
 * Every page a guest walks through shows the partner's brand, not the site's own, and stays
 * accessible in its colours; the embeddable search box on a partner page does too.
 */

const FIXTURE = path.resolve(__dirname, 'fixtures/brand/site-content.json');
const PRIMARY = 'rgb(91, 42, 134)';

let site: ProductionSite;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(120_000);
  const sandboxUrl = String(testInfo.project.metadata.sandboxUrl);
  site = await startProductionSite({
    SANDBOX_URL: sandboxUrl,
    SITE_CONTENT_FILE: FIXTURE,
    PARTNER_RATE_LIMIT_PER_MIN: '3000',
  });
});

test.afterAll(async () => {
  await site?.stop();
});

/** The page shows `name` and the brand's logo, colours and icons, nowhere the site's own name, and passes axe. */
async function expectBrand(page: Page, name: string) {
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name })).toBeVisible();
  const logo = header.locator('img');
  await expect(logo).toHaveAttribute('src', /^\/brand-files\/logo\.[\w-]+\.svg$/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByRole('contentinfo')).toContainText(name);
  await expect(page).toHaveTitle(new RegExp(name));
  await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute('content', name);
  await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute('href', /^\/brand-files\/favicon\.[\w-]+\.svg$/);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', /^\/brand-files\/appleTouch\./);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#5b2a86');
  const variable = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-brand-600').trim());
  expect(variable).toBe('#5b2a86');
  expect(await page.content()).not.toContain(enCommon.meta.siteName);
  await expectNoViolations(page);
}

test.describe('a partner brand from the site content', () => {
  test('the home page carries the partner name, logo, icons and colours, its button in the brand colour, under the page policy', async ({ page }) => {
    const violations = await watchPolicyViolations(page);
    await page.goto(`${site.url}/en`);
    await expectBrand(page, 'Sunny Parks');
    const button = page.locator('.btn-primary').first();
    await expect(button).toHaveCSS('background-color', PRIMARY);
    expect(await violations()).toEqual([]);
  });

  test('an address that matches no page is a 404 in the partner brand', async ({ page }) => {
    const response = await page.goto(`${site.url}/en/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sunny Parks' })).toBeVisible();
    await expect(page.getByRole('banner').locator('img')).toHaveAttribute('src', /^\/brand-files\/logo\./);
    await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute('href', /^\/brand-files\/favicon\./);
    await expect(page.locator('html')).toHaveAttribute('style', /--color-brand-600:\s*#5b2a86/);
    await expectNoViolations(page);
  });

  test('the search, house and booking pages carry the brand too, and Dutch pages its Dutch name', async ({ page }) => {
    const stay = await bookableStay();
    await page.goto(`${site.url}/en/search?startDate=${stay.startDate}&endDate=${stay.endDate}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectBrand(page, 'Sunny Parks');
    await page.goto(`${site.url}/en/houses/${stay.houseId}?startDate=${stay.startDate}&endDate=${stay.endDate}`);
    await expect(page.getByRole('link', { name: 'Book this house' }).first()).toBeVisible();
    await expectBrand(page, 'Sunny Parks');
    await page.goto(`${site.url}/en/book/${stay.houseId}?startDate=${stay.startDate}&endDate=${stay.endDate}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectBrand(page, 'Sunny Parks');
    await page.goto(`${site.url}/nl`);
    await expectBrand(page, 'Zonnige Parken');
  });

  test('the logo, icons and manifest are the partner files, the logo at a content-hashed address kept for a year', async ({ request }) => {
    const html = await (await request.get(`${site.url}/en`)).text();
    const logoPath = /src="(\/brand-files\/logo\.[\w-]+\.svg)"/.exec(html)?.[1];
    expect(logoPath).toBeDefined();
    const logo = await request.get(`${site.url}${logoPath}`);
    expect(logo.headers()['content-type']).toBe('image/svg+xml');
    expect(logo.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await logo.text()).toContain('#ffd23f');
    const favicon = await request.get(`${site.url}/favicon.ico`);
    expect(favicon.headers()['content-type']).toBe('image/svg+xml');
    const manifest = await (await request.get(`${site.url}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ name: 'Zonnige Parken', theme_color: '#5b2a86' });
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      expect(icon.src).toMatch(/^\/brand-files\/icon(192|512)\./);
      const res = await request.get(`${site.url}${icon.src}`);
      expect(res.headers()['content-type']).toBe('image/png');
    }
  });

  test('the search box on a partner page says the partner name and takes its colours', async ({ page }) => {
    const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>A partner page</title>
<link rel="stylesheet" href="/partner.css">
<script src="${site.url}/embed/search.js" defer></script></head>
<body><main><h1>A partner page</h1><holiday-search locale="en"></holiday-search></main></body>
</html>`;
    const partner = await startPartnerPage(site.url, html, 'body { font-family: sans-serif; margin: 2rem; }');
    try {
      const violations = await watchPolicyViolations(page);
      await page.goto(partner.url);
      const box = page.locator('holiday-search');
      await expect(box.getByText('Sunny Parks')).toBeVisible();
      await expect(box.getByRole('button')).toHaveCSS('background-color', PRIMARY);
      await expectNoViolations(page);
      expect(await violations()).toEqual([]);
    } finally {
      await partner.close();
    }
  });
});
