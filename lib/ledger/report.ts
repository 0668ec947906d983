import 'server-only';
import type { Db } from './db';

/**
 * What a partner asks of the ledger: per period and per campaign (source, medium, campaign, cid),
 * the landings, the bookings, their booked value, and bookings per landing. Days and months are
 * UTC calendar days. A combination with landings and no booking, or bookings and no counted
 * landing (a guest who came back without the link's tags), is listed too; tags that are absent
 * read as ''.
 */

export type ReportGrouping = 'day' | 'month';

export interface ReportQuery {
  /** YYYY-MM-DD, the first day included. */
  readonly from: string;
  /** YYYY-MM-DD, the last day included. */
  readonly to: string;
  readonly groupBy: ReportGrouping;
}

export interface ReportFigures {
  readonly visits: number;
  readonly bookings: number;
  readonly bookedValue: number;
  /** Bookings per landing; null without a counted landing. */
  readonly conversion: number | null;
}

export interface CampaignLine extends ReportFigures {
  readonly source: string;
  readonly medium: string;
  readonly campaign: string;
  readonly cid: string;
}

export interface ReportRow extends CampaignLine {
  /** YYYY-MM-DD or YYYY-MM. */
  readonly period: string;
}

const PERIOD_FORMAT: Record<ReportGrouping, string> = { day: 'YYYY-MM-DD', month: 'YYYY-MM' };

const REPORT = `
  WITH b AS (
    SELECT to_char(finalized_at AT TIME ZONE 'UTC', $3) AS period,
      coalesce(utm_source, '') AS source, coalesce(utm_medium, '') AS medium,
      coalesce(utm_campaign, '') AS campaign, coalesce(cid, '') AS cid,
      count(*)::int AS bookings, coalesce(sum(total_amount), 0)::float8 AS booked_value
    FROM ledger_bookings
    WHERE (finalized_at AT TIME ZONE 'UTC')::date BETWEEN $1::date AND $2::date
    GROUP BY 1, 2, 3, 4, 5),
  v AS (
    SELECT to_char(day, $3) AS period, utm_source AS source, utm_medium AS medium,
      utm_campaign AS campaign, cid, sum(visits)::int AS visits
    FROM ledger_visits
    WHERE day BETWEEN $1::date AND $2::date
    GROUP BY 1, 2, 3, 4, 5)
  SELECT period, source, medium, campaign, cid,
    coalesce(v.visits, 0)::int AS visits, coalesce(b.bookings, 0)::int AS bookings,
    coalesce(b.booked_value, 0)::float8 AS booked_value
  FROM b FULL OUTER JOIN v USING (period, source, medium, campaign, cid)
  ORDER BY period, source, medium, campaign, cid`;

/** A row as the database returns it: the report's names, booked_value in its SQL spelling. */
type Row = Omit<ReportRow, 'bookedValue' | 'conversion'> & { booked_value: number };

export async function queryLedgerReport(db: Db, query: ReportQuery): Promise<ReportRow[]> {
  const rows = await db.query<Row>(REPORT, [query.from, query.to, PERIOD_FORMAT[query.groupBy]]);
  return rows.map(({ booked_value, ...row }) => {
    const visits = Number(row.visits);
    const bookings = Number(row.bookings);
    const bookedValue = Math.round(Number(booked_value) * 100) / 100;
    return { ...row, visits, bookings, bookedValue, conversion: visits > 0 ? bookings / visits : null };
  });
}
