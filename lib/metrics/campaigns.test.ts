import { describe, expect, it } from 'vitest';
import { NO_TAG, OTHER_TAG, countCampaignBooking, toCampaignLabels } from './campaigns';
import { renderMetrics } from './registry';

describe('campaign labels', () => {
  it('labels a booking by its four tags, and a missing tag as (none)', () => {
    expect(toCampaignLabels({ utm_source: 'news', utm_campaign: 'spring', cid: 'p42' }, new Set())).toEqual({
      source: 'news',
      medium: NO_TAG,
      campaign: 'spring',
      cid: 'p42',
    });
    expect(toCampaignLabels(undefined, new Set())).toEqual({
      source: NO_TAG,
      medium: NO_TAG,
      campaign: NO_TAG,
      cid: NO_TAG,
    });
  });

  it('never uses a tag outside the safe charset or length as a label value', () => {
    const labels = toCampaignLabels({ utm_source: 'a"b\nc', utm_campaign: 'x'.repeat(65) }, new Set());
    expect(labels.source).toBe(OTHER_TAG);
    expect(labels.campaign).toBe(OTHER_TAG);
  });

  it('gives at most the capped number of tag combinations a series of their own, the rest go to (other)', () => {
    const seen = new Set<string>();
    const distinct = new Set<string>();
    for (let i = 0; i < 500; i++) {
      distinct.add(JSON.stringify(toCampaignLabels({ utm_campaign: `c${i}` }, seen, 10)));
    }
    expect(distinct.size).toBe(11);
    expect(
      distinct.has(
        JSON.stringify({ source: OTHER_TAG, medium: OTHER_TAG, campaign: OTHER_TAG, cid: OTHER_TAG }),
      ),
    ).toBe(true);
    // A combination that has its series keeps it after the cap is reached.
    expect(toCampaignLabels({ utm_campaign: 'c3' }, seen, 10).campaign).toBe('c3');
  });
});

describe('the campaign metrics', () => {
  it('count bookings and booked value by campaign in the exposition, and never more series than the cap', async () => {
    countCampaignBooking({ utm_source: 'news', utm_campaign: 'spring', cid: 'p42' }, 812.5);
    countCampaignBooking({ utm_source: 'news', utm_campaign: 'spring', cid: 'p42' }, 100);
    countCampaignBooking(undefined, null);
    for (let i = 0; i < 300; i++) countCampaignBooking({ utm_campaign: `flood-${i}` }, 1);
    const { body } = await renderMetrics();
    expect(body).toContain(
      'booking_campaign_bookings_total{source="news",medium="(none)",campaign="spring",cid="p42"} 2',
    );
    expect(body).toContain(
      'booking_campaign_booked_value_euros_total{source="news",medium="(none)",campaign="spring",cid="p42"} 912.5',
    );
    expect(body).toContain(
      'booking_campaign_bookings_total{source="(none)",medium="(none)",campaign="(none)",cid="(none)"} 1',
    );
    const series = body.split('\n').filter((line) => line.startsWith('booking_campaign_bookings_total{'));
    expect(series.length).toBeLessThanOrEqual(51);
    expect(body).toMatch(
      /booking_campaign_bookings_total\{source="\(other\)",medium="\(other\)",campaign="\(other\)",cid="\(other\)"\} \d+/,
    );
  });
});
