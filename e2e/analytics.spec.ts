import { expect, test, type Page } from '@playwright/test';
import { siteUrl } from './support/sandbox';
import { stayFinder } from './support/booking-pages';
import {
  LANDING_GUEST,
  bookFromHousePage,
  open,
  openHouseFromResults,
  searchLanding,
} from './support/landing-booking';

/**
 * The e-commerce events in the data layer along a whole booking. The test sites run with
 * analytics on and consent required (playwright.config.ts), so nothing is pushed until the
 * consent cookie is set; after it the events come in the order of the guest's way through the
 * site, the purchase carries the partner's reservation code, once, also after a reload, and no
 * event holds anything of the guest's.
 */

const freshStay = stayFinder(140);

interface Pushed {
  event?: string;
  ecommerce?: { transaction_id?: string; value?: number; currency?: string; payment_type?: string } | null;
}

/** Records every data-layer push of every page of the tab, in order, into `pushed`. */
async function recordDataLayer(page: Page): Promise<Pushed[]> {
  const pushed: Pushed[] = [];
  await page.exposeFunction('__recordDataLayer', (entry: Pushed) => void pushed.push(entry));
  await page.addInitScript(() => {
    const layer: unknown[] = [];
    const push = layer.push.bind(layer);
    layer.push = (...entries: unknown[]) => {
      for (const entry of entries) {
        (window as unknown as { __recordDataLayer(e: unknown): void }).__recordDataLayer(
          JSON.parse(JSON.stringify(entry)),
        );
      }
      return push(...entries);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
  return pushed;
}

const named = (pushed: Pushed[]) => pushed.flatMap((p) => (p.event ? [p.event] : []));

test.describe('analytics events', () => {
  test.describe.configure({ timeout: 180_000 });

  test('nothing before consent; after it the booking’s events in order, no personal data, one purchase', async ({
    page,
    context,
  }) => {
    const stay = await freshStay();
    const pushed = await recordDataLayer(page);
    const landing = searchLanding(stay, 'utm_source=news&utm_campaign=spring&cid=p42');

    await open(page, 'en', landing);
    await openHouseFromResults(page, stay);
    await page.waitForLoadState('networkidle');
    expect(pushed).toEqual([]);

    await context.addCookies([{ name: 'analytics_consent', value: 'granted', url: siteUrl() }]);
    await open(page, 'en', landing);
    await expect.poll(() => named(pushed)).toContain('view_item_list');
    await openHouseFromResults(page, stay);
    await expect.poll(() => named(pushed)).toContain('view_item');
    const code = await bookFromHousePage(page);
    await expect.poll(() => named(pushed)).toContain('purchase');

    // Each event where the guest's way first raised it.
    const firsts = [...new Set(named(pushed))];
    expect(firsts).toEqual([
      'view_item_list',
      'view_item',
      'begin_checkout',
      'add_to_cart',
      'add_payment_info',
      'purchase',
    ]);
    // Every event comes after an `{ ecommerce: null }` that clears the previous one's items.
    pushed.forEach((entry, i) => {
      if (entry.event) expect(pushed[i - 1]).toEqual({ ecommerce: null });
    });
    const bought = pushed.filter((p) => p.event === 'purchase');
    expect(bought).toHaveLength(1);
    expect(bought[0]?.ecommerce).toMatchObject({ transaction_id: code, currency: 'EUR' });
    expect(bought[0]?.ecommerce?.value).toBeGreaterThan(0);
    expect(pushed.find((p) => p.event === 'add_payment_info')?.ecommerce?.payment_type).toBe('Later');
    expect(named(pushed).filter((e) => e === 'begin_checkout')).toHaveLength(1);

    const text = JSON.stringify(pushed);
    for (const personal of Object.values(LANDING_GUEST)) expect(text).not.toContain(personal);
    expect(text).not.toContain('@');

    // A reload of the thank-you page shows the booking again, and counts no second purchase.
    await page.reload();
    await expect(page.getByTestId('reservation-code')).toHaveText(code);
    await page.waitForLoadState('networkidle');
    expect(pushed.filter((p) => p.event === 'purchase')).toHaveLength(1);
  });
});
