import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSandbox, type SandboxHandle } from '@/sandbox/src/server';
import { hooks, resetGateway } from './helpers';

/**
 * House types and parks against a sandbox that sends only the fields the partner documents
 * (`seed`): house types by name only, search results without a type or park, active houses with
 * an id and a name, park data without an id or a name. What the answers allow keeps working, and
 * what they do not is said, not shown as an empty list.
 */

// The sitemap builds each language's address through the Next.js router: a plain one stands in.
vi.mock('@/lib/i18n/navigation', () => ({
  getPathname: ({ locale, href }: { locale: string; href: string }) =>
    `/${locale}${href === '/' ? '' : href}`,
}));

const TODAY = new Date().toISOString().slice(0, 10);
let sandbox: SandboxHandle;

async function setFields(mode: 'seed' | 'full') {
  const res = await fetch(`${sandbox.url}/__sandbox/fields`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode }),
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  sandbox = await startSandbox({ fields: 'seed' });
  process.env.SANDBOX_URL = sandbox.url;
  process.env.PARTNER_CACHE = 'off';
});

afterAll(() => sandbox.close());

beforeEach(async () => {
  await setFields('seed');
});

describe('house types in seed mode', () => {
  it('are named, but offered to no filter: the search takes a type id and the partner gives names only', async () => {
    const { getHouseTypes } = await import('@/lib/partner-api');
    const { loadSearchPage } = await import('@/lib/pages/search');
    const named = await getHouseTypes('en');
    expect(named.map((type) => type.name)).toContain('Villa');
    expect(named.every((type) => type.byName)).toBe(true);
    const page = await loadSearchPage({}, 'en', TODAY);
    expect(page.houseTypes).toEqual([]);
    expect(page.typesUnsearchable).toBe(true);
    expect(page.answer.ok).toBe(true);
  });

  it('are offered to the filter in full mode, where the partner numbers them', async () => {
    await setFields('full');
    const { loadSearchPage } = await import('@/lib/pages/search');
    const page = await loadSearchPage({}, 'en', TODAY);
    expect(page.houseTypes.length).toBeGreaterThan(1);
    expect(page.typesUnsearchable).toBe(false);
  });
});

describe('parks in seed mode', () => {
  it('cannot be listed: the park data says which park is which neither by id nor by name', async () => {
    const { getParkList } = await import('@/lib/partner-api');
    const { loadSearchPage } = await import('@/lib/pages/search');
    const list = await getParkList('en');
    expect(list.parks).toEqual([]);
    expect(list.unidentified).toBeGreaterThan(1);
    expect((await loadSearchPage({}, 'en', TODAY)).parksUnidentified).toBe(true);
  });

  it('still each have a page at their partner id, with the houses the partner lists for it', async () => {
    const { loadParkPage } = await import('@/lib/pages/park');
    const page = await loadParkPage(1, {}, 'en', TODAY);
    expect(page.park).toMatchObject({ id: 1, name: '', askedById: true });
    expect(page.park.facilities.length).toBeGreaterThan(0);
    expect(page.housesKnown).toBe(true);
    expect(page.houses.length).toBeGreaterThan(0);
  });

  it('are left out of the sitemap, which lists them in full mode', async () => {
    const { default: sitemap } = await import('@/app/sitemap');
    const parkEntries = async () => (await sitemap()).filter((entry) => entry.url.includes('/parks/'));
    const houseEntries = (await sitemap()).filter((entry) => entry.url.includes('/houses/'));
    expect(await parkEntries()).toEqual([]);
    expect(houseEntries.length).toBeGreaterThan(0);
    await setFields('full');
    expect((await parkEntries()).length).toBeGreaterThan(0);
  });
});

