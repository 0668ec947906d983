import type { ReportRow } from './report';

/**
 * The report as CSV (RFC 4180) for a spreadsheet. Campaign tags come from links anyone can write,
 * so a cell that a spreadsheet would read as a formula (starting with = + - @, or a tab or
 * carriage return) gets a leading apostrophe, and is then quoted like any other cell.
 */

const HEADER = [
  'period',
  'source',
  'medium',
  'campaign',
  'cid',
  'visits',
  'bookings',
  'booked_value',
  'conversion',
];

export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function reportCsv(rows: readonly ReportRow[]): string {
  const lines = [HEADER.join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.period,
        r.source,
        r.medium,
        r.campaign,
        r.cid,
        r.visits,
        r.bookings,
        r.bookedValue.toFixed(2),
        r.conversion === null ? null : r.conversion.toFixed(4),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
