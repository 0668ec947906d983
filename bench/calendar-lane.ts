/**
 * The calendar-lane phase: guests in Chromium open house pages whose calendars ask for the price
 * under every arrival day (the spare lane, lib/upstream/shares.ts), one house after another and
 * each with a party nobody asked for before, so no price comes from the cache; meanwhile a guest
 * opens the first booking step of a bookable stay every few seconds. Counted: the days the
 * calendars priced, the partner's searches, its most calls in any 60 s and its 429s, and the
 * booking steps that showed the busy notice (the lane must take nothing from them).
 */
import { chromium, type Page } from '@playwright/test';
import type { Stay } from './links';
import { sandboxStats } from './load';
import { SANDBOX_URL } from './ports';

export interface CalendarLaneSettings {
  readonly siteUrl: string;
  readonly chromePath: string;
  readonly seconds: number;
  /** The bench's deep links: the houses are taken from them. */
  readonly links: readonly string[];
  /** A bookable stay, whose first booking step a guest opens every few seconds. */
  readonly stay: Stay;
}

export interface CalendarLaneFigures {
  readonly calendars: number;
  readonly pricedDays: number;
  readonly searches: number;
  readonly maxInAnyMinute: number;
  readonly rateLimited: number;
  readonly bookingPages: number;
  readonly bookingPagesBusy: number;
}

/** The designed busy state carries this id (components/ui/partner-busy-notice.tsx). */
const BUSY_SELECTOR = '#busy-heading';

/** Opens house pages one after another until `until`; returns how many and the days they priced. */
async function browseCalendars(page: Page, houseIds: readonly number[], until: number, offset: number) {
  let calendars = 0;
  let pricedDays = 0;
  for (let i = offset; Date.now() < until; i += 1) {
    const houseId = houseIds[i % houseIds.length]!;
    // A party of its own for every visit: 1 to 6 adults, 0 to 3 children.
    const party = `adults=${1 + (i % 6)}&child0512=${Math.floor(i / 6) % 4}`;
    await page
      .goto(`/en/houses/${houseId}?${party}`, { waitUntil: 'load', timeout: 30_000 })
      .catch(() => undefined);
    // The calendar asks again while days are pending; give it a few of its asks.
    await page.waitForTimeout(Math.min(8_000, Math.max(0, until - Date.now())));
    pricedDays += await page
      .getByRole('grid')
      .getByRole('button', { name: /€\s?[\d.,]+ for \d+ night/ })
      .count()
      .catch(() => 0);
    calendars += 1;
  }
  return { calendars, pricedDays };
}

async function openBookingSteps(page: Page, stay: Stay, until: number) {
  const path = `/en/book/${stay.houseId}?startDate=${stay.startDate}&endDate=${stay.endDate}`;
  let opened = 0;
  let busy = 0;
  while (Date.now() < until) {
    await page.goto(path, { waitUntil: 'load', timeout: 30_000 }).catch(() => undefined);
    opened += 1;
    if (
      (await page
        .locator(BUSY_SELECTOR)
        .count()
        .catch(() => 0)) > 0
    )
      busy += 1;
    await page.waitForTimeout(3_000);
  }
  return { opened, busy };
}

export async function runCalendarLane(settings: CalendarLaneSettings): Promise<CalendarLaneFigures> {
  const browser = await chromium.launch({ executablePath: settings.chromePath, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ baseURL: settings.siteUrl });
    const houseIds = [
      ...new Set(settings.links.flatMap((l) => /\/houses\/(\d+)/.exec(l)?.slice(1, 2) ?? [])),
    ].map(Number);
    // The partner's counts from here on: its most calls in any 60 s are this phase's.
    await fetch(`${SANDBOX_URL}/__sandbox/reset`, { method: 'POST' });
    const until = Date.now() + settings.seconds * 1000;
    const guests = await Promise.all([0, 1, 2].map(() => context.newPage()));
    const booking = await context.newPage();
    const [browsing, steps] = await Promise.all([
      Promise.all(guests.map((page, i) => browseCalendars(page, houseIds, until, i * 7))),
      openBookingSteps(booking, settings.stay, until),
    ]);
    const stats = await sandboxStats();
    return {
      calendars: browsing.reduce((sum, b) => sum + b.calendars, 0),
      pricedDays: browsing.reduce((sum, b) => sum + b.pricedDays, 0),
      searches: stats.calls.byOperation.searchHouses ?? 0,
      maxInAnyMinute: stats.maxCallsInAnyMinute,
      rateLimited: stats.rateLimited,
      bookingPages: steps.opened,
      bookingPagesBusy: steps.busy,
    };
  } finally {
    await browser.close();
  }
}

export function printCalendarLane(figures: CalendarLaneFigures): void {
  console.log(
    `\ncalendar lane: ${figures.calendars} calendars priced ${figures.pricedDays} days with ${figures.searches} ` +
      `partner searches; partner max ${figures.maxInAnyMinute} calls in any 60 s, ${figures.rateLimited} × 429; ` +
      `${figures.bookingPagesBusy} of ${figures.bookingPages} booking steps "busy"`,
  );
}
