import { expect, test } from '@playwright/test';
import { waitForHydration } from './support/hydration';
import { watchPolicyViolations } from './support/policy-violations';

/**
 * A page served from the site's page store runs in the browser under its hash policy: Next.js's
 * inline scripts match the hashes in the header, so the page hydrates and the browser reports no
 * content security policy violation.
 */

const SEARCH = '/en/search?adults=2';

test.describe('pages from the page store', () => {
  test('a stored search page hydrates with no CSP violation', async ({ page, request }) => {
    // Fill the partner cache and the page store (the first renders call the partner).
    await expect
      .poll(async () => (await request.get(SEARCH)).headers()['x-page-cache'], { timeout: 30_000 })
      .toBe('hit');
    const violations = await watchPolicyViolations(page);
    const response = await page.goto(SEARCH);
    expect(response?.headers()['x-page-cache']).toBe('hit');
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    // Hydrated: the party editor opens, which only the page's JavaScript does. Its scripts are
    // asked for after the first paint, so the load event can come before they have run.
    await waitForHydration(page, 'form[aria-label="Sort and filter"]');
    await page.getByRole('button', { name: /^Who is coming/ }).click();
    await expect(page.getByRole('button', { name: 'Adults: one more' })).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('a browser served a stored page gets its own mark from the page’s script, a session cookie the answer never sets', async ({
    page,
    context,
    request,
  }) => {
    await expect
      .poll(async () => (await request.get(SEARCH)).headers()['x-page-cache'], { timeout: 30_000 })
      .toBe('hit');
    const response = await page.goto(SEARCH);
    expect(response?.headers()['set-cookie']).toBeUndefined();
    const mark = async () => (await context.cookies()).find((cookie) => cookie.name === 'visitor');
    await expect.poll(async () => (await mark())?.value ?? '').toMatch(/^[A-Za-z0-9_-]{22}$/);
    const first = (await mark())!;
    expect(first).toMatchObject({ expires: -1, sameSite: 'Lax', httpOnly: false });
    // The next page of the same browser keeps it.
    await page.goto('/en');
    await expect.poll(async () => (await mark())?.value).toBe(first.value);
  });

  test('a client-side navigation from a stored page to a house page runs with no CSP violation', async ({ page, request }) => {
    await expect
      .poll(async () => (await request.get(SEARCH)).headers()['x-page-cache'], { timeout: 30_000 })
      .toBe('hit');
    const violations = await watchPolicyViolations(page);
    await page.goto(SEARCH);
    // Hydrated first, so the click is the router's client-side navigation (an RSC request).
    await waitForHydration(page, 'form[aria-label="Sort and filter"]');
    await page.getByRole('button', { name: /^Who is coming/ }).click();
    await expect(page.getByRole('button', { name: 'Adults: one more' })).toBeVisible();
    await page.locator('main a[href^="/en/houses/"]').first().click();
    await expect(page).toHaveURL(/\/en\/houses\/\d+/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('a house page asks for its scripts only after its first contentful paint, then comes to life', async ({
    page,
  }) => {
    await page.goto(SEARCH);
    const house = await page.locator('main a[href^="/en/houses/"]').first().getAttribute('href');
    const violations = await watchPolicyViolations(page);
    await page.goto(house!);
    await waitForHydration(page, 'a[hreflang="nl"]');
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/_next\/static\/chunks\/[^/]+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    }));
    expect(paint).toBeDefined();
    expect(scripts.length).toBeGreaterThan(3);
    expect(Math.min(...scripts)).toBeGreaterThanOrEqual(paint!);
    expect(await violations()).toEqual([]);
  });
});
