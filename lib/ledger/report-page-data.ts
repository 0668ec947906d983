import 'server-only';
import { getLedger } from './ledger';
import { reportCookieOpens } from './report-access';
import { queryLedgerReport, type ReportQuery } from './report';
import { parseReportQuery } from './report-request';
import { reportView, type ReportView } from './report-view';

/**
 * What the partner report page shows for a request: nothing (no report token, or the ledger
 * off: the page is a 404), the sign-in form, or the report for the asked range. Dates that are
 * not a range show the default range and say so.
 */
export type ReportPageState =
  | { readonly kind: 'absent' }
  | { readonly kind: 'sign-in'; readonly error: 'wrong' | 'limited' | null }
  | {
      readonly kind: 'report';
      readonly query: ReportQuery;
      readonly view: ReportView;
      readonly invalidRange: boolean;
    };

export interface ReportPageRequest {
  /** The report cookie's value, if the browser sent one. */
  readonly cookie: string | undefined;
  readonly params: URLSearchParams;
  readonly now?: number;
}

export async function loadReportPage({
  cookie,
  params,
  now = Date.now(),
}: ReportPageRequest): Promise<ReportPageState> {
  const ledger = getLedger();
  const token = ledger?.settings.reportToken;
  if (!ledger || token === undefined) return { kind: 'absent' };
  if (!reportCookieOpens(cookie, token, now)) {
    const error = params.get('error');
    return { kind: 'sign-in', error: error === 'limited' ? 'limited' : error === null ? null : 'wrong' };
  }
  const asked = new URLSearchParams();
  for (const name of ['from', 'to', 'groupBy']) {
    const value = params.get(name);
    // An empty field of the GET form means "the default", as leaving the parameter out does.
    if (value) asked.set(name, value);
  }
  const parsed = parseReportQuery(asked, now);
  const fallback = parseReportQuery(new URLSearchParams(), now);
  const query = parsed.ok ? parsed.query : fallback.ok ? fallback.query : null;
  if (query === null) throw new Error('the default report range is always valid');
  const rows = await queryLedgerReport(await ledger.db(), query);
  return { kind: 'report', query, view: reportView(rows, query), invalidRange: !parsed.ok };
}
