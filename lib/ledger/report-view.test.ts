import { describe, expect, it } from 'vitest';
import type { ReportRow } from './report';
import { reportPeriods, reportView } from './report-view';

const row = (
  period: string,
  campaign: string,
  visits: number,
  bookings: number,
  bookedValue: number,
): ReportRow => ({
  period,
  source: 'newsletter',
  medium: 'email',
  campaign,
  cid: '',
  visits,
  bookings,
  bookedValue,
  conversion: visits > 0 ? bookings / visits : null,
});

describe('the report page’s periods', () => {
  it('lists every day of the range, the first and last included', () => {
    expect(reportPeriods({ from: '2027-02-27', to: '2027-03-02', groupBy: 'day' })).toEqual([
      '2027-02-27',
      '2027-02-28',
      '2027-03-01',
      '2027-03-02',
    ]);
  });

  it('lists every month the range touches, across a year’s end', () => {
    expect(reportPeriods({ from: '2026-11-15', to: '2027-01-03', groupBy: 'month' })).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
    ]);
  });
});

describe('the report page’s view of the ledger rows', () => {
  const query = { from: '2027-05-01', to: '2027-05-03', groupBy: 'day' } as const;
  const rows = [
    row('2027-05-01', 'may', 10, 1, 500),
    row('2027-05-03', 'may', 10, 2, 700.5),
    row('2027-05-03', 'june', 0, 1, 300),
    row('2027-05-01', 'spring', 8, 0, 0),
  ];

  it('adds each campaign’s periods into one line, the most booked value first', () => {
    const { lines } = reportView(rows, query);
    expect(lines.map((l) => [l.campaign, l.visits, l.bookings, l.bookedValue])).toEqual([
      ['may', 20, 3, 1200.5],
      ['june', 0, 1, 300],
      ['spring', 8, 0, 0],
    ]);
    expect(lines[0]!.conversion).toBeCloseTo(0.15);
    expect(lines[1]!.conversion).toBeNull();
    expect(lines[2]!.conversion).toBe(0);
  });

  it('totals every line, with the conversion of all landings together', () => {
    const { totals } = reportView(rows, query);
    expect(totals).toEqual({ visits: 28, bookings: 4, bookedValue: 1500.5, conversion: 4 / 28 });
    expect(reportView([], query).totals).toEqual({
      visits: 0,
      bookings: 0,
      bookedValue: 0,
      conversion: null,
    });
  });

  it('gives one bar per period, empty periods included, sized against the busiest', () => {
    const { bars } = reportView(rows, query);
    expect(bars).toEqual([
      { period: '2027-05-01', bookings: 1, visits: 18, share: 1 / 3 },
      { period: '2027-05-02', bookings: 0, visits: 0, share: 0 },
      { period: '2027-05-03', bookings: 3, visits: 10, share: 1 },
    ]);
  });

  it('draws no bar taller than nothing when nothing was booked', () => {
    expect(reportView([row('2027-05-02', 'x', 4, 0, 0)], query).bars.map((b) => b.share)).toEqual([0, 0, 0]);
  });
});