describe('the house feed on the documented fields', () => {
  const feed = async (path: string) => {
    const route = path.startsWith('/feeds/houses.csv')
      ? await import('@/app/feeds/houses.csv/route')
      : await import('@/app/feeds/houses.json/route');
    return route.GET(new Request(`http://127.0.0.1:3100${path}`));
  };
  const calls = async () => (await hooks(sandbox.url).stats()).calls.total;

  beforeEach(() => {
    // A fresh store: no feed built yet, and the feed's budget window empty.
    resetGateway();
  });

  it('lists every active house with the tagged link, and says which have no price', async () => {
    const { getActiveHouses } = await import('@/lib/partner-api');
    const { getSiteEnv } = await import('@/lib/env');
    const active = await getActiveHouses('en');
    const res = await feed('/feeds/houses.json?lang=en&utm_source=aff&utm_term=sea&cid=C-9&other=x');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const body = (await res.json()) as {
      builtAt: string;
      houses: { id: number; link: string; priceKnown: boolean; price: unknown; pictures: string[] }[];
    };
    expect(Date.parse(body.builtAt)).not.toBeNaN();
    expect(body.houses.map((h) => h.id).sort()).toEqual(active.map((h) => h.id).sort());
    const origin = getSiteEnv().SITE_URL.replace(/\/+$/, '');
    for (const house of body.houses) {
      expect(house.link).toBe(`${origin}/en/houses/${house.id}?utm_source=aff&utm_term=sea&cid=C-9`);
      expect(house.priceKnown).toBe(house.price !== null);
    }
    expect(body.houses.some((h) => h.pictures.length > 0)).toBe(true);
    expect(body.houses.some((h) => h.priceKnown)).toBe(true);
  });

  it('still lists the houses, each marked without a price, when the search gives no prices', async () => {
    const sb = hooks(sandbox.url);
    await sb.fault({ operation: 'searchHouses', type: 'status', status: 500 });
    try {
      const res = await feed('/feeds/houses.csv?lang=en');
      expect(res.status).toBe(200);
      const [header, ...rows] = (await res.text()).trim().split('\r\n');
      expect(header).toContain('price_known,price');
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => /,no,,,,,$/.test(row))).toBe(true);
    } finally {
      await sb.clearFaults();
    }
  });

  it('is built once an hour per language: a second ask, as CSV with other tags, costs no partner call', async () => {
    expect((await feed('/feeds/houses.json?lang=de')).status).toBe(200);
    const before = await calls();
    const res = await feed('/feeds/houses.csv?lang=de&utm_campaign=winter');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => /\/de\/houses\/\d+\?utm_campaign=winter,/.test(line))).toBe(true);
    expect(await calls()).toBe(before);
  });

  it('never spends more than its partner call budget in an hour, serving the last build or a 503 after it', async () => {
    const { FEED_CALL_BUDGET, feedCacheKey } = await import('@/lib/feed/build');
    const { getGateway } = await import('@/lib/partner-api/gateway');
    const before = await calls();
    const answers: Response[] = [];
    for (let round = 0; round < 3; round++) {
      for (const lang of ['nl', 'en', 'de', 'fr'] as const) {
        answers.push(await feed(`/feeds/houses.json?lang=${lang}`));
        await getGateway().store.deleteEntry(feedCacheKey(lang));
      }
    }
    expect(await calls()).toBeLessThanOrEqual(before + FEED_CALL_BUDGET);
    const refused = answers.filter((res) => res.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) {
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('serves the last build, marked with its time, when the budget is spent', async () => {
    const { FEED_CALL_BUDGET, feedCacheKey } = await import('@/lib/feed/build');
    const { getGateway } = await import('@/lib/partner-api/gateway');
    const first = (await (await feed('/feeds/houses.json?lang=fr')).json()) as { builtAt: string };
    // Spend the rest of the budget on builds the cache then forgets, then let the entry age past the hour.
    for (let i = 0; i < FEED_CALL_BUDGET; i++) {
      await getGateway().store.deleteEntry(feedCacheKey('nl'));
      await feed('/feeds/houses.json?lang=nl');
    }
    const before = await calls();
    const entry = await getGateway().store.getEntry(feedCacheKey('fr'));
    await getGateway().store.setEntry(
      feedCacheKey('fr'),
      { ...entry!, storedAt: entry!.storedAt - 2 * 3_600_000 },
      60_000,
    );
    const res = await feed('/feeds/houses.json?lang=fr&cid=late');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { builtAt: string; stale?: boolean };
    expect(body.stale).toBe(true);
    expect(body.builtAt).toBe(first.builtAt);
    expect(await calls()).toBe(before);
  });
});
