import { describe, expect, it } from 'vitest';
import { campaignFromQuery, toCampaignTags } from './campaign-tags';
import { campaignField, loadCampaign, rememberCampaign } from './campaign-storage';

describe('campaign tags from a landing address', () => {
  it('reads the three utm tags and the partner campaign id, trimmed, and ignores the search criteria', () => {
    expect(
      campaignFromQuery(
        '?startDate=2027-05-01&adults=2&utm_source=news&utm_medium=email&utm_campaign=spring+2027&cid=%20p42%20',
      ),
    ).toEqual({ utm_source: 'news', utm_medium: 'email', utm_campaign: 'spring 2027', cid: 'p42' });
  });

  it('has no campaign when the address carries no valid tag', () => {
    expect(campaignFromQuery('?adults=2')).toBeUndefined();
    expect(campaignFromQuery('?utm_source=&cid=%3Cscript%3E')).toBeUndefined();
  });

  it('drops a tag that is too long, starts with a separator or could break a log line or a label', () => {
    const tags = campaignFromQuery(
      `?utm_source=${'a'.repeat(65)}&utm_medium=-email&utm_campaign=a%22b&cid=x%0Ay`,
    );
    expect(tags).toBeUndefined();
    expect(campaignFromQuery(`?utm_source=${'a'.repeat(64)}&cid=nl-77`)).toEqual({
      utm_source: 'a'.repeat(64),
      cid: 'nl-77',
    });
  });
});

describe('campaign tags read back from storage or a request body', () => {
  it('reads a stored value again with the same rule', () => {
    expect(toCampaignTags({ utm_source: 'news', utm_medium: 'x'.repeat(100) })).toEqual({
      utm_source: 'news',
    });
  });
});

/** A sessionStorage stand-in. */
function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    map,
  };
}

describe('the tab keeping the landing campaign', () => {
  it('keeps the tags of the landing address through pages without tags', () => {
    const storage = memoryStorage();
    rememberCampaign('?utm_source=news&utm_campaign=spring&cid=p42', () => storage);
    rememberCampaign('?startDate=2027-05-01', () => storage);
    expect(loadCampaign(storage)).toEqual({ utm_source: 'news', utm_campaign: 'spring', cid: 'p42' });
    expect(campaignField(storage)).toEqual({
      campaign: { utm_source: 'news', utm_campaign: 'spring', cid: 'p42' },
    });
  });

  it('lets a later landing link with tags replace the earlier campaign as a whole', () => {
    const storage = memoryStorage();
    rememberCampaign('?utm_source=news&cid=p42', () => storage);
    rememberCampaign('?utm_source=social', () => storage);
    expect(loadCampaign(storage)).toEqual({ utm_source: 'social' });
  });

  it('leaves the tab storage unread and unwritten on an address without tags, as every page load calls it', () => {
    const storage = memoryStorage();
    storage.setItem('pbs.campaign.v1', JSON.stringify({ utm_source: 'news' }));
    let asked = 0;
    const counted = () => {
      asked++;
      return storage;
    };
    expect(rememberCampaign('?startDate=2027-05-01&adults=2', counted)).toBeUndefined();
    expect(asked).toBe(0);
    expect(loadCampaign(storage)).toEqual({ utm_source: 'news' });
    expect(rememberCampaign('?utm_source=social', counted)).toEqual({ utm_source: 'social' });
    expect(asked).toBe(1);
  });

  it('sends no campaign field when the tab has none, or only an edited, invalid one', () => {
    const storage = memoryStorage();
    expect(campaignField(storage)).toEqual({});
    storage.setItem('pbs.campaign.v1', JSON.stringify({ utm_source: 'a"b' }));
    expect(campaignField(storage)).toEqual({});
    storage.setItem('pbs.campaign.v1', '{not json');
    expect(campaignField(storage)).toEqual({});
    expect(campaignField(null)).toEqual({});
  });
});
