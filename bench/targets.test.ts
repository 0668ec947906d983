import { describe, expect, it } from 'vitest';
import type { CompareResult } from './compare';
import type { LighthouseFigures } from './lighthouse';
import type { RenderLoad } from './render';
import { targetRows, type TargetInputs } from './targets';

const verdicts = (rows: ReturnType<typeof targetRows>) =>
  Object.fromEntries(rows.map((r) => [r.measure, r.verdict]));

/** The verdict on `measure` of a one-instance run at the partner's default quota with these figures. */
const oneInstance = (measure: string, figures: Partial<TargetInputs> = {}) =>
  verdicts(targetRows({ quotaPerMinute: 100, instances: 1, ...figures }))[measure];

function comparison(label: string, minRatio: number, ratio: number | undefined): CompareResult {
  return { target: { label, path: '/x', minRatio }, site: [], bare: [], ratio };
}

function rendered(pagesPerSecond: number, cpuMsPerPage: number): RenderLoad {
  return { pagesPerSecond, cpuMsPerPage, pages: 100, stored: 0, failures: 0, p50: 300, partnerCalls: 0 };
}

function page(label: string, indexable: boolean, score: number): LighthouseFigures {
  return {
    page: { label, path: '/', indexable },
    performance: score,
    accessibility: 100,
    bestPractices: 100,
    seo: indexable ? 100 : 60,
  };
}

