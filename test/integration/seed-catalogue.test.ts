import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSandbox, type SandboxHandle } from '@/sandbox/src/server';

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
