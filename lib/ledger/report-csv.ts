import { csvDocument } from '@/lib/http/csv';
import type { ReportRow } from './report';

/**
 * The report as CSV for a spreadsheet. Campaign tags come from links anyone can write; the cells
 * are escaped against formula injection by the shared writer (lib/http/csv.ts).
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

export function reportCsv(rows: readonly ReportRow[]): string {
  return csvDocument(
    HEADER,
    rows.map((r) => [
      r.period,
      r.source,
      r.medium,
      r.campaign,
      r.cid,
      r.visits,
      r.bookings,
      r.bookedValue.toFixed(2),
      r.conversion === null ? null : r.conversion.toFixed(4),
    ]),
  );
}
