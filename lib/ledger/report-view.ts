import type { CampaignLine, ReportFigures, ReportQuery, ReportRow } from './report';

/**
 * What the partner report page shows of the ledger's rows (lib/ledger/report.ts): one line per
 * campaign (source, medium, campaign, cid) over the whole range, their totals, and one bar of
 * bookings per period of the range, periods without a row included so the time axis is even.
 */

export interface ChartBar {
  readonly period: string;
  readonly bookings: number;
  readonly visits: number;
  /** The bar's height as a share of the busiest period's, 0–1. */
  readonly share: number;
}

export interface ReportView {
  readonly lines: CampaignLine[];
  readonly totals: ReportFigures;
  readonly bars: ChartBar[];
}

const DAY_MS = 86_400_000;

/** Every period of the range: its days (YYYY-MM-DD) or the months it touches (YYYY-MM), UTC. */
export function reportPeriods(query: ReportQuery): string[] {
  const periods: string[] = [];
  if (query.groupBy === 'day') {
    for (
      let t = Date.parse(`${query.from}T00:00:00Z`);
      t <= Date.parse(`${query.to}T00:00:00Z`);
      t += DAY_MS
    ) {
      periods.push(new Date(t).toISOString().slice(0, 10));
    }
    return periods;
  }
  let [year, month] = query.from.split('-').map(Number) as [number, number];
  const last = query.to.slice(0, 7);
  for (;;) {
    const period = `${year}-${String(month).padStart(2, '0')}`;
    periods.push(period);
    if (period >= last) return periods;
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
}

const conversionOf = (visits: number, bookings: number) => (visits > 0 ? bookings / visits : null);
// Sums of amounts in cents, so adding many rows leaves no float dust in the money shown.
const addMoney = (a: number, b: number) => Math.round(a * 100 + b * 100) / 100;

export function reportView(rows: readonly ReportRow[], query: ReportQuery): ReportView {
  const byCampaign = new Map<string, CampaignLine>();
  const byPeriod = new Map<string, { bookings: number; visits: number }>();
  let totals = { visits: 0, bookings: 0, bookedValue: 0 };
  for (const row of rows) {
    const key = JSON.stringify([row.source, row.medium, row.campaign, row.cid]);
    const line = byCampaign.get(key) ?? { ...row, visits: 0, bookings: 0, bookedValue: 0, conversion: null };
    byCampaign.set(key, {
      source: line.source,
      medium: line.medium,
      campaign: line.campaign,
      cid: line.cid,
      visits: line.visits + row.visits,
      bookings: line.bookings + row.bookings,
      bookedValue: addMoney(line.bookedValue, row.bookedValue),
      conversion: null,
    });
    const period = byPeriod.get(row.period) ?? { bookings: 0, visits: 0 };
    byPeriod.set(row.period, {
      bookings: period.bookings + row.bookings,
      visits: period.visits + row.visits,
    });
    totals = {
      visits: totals.visits + row.visits,
      bookings: totals.bookings + row.bookings,
      bookedValue: addMoney(totals.bookedValue, row.bookedValue),
    };
  }
  const lines = [...byCampaign.values()]
    .map((line) => ({ ...line, conversion: conversionOf(line.visits, line.bookings) }))
    .sort(
      (a, b) =>
        b.bookedValue - a.bookedValue ||
        b.bookings - a.bookings ||
        b.visits - a.visits ||
        [a.source, a.medium, a.campaign, a.cid]
          .join('\u0000')
          .localeCompare([b.source, b.medium, b.campaign, b.cid].join('\u0000')),
    );
  const counts = reportPeriods(query).map((period) => ({
    period,
    ...(byPeriod.get(period) ?? { bookings: 0, visits: 0 }),
  }));
  const most = Math.max(0, ...counts.map((c) => c.bookings));
  return {
    lines,
    totals: { ...totals, conversion: conversionOf(totals.visits, totals.bookings) },
    bars: counts.map((c) => ({ ...c, share: most > 0 ? c.bookings / most : 0 })),
  };
}