describe('bench targets', () => {
  it('marks every target "not run" when no phase produced a figure', () => {
    const rows = targetRows({ quotaPerMinute: 100, instances: 2 });
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.every((r) => r.verdict === 'not run')).toBe(true);
  });

  it('judges each ratio against its own target', () => {
    const rows = targetRows({
      quotaPerMinute: 100,
      instances: 2,
      compare: [
        comparison('cached /api/search', 0.5, 0.49),
        comparison('cached search page', 0.25, 0.25),
        comparison('cached house page', 0.25, undefined),
      ],
    });
    const byMeasure = verdicts(rows);
    expect(byMeasure['cached /api/search, site ÷ bare Node, same bytes']).toBe('not met');
    expect(byMeasure['cached search page, site ÷ bare Node']).toBe('met');
    expect(byMeasure['cached house page, site ÷ bare Node']).toBe('not met');
  });

  it('holds campaign traffic to half of bare Node and 99 % answered from the page store', () => {
    const campaign = (ratio: number, hits: number) =>
      verdicts(
        targetRows({
          quotaPerMinute: 100,
          instances: 1,
          campaign: {
            links: ['/en/x'],
            site: [],
            bare: [],
            ratio,
            answered: 1000,
            hits,
            hitRatio: hits / 1000,
          },
        }),
      );
    const ratioRow = 'campaign landing links, a click id per request, site ÷ bare Node';
    const hitRow = 'campaign landing links, answered from the page store';
    expect(campaign(0.5, 990)[ratioRow]).toBe('met');
    expect(campaign(0.5, 990)[hitRow]).toBe('met');
    expect(campaign(0.49, 989)[ratioRow]).toBe('not met');
    expect(campaign(0.49, 989)[hitRow]).toBe('not met');
    const skipped = targetRows({
      quotaPerMinute: 100,
      instances: 1,
      campaign: { links: [], skipped: 'no landing links', site: [], bare: [], answered: 0, hits: 0 },
    });
    expect(skipped.find((r) => r.measure === hitRow)).toMatchObject({
      value: 'no landing links',
      verdict: 'not met',
    });
  });

  it('takes no "busy" page of guests behind one address while the quota has room', () => {
    const measure = 'shared address: guests’ pages and API answers "busy" while the quota has room';
    const shared = (busyPages: number, partnerCalls: number) =>
      oneInstance(measure, {
        sharedAddress: {
          guests: 2,
          together: false,
          pages: 22,
          busyPages,
          busyApi: 0,
          partnerCalls,
          seconds: 14,
        },
      });
    expect(shared(0, 48)).toBe('met');
    expect(shared(8, 48)).toBe('not met');
    // With the quota spent, "busy" is the quota's answer, not the address's.
    expect(shared(8, 95)).toBe('met');
    expect(oneInstance(measure)).toBe('not run');
  });

  it('holds the calendars’ lane to 90 partner calls in any 60 s, no 429 and no booking step "busy", and has it price a day for every two calendars', () => {
    const measure = 'calendar lane: partner calls in any 60 s, 429s, booking steps "busy", days priced a calendar';
    const lane = (maxInAnyMinute: number, bookingPagesBusy: number, pricedDays = 15) =>
      oneInstance(measure, {
        calendarLane: {
          calendars: 30,
          pricedDays,
          searches: 60,
          maxInAnyMinute,
          rateLimited: 0,
          bookingPages: 25,
          bookingPagesBusy,
        },
      });
    expect(lane(88, 0)).toBe('met');
    expect(lane(91, 0)).toBe('not met');
    expect(lane(60, 1)).toBe('not met');
    expect(lane(60, 0, 14)).toBe('not met');
  });

  it('counts pages with houses per minute against the quota for one instance', () => {
    const steadyOne = { servedRps: 170, partner429: 0, maxInAnyMinute: 80 };
    const met = verdicts(targetRows({ quotaPerMinute: 100, instances: 2, steadyOne }));
    expect(met['steady, pages with houses ÷ quota, 1 instance']).toBe('met');
    const notMet = verdicts(
      targetRows({ quotaPerMinute: 100, instances: 2, steadyOne: { ...steadyOne, servedRps: 160 } }),
    );
    expect(notMet['steady, pages with houses ÷ quota, 1 instance']).toBe('not met');
  });

  it('leaves a noindex page out of the SEO target but not out of performance', () => {
    const lighthouse = [page('home', true, 96), page('booking step', false, 94)];
    const rows = targetRows({ quotaPerMinute: 100, instances: 2, lighthouse });
    const seo = rows.find((r) => r.measure.startsWith('Lighthouse SEO'))!;
    expect(seo.verdict).toBe('met');
    expect(seo.value).toBe('100 / n/a');
    expect(rows.find((r) => r.measure.startsWith('Lighthouse mobile performance'))!.verdict).toBe('not met');
  });

  it('holds each guest page to at most 3 Lighthouse points below the bare Next.js page of the same runs', () => {
    const row = (scores: number[], bare: number) =>
      targetRows({
        quotaPerMinute: 100,
        instances: 2,
        lighthouse: scores.map((score, i) => page(`page ${i}`, true, score)),
        lighthouseReference: {
          ...page('bare Next.js', true, bare),
          page: { label: 'bare Next.js', path: '/', indexable: true, reference: true },
        },
      }).find((r) => r.measure.startsWith('Lighthouse mobile performance beside the bare Next.js page'))!;
    expect(row([95, 92, 91, 96], 94).verdict).toBe('met');
    expect(row([95, 92, 91, 96], 94).value).toBe('95 / 92 / 91 / 96 vs 94');
    expect(row([95, 95, 89, 92], 94).verdict).toBe('not met');
    expect(
      targetRows({ quotaPerMinute: 100, instances: 2, lighthouse: [page('home', true, 99)] }).find((r) =>
        r.measure.startsWith('Lighthouse mobile performance beside'),
      )!.verdict,
    ).toBe('not run');
  });

  it('holds the search page HTML to 80 KB uncompressed', () => {
    const at = (bytes: number) =>
      targetRows({ quotaPerMinute: 100, instances: 2, searchHtmlBytes: bytes }).find((r) =>
        r.measure.startsWith('search page HTML'),
      )!.verdict;
    expect(at(80 * 1024)).toBe('met');
    expect(at(80 * 1024 + 1)).toBe('not met');
  });

  describe('render of an unseen URL', () => {
    const searchRow = 'render of an unseen URL, search page, pages a second';
    const houseRow = 'render of an unseen URL, house page, pages a second';
    const memoryRow = 'resident memory after the phases, site instance ÷ next start of the same build';
    const rows = (render: Parameters<typeof targetRows>[0]['render']) =>
      targetRows({ quotaPerMinute: 100, instances: 1, render });

    it('holds the search page to 46 and the house page to 54 pages a second, shown beside the reference page', () => {
      const reference = rendered(400, 4);
      const met = rows({ search: rendered(46, 40), house: rendered(54, 35), reference });
      expect(verdicts(met)[searchRow]).toBe('met');
      expect(verdicts(met)[houseRow]).toBe('met');
      const search = met.find((r) => r.measure === searchRow)!;
      expect(search.value).toContain('46.0/s');
      expect(search.value).toContain('40.0 ms CPU');
      // The reference's own rate and the site's share of it.
      expect(search.value).toContain('0.115 of the bare Next.js page (400.0/s, 4.0 ms CPU)');
      const notMet = verdicts(rows({ search: rendered(45.9, 40), house: rendered(53.9, 35), reference }));
      expect(notMet[searchRow]).toBe('not met');
      expect(notMet[houseRow]).toBe('not met');
    });

    it('reads the host (every instance loaded) when the phase measured it, with one instance beside it', () => {
      const reference = rendered(400, 4);
      const host = {
        instances: 2,
        search: rendered(46, 40),
        house: rendered(53.9, 35),
        reference: rendered(700, 4),
      };
      const both = rows({ search: rendered(30, 40), house: rendered(60, 35), reference, host });
      expect(verdicts(both)[searchRow]).toBe('met');
      expect(verdicts(both)[houseRow]).toBe('not met');
      const search = both.find((r) => r.measure === searchRow)!;
      expect(search.value).toBe(
        '2 instances: 46.0/s, 40.0 ms CPU; 0.066 of the bare Next.js page (700.0/s, 4.0 ms CPU); ' +
          'one instance alone 30.0/s, 40.0 ms CPU',
      );
    });

    it('fails a load that rendered nothing new, whatever its rate', () => {
      const fromStore = { ...rendered(0, 1), stored: 900 };
      expect(verdicts(rows({ search: fromStore, house: fromStore }))[searchRow]).toBe('not met');
    });

    it('holds the site instance to 1.5 times the memory of next start', () => {
      const mb = 1024 * 1024;
      const memory = (site: number, next: number) =>
        rows({ siteRssBytes: site * mb, nextStartRssBytes: next * mb }).find((r) => r.measure === memoryRow)!;
      expect(memory(396, 264).verdict).toBe('met');
      expect(memory(381, 254).value).toBe('381 MB ÷ 254 MB = 1.50');
      expect(memory(397, 264).verdict).toBe('not met');
      expect(rows({ siteRssBytes: 300 * mb }).find((r) => r.measure === memoryRow)!.verdict).toBe('not met');
    });

    it('says "not run" without the phase and the reason when it was skipped', () => {
      expect(verdicts(rows(undefined))[searchRow]).toBe('not run');
      expect(verdicts(rows(undefined))[memoryRow]).toBe('not run');
      const skipped = rows({ skipped: 'no search or house links' });
      expect(skipped.find((r) => r.measure === houseRow)).toMatchObject({
        value: 'no search or house links',
        verdict: 'not met',
      });
    });
  });
});
