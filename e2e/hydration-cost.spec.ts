import { expect, test, type Page, type Route } from '@playwright/test';
import { bookUrl, MESSAGES, open, stayFinder } from './support/booking-pages';
import { waitForHydration } from './support/hydration';

const freshStay = stayFinder(160);

/**
 * The first number or date formatter a page builds in the browser loads the locale's formatting
 * data: tens of milliseconds on a phone, spent inside the task that brings the page to life, where
 * it holds up every tap. So the browsing pages arrive with every number and date they show
 * already formatted by the server, and count words carry their count as a plain argument
 * ({count}, not #). A formatter is built only once the guest changes something that needs one.
 */

declare global {
  interface Window {
    __formattersBuilt?: string[];
    /** Set by zod when its code first runs (its global settings). */
    __zod_globalConfig?: { jitless?: boolean };
  }
}

/** Records every number or date formatter the page builds, from before its first script runs. */
async function recordFormatters(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const built: string[] = [];
    window.__formattersBuilt = built;
    const intl = Intl as unknown as Record<string, unknown>;
    for (const name of ['NumberFormat', 'DateTimeFormat', 'RelativeTimeFormat', 'ListFormat']) {
      const original = intl[name] as new (...args: unknown[]) => unknown;
      intl[name] = new Proxy(original, {
        construct(target, args) {
          built.push(`Intl.${name}`);
          return Reflect.construct(target, args) as object;
        },
        apply(target, self, args) {
          built.push(`Intl.${name}`);
          return Reflect.apply(target as unknown as (...a: unknown[]) => unknown, self, args);
        },
      });
    }
    const wrap = (owner: object, method: string, label: string) => {
      const original = (owner as Record<string, (...args: unknown[]) => unknown>)[method]!;
      (owner as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
        // Without arguments a number or date formats the built-in way, with no locale data.
        if (args.length > 0) built.push(label);
        return original.apply(this, args);
      };
    };
    wrap(Number.prototype, 'toLocaleString', 'Number#toLocaleString');
    for (const method of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) {
      wrap(Date.prototype, method, `Date#${method}`);
    }
  });
}

async function formattersBuilt(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__formattersBuilt ?? ['(the recorder did not run)']);
}

test.describe('bringing a page to life', () => {
  test('the home page and a search page build no number or date formatter while they hydrate', async ({ page }) => {
    await recordFormatters(page);
    await page.goto('/en');
    await waitForHydration(page, 'form[action="/en/search"] button[type="submit"]');
    expect(await formattersBuilt(page)).toEqual([]);

    await page.goto('/en/search?adults=2&child0512=1');
    await waitForHydration(page, 'form[action="/en/search"] button[type="submit"]');
    expect(await formattersBuilt(page)).toEqual([]);
  });

  test('a house page, with dates and without, builds no number or date formatter while it hydrates or when its price arrives', async ({ page }) => {
    await recordFormatters(page);
    // The stay's costs are read by the browser once the page is live; they are held back here,
    // so the count covers bringing the page to life alone.
    const held: Route[] = [];
    await page.route(/\/api\/houses\/\d+\/price\?/, (route) => {
      held.push(route);
    });
    await page.goto('/en/search?adults=2');
    const house = await page.locator('main a[href^="/en/houses/"]').first().getAttribute('href');
    expect(house).toMatch(/^\/en\/houses\/\d+\?startDate=/);

    // Without dates: the calendar and the partner's suggested stay.
    await page.goto(house!.split('?')[0]!);
    await expect(page.getByRole('button', { name: 'Choose these dates' })).toBeVisible();
    await waitForHydration(page, 'table[role="grid"] button[data-date]');
    expect(await formattersBuilt(page)).toEqual([]);

    // With dates: the chosen dates, the price and the bar's total as well.
    await page.goto(house!);
    await expect(page.getByText(/^Arrival:/)).toBeVisible();
    await waitForHydration(page, 'table[role="grid"] button[data-date]');
    expect(await formattersBuilt(page)).toEqual([]);

    // The costs, let through now, are amounts the browser writes itself: still no formatter,
    // although the price has arrived in the middle of the guest's first taps.
    await expect.poll(() => held.length).toBeGreaterThan(0);
    for (const route of held.splice(0)) await route.continue();
    const panel = page.getByRole('region', { name: 'Availability and price' });
    await expect(panel.getByRole('heading', { name: 'What you pay' })).toBeVisible();
    await expect(panel.getByText(/€\s?\d/).first()).toBeVisible();
    expect(await formattersBuilt(page)).toEqual([]);
    // The recorder sees a formatter when one is built.
    await page.evaluate(() => new Intl.NumberFormat('en-GB').format(1));
    expect(await formattersBuilt(page)).toEqual(['Intl.NumberFormat']);
  });

  test('a booking step builds no number or date formatter while it hydrates', async ({ page }) => {
    await recordFormatters(page);
    for (const locale of ['en', 'fr'] as const) {
      await open(page, locale, bookUrl(locale, await freshStay()));
      // The running total shows the stay's dates and amounts, the step the preferences' prices.
      await expect(page.getByTestId('running-total').first()).toBeAttached();
      await waitForHydration(page, '[data-testid="running-total"]');
      expect(await formattersBuilt(page), locale).toEqual([]);
    }
  });

  test('the first booking step loads no schema library; the step before the guest form fetches it', async ({ page }) => {
    // zod's code, and the schemas built from it, is work the first steps have no use for: they
    // check nothing the guest types. The guest form checks every field as it is typed.
    const stay = await freshStay();
    const zodRan = () => page.evaluate(() => window.__zod_globalConfig !== undefined);
    await open(page, 'en', bookUrl('en', stay));
    await waitForHydration(page, '[data-testid="running-total"]');
    expect(await zodRan()).toBe(false);
    // Going on to the services step fetches the guest form's script while the guest chooses.
    await page.getByRole('button', { name: MESSAGES.en.nav.toServices }).click();
    await expect(page).toHaveURL(/step=services/);
    await expect.poll(zodRan, { timeout: 15_000 }).toBe(true);
    // Told in time not to compile code, which the page's content security policy forbids.
    expect(await page.evaluate(() => window.__zod_globalConfig?.jitless)).toBe(true);

    // A page opened at the guest form brings the form with it.
    await open(page, 'en', `${bookUrl('en', stay)}&step=guest`);
    await waitForHydration(page, 'input[name="firstName"]');
    expect(await zodRan()).toBe(true);
  });
});
