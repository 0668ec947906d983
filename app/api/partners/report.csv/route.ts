import { handle } from '@/lib/http/json';
import { answerReportCsv } from '@/lib/ledger/report-request';

export const dynamic = 'force-dynamic';

/** The partner's bookings and landings per campaign as CSV (docs/ledger.md), behind PARTNER_REPORT_TOKEN. */
export function GET(req: Request) {
  return handle('api.partners.report', () => answerReportCsv(req));
}
