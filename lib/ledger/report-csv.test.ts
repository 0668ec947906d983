import { describe, expect, it } from 'vitest';
import { csvCell } from '@/lib/http/csv';
import { reportCsv } from './report-csv';
import { parseReportQuery } from './report-request';

describe('the report as CSV', () => {
  it('keeps a spreadsheet from reading a tag as a formula', () => {
    expect(['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', '\tx', 'news'].map(csvCell)).toEqual([
      `"'=HYPERLINK(""x"")"`,
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      'news',
    ]);
    // Numbers are numbers, negative or not.
    expect(csvCell(-3)).toBe('-3');
  });

  it('writes a header and a line per row, quoted where needed', () => {
    const csv = reportCsv([
      {
        period: '2027-03',
        source: 'news',
        medium: '',
        campaign: 'a,b',
        cid: 'p42',
        visits: 8,
        bookings: 2,
        bookedValue: 1625,
        conversion: 0.25,
      },
      {
        period: '2027-03',
        source: '',
        medium: '',
        campaign: '',
        cid: '',
        visits: 0,
        bookings: 1,
        bookedValue: 99.5,
        conversion: null,
      },
    ]);
    expect(csv).toBe(
      'period,source,medium,campaign,cid,visits,bookings,booked_value,conversion\r\n' +
        '2027-03,news,,"a,b",p42,8,2,1625.00,0.2500\r\n' +
        '2027-03,,,,,0,1,99.50,\r\n',
    );
  });
});

describe('the report query', () => {
  const now = Date.parse('2027-03-10T12:00:00Z');

  it('reads the last 30 days by day without dates', () => {
    expect(parseReportQuery(new URLSearchParams(), now)).toEqual({
      ok: true,
      query: { from: '2027-02-09', to: '2027-03-10', groupBy: 'day' },
    });
  });

  it('refuses dates that are not calendar days, a range that ends before it starts and an unknown grouping', () => {
    expect(parseReportQuery(new URLSearchParams('from=2027-02-30&to=2027-13-01&groupBy=week'), now)).toEqual({
      ok: false,
      errors: { from: ['invalid_date'], to: ['invalid_date'], groupBy: ['invalid_enum_value'] },
    });
    expect(parseReportQuery(new URLSearchParams('from=2027-03-10&to=2027-03-01'), now)).toEqual({
      ok: false,
      errors: { to: ['before_from'] },
    });
  });
});
