import 'server-only';
import { checkOperatorAccess } from '@/lib/metrics/access';
import { fieldProblem, problem } from '@/lib/http/problem';
import { getLedger } from './ledger';
import { reportCookieIn, reportCookieOpens } from './report-access';
import { queryLedgerReport, type ReportQuery } from './report';
import { reportCsv } from './report-csv';

/**
 * GET /api/partners/report.csv?from=YYYY-MM-DD&to=YYYY-MM-DD[&groupBy=day|month]: the ledger's
 * report as CSV, for whoever sends `Authorization: Bearer <PARTNER_REPORT_TOKEN>` (compared in
 * constant time) or the report page's sign-in cookie. Without a token configured, or with the
 * ledger off, there is no report (404).
 * Without dates: the last 30 days, today included, by day.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Ten years a request, the most a retention can sensibly keep for a report. */
const MAX_DAYS = 3_660;

function isDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return DAY.test(value) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

const dayBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

export type ParsedReportQuery =
  { ok: true; query: ReportQuery } | { ok: false; errors: Record<string, string[]> };

export function parseReportQuery(params: URLSearchParams, now = Date.now()): ParsedReportQuery {
  const today = new Date(now).toISOString().slice(0, 10);
  const to = params.get('to') ?? today;
  const from = params.get('from') ?? (isDay(to) ? dayBefore(to, 29) : '');
  const groupBy = params.get('groupBy') ?? 'day';
  const errors: Record<string, string[]> = {};
  if (!isDay(from)) errors.from = ['invalid_date'];
  if (!isDay(to)) errors.to = ['invalid_date'];
  if (groupBy !== 'day' && groupBy !== 'month') errors.groupBy = ['invalid_enum_value'];
  if (!errors.from && !errors.to) {
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (days < 0) errors.to = ['before_from'];
    else if (days >= MAX_DAYS) errors.to = ['range_too_long'];
  }
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, query: { from, to, groupBy: groupBy as ReportQuery['groupBy'] } };
}

export async function answerReportCsv(req: Request): Promise<Response> {
  const ledger = getLedger();
  if (ledger === null) return problem({ status: 404, code: 'not_found', title: 'Not found.' });
  const token = ledger.settings.reportToken;
  // The report page links here: its sign-in cookie opens the CSV like the bearer header does.
  const signedIn = token !== undefined && reportCookieOpens(reportCookieIn(req.headers.get('cookie')), token);
  const refused = signedIn ? null : checkOperatorAccess(req, token);
  if (refused) return refused;
  const parsed = parseReportQuery(new URL(req.url).searchParams);
  if (!parsed.ok) return fieldProblem(parsed.errors);
  const { query } = parsed;
  const rows = await queryLedgerReport(await ledger.db(), query);
  return new Response(reportCsv(rows), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="report-${query.from}-${query.to}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
