import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countCampaignVisit, enableVisitCounting, MAX_VISIT_KEYS, restoreVisits, takeVisits } from './visits';

const NOON = Date.parse('2027-03-10T12:00:00Z');
const page = (query: string, extra: Record<string, unknown> = {}) => ({
  method: 'GET',
  url: `/nl/search?${query}`,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  ...extra,
});

describe('campaign landings per day', () => {
  beforeEach(() => {
    enableVisitCounting(true);
    takeVisits();
  });
  afterEach(() => enableVisitCounting(false));

  it('counts page requests with utm_source or cid per day and tags, nothing else about them', () => {
    countCampaignVisit(page('utm_source=news&utm_medium=email&utm_campaign=spring&cid=p42&adults=2'), NOON);
    countCampaignVisit(page('adults=2&utm_campaign=spring&utm_medium=email&cid=p42&utm_source=news'), NOON);
    countCampaignVisit(page('cid=p7'), NOON + 86_400_000);
    expect(takeVisits()).toEqual({
      counts: [
        {
          day: '2027-03-10',
          utm_source: 'news',
          utm_medium: 'email',
          utm_campaign: 'spring',
          cid: 'p42',
          visits: 2,
        },
        { day: '2027-03-11', utm_source: '', utm_medium: '', utm_campaign: '', cid: 'p7', visits: 1 },
      ],
      dropped: 0,
    });
    expect(takeVisits().counts).toEqual([]);
  });

  it('leaves out requests that are no landing: no tags, only a campaign name, bots, assets, API, router requests, POST', () => {
    countCampaignVisit(page('adults=2'), NOON);
    countCampaignVisit(page('utm_campaign=spring'), NOON);
    countCampaignVisit(page('utm_source=a"b'), NOON);
    countCampaignVisit(
      page('utm_source=news', { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' }),
      NOON,
    );
    countCampaignVisit(page('utm_source=news', { userAgent: 'AhrefsSpider' }), NOON);
    countCampaignVisit(page('utm_source=news', { userAgent: 'SomeCrawler/1.0' }), NOON);
    countCampaignVisit(page('utm_source=news', { url: '/_next/static/x.js?utm_source=news' }), NOON);
    countCampaignVisit(page('utm_source=news', { url: '/api/search?utm_source=news' }), NOON);
    countCampaignVisit(page('utm_source=news', { routerRequest: true }), NOON);
    countCampaignVisit(page('utm_source=news', { method: 'POST' }), NOON);
    expect(takeVisits().counts).toEqual([]);
  });

  it('counts nothing while no ledger runs in the process', () => {
    enableVisitCounting(false);
    countCampaignVisit(page('utm_source=news'), NOON);
    expect(takeVisits().counts).toEqual([]);
  });

  it('holds at most the bound of distinct combinations, counting the known ones on', () => {
    for (let i = 0; i < MAX_VISIT_KEYS + 50; i++) countCampaignVisit(page(`utm_source=s${i}`), NOON);
    countCampaignVisit(page('utm_source=s0'), NOON);
    const { counts, dropped } = takeVisits();
    expect(counts).toHaveLength(MAX_VISIT_KEYS);
    expect(dropped).toBe(50);
    expect(counts.find((c) => c.utm_source === 's0')?.visits).toBe(2);
  });

  it('takes back the counts a failed flush could not write, added to those counted since', () => {
    countCampaignVisit(page('utm_source=news'), NOON);
    const { counts } = takeVisits();
    countCampaignVisit(page('utm_source=news'), NOON);
    restoreVisits(counts);
    expect(takeVisits().counts).toEqual([expect.objectContaining({ utm_source: 'news', visits: 2 })]);
  });
});
