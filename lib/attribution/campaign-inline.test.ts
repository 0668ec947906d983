import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_CAPTURE_CODE } from './campaign-inline';
import { CAMPAIGN_KEY, rememberCampaign } from './campaign-storage';

const EARLIER = JSON.stringify({ utm_source: 'earlier' });

function tabStorage(failing = false) {
  const items = new Map<string, string>([[CAMPAIGN_KEY, EARLIER]]);
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (failing) throw new Error('QuotaExceededError');
      items.set(key, value);
    },
  };
}

/** What the inline code leaves in a tab's storage after a page at `search` was read. */
function keptInline(search: string, storage = tabStorage()): string | undefined {
  runInNewContext(CAMPAIGN_CAPTURE_CODE, { location: { search }, URLSearchParams, sessionStorage: storage });
  return storage.items.get(CAMPAIGN_KEY);
}

/** What the page's script (`rememberCampaign`) leaves there for the same address. */
function keptByScript(search: string): string | undefined {
  const storage = tabStorage();
  rememberCampaign(search, () => storage);
  return storage.items.get(CAMPAIGN_KEY);
}

const ADDRESSES = [
  '',
  '?adults=2',
  '?utm_source=news&utm_campaign=spring&cid=p42',
  '?cid=p42&utm_medium=cpc&utm_source=news&gclid=abc',
  '?utm_source=%20news%20',
  '?utm_source=',
  '?utm_source=%3Cscript%3E',
  '?utm_source=-starts-with-a-dash',
  `?utm_source=${'a'.repeat(64)}`,
  `?utm_source=${'a'.repeat(65)}&utm_medium=ok`,
  '?utm_source=Zürich+Ærø&utm_campaign=2027%2Fspring:week+1',
  '?utm_source=a&utm_source=b',
  '?utm_source=bad%22quote&utm_medium=email',
  '?utm_campaign=line%0Abreak',
];

describe('the campaign tags kept as the page is read', () => {
  it.each(ADDRESSES)('keeps exactly what the page script keeps for %j', (search) => {
    expect(keptInline(search)).toBe(keptByScript(search));
  });

  it('keeps a tagged landing link’s tags and leaves an untagged address’s storage alone', () => {
    expect(JSON.parse(keptInline('?utm_source=news&cid=p42')!)).toEqual({ utm_source: 'news', cid: 'p42' });
    expect(keptInline('?adults=2')).toBe(EARLIER);
  });

  it('leaves the page alone when the storage refuses', () => {
    expect(() => keptInline('?utm_source=news', tabStorage(true))).not.toThrow();
    expect(() =>
      runInNewContext(CAMPAIGN_CAPTURE_CODE, { location: { search: '?utm_source=news' }, URLSearchParams }),
    ).not.toThrow();
  });

  it('is safe inside an inline script element', () => {
    expect(CAMPAIGN_CAPTURE_CODE).not.toMatch(/<\/script|<!--/i);
  });
});
