import { handle } from '@/lib/http/json';
import { answerReportSession } from '@/lib/marketing/report-session';

export const dynamic = 'force-dynamic';

/** Signs a partner in to (or out of) the report page with the report token (docs/ledger.md). */
export function POST(req: Request) {
  return handle('api.partners.reportSession', () => answerReportSession(req));
}
