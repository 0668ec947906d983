/**
 * Calendar dates as whole days since 1970-01-01 (UTC). A stay is [startDay, endDay): endDay is
 * the departure day, whose night is not part of the stay. Working in day numbers keeps the
 * availability and pricing maths free of time zones.
 */

export type Day = number;

const MS_PER_DAY = 86_400_000;

export function dayFromMs(ms: number): Day {
  return Math.floor(ms / MS_PER_DAY);
}

/** The documented response form: midnight UTC, `YYYY-MM-DDTHH:MM:SS.SSSZ`. */
export function formatDay(day: Day): string {
  return new Date(day * MS_PER_DAY).toISOString();
}

/** `YYYY-MM-DD`, for messages and extra info. */
export function isoDate(day: Day): string {
  return formatDay(day).slice(0, 10);
}

/**
 * Reads `YYYY-MM-DD` or an ISO date-time. Only the calendar date as written counts: the time and
 * any offset are ignored, because stays are night-based and clients send `…T00:00:00.000Z`
 * (the time in the docs' examples is Swagger filler). Undefined for impossible dates.
 */
export function parseDay(text: string): Day | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text.trim());
  if (!match) return undefined;
  const [, y, m, d] = match;
  const year = Number(y);
  const month = Number(m);
  const date = Number(d);
  const ms = Date.UTC(year, month - 1, date);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) {
    return undefined;
  }
  return ms / MS_PER_DAY;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: Day): number {
  return (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

/** 1-12 and 1-31. */
export function monthAndDate(day: Day): { month: number; date: number } {
  const d = new Date(day * MS_PER_DAY);
  return { month: d.getUTCMonth() + 1, date: d.getUTCDate() };
}
