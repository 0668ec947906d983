/**
 * The shared-address phase: guests behind one address (a family's router, an office, a hotel's
 * Wi-Fi) browse as people do, in Chromium. Each guest has a browser of their own (so the site's
 * script gives each its own mark) and opens a search nobody has asked for yet, then ten of its
 * results in new tabs a second apart: one guest after the other (the target), or all at once. Every request comes from the same
 * address (X-Forwarded-For, read with TRUST_PROXY=1). Counted: the pages that showed the "busy"
 * notice and the site's own API answers 503, and the partner calls the guests cost.
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';

export interface SharedAddressSettings {
  readonly siteUrl: string;
  readonly chromePath: string;
  readonly guests: number;
  readonly tabsPerGuest: number;
  /** Partner calls so far (the sandbox's count). */
  readonly partnerCalls: () => Promise<number>;
  /** Arrival of the first guest's search, days from today; each further guest a week later. */
  readonly firstArrivalDays: number;
  /** The guests open their tabs at the same time (interleaved), not one guest after the other. */
  readonly together: boolean;
}

export interface SharedAddressFigures {
  readonly guests: number;
  readonly together: boolean;
  readonly pages: number;
  /** Pages that showed the busy notice, and the site's API answers 503 the pages' scripts met. */
  readonly busyPages: number;
  readonly busyApi: number;
  /** The API paths (ids left out) that answered 503, each with its problem's code. */
  readonly busyPaths?: readonly string[];
  readonly partnerCalls: number;
  readonly seconds: number;
  /** Why the phase measured nothing, when it did not. */
  readonly skipped?: string;
}

/** One address for every guest of the phase, outside the addresses the other phases use. */
const SHARED_ADDRESS = '203.0.113.77';

/** The designed busy state carries this id (components/ui/partner-busy-notice.tsx). */
const BUSY_SELECTOR = '#busy-heading';

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

interface Guest {
  readonly context: BrowserContext;
  readonly pages: Page[];
  busyApi: number;
  readonly busyPaths: string[];
}

async function openGuest(browser: Browser, siteUrl: string): Promise<Guest> {
  const context = await browser.newContext({
    baseURL: siteUrl,
    extraHTTPHeaders: { 'x-forwarded-for': SHARED_ADDRESS },
    viewport: { width: 1280, height: 800 },
  });
  const guest: Guest = { context, pages: [], busyApi: 0, busyPaths: [] };
  context.on('response', async (response) => {
    const { pathname } = new URL(response.url());
    if (response.status() === 503 && pathname.startsWith('/api/')) {
      guest.busyApi += 1;
      // The problem's code says which limit answered: the quota or a share, a partner pause, or
      // the partner (or the shared store) unavailable.
      const code = await response
        .json()
        .then((problem: { code?: unknown }) => (typeof problem.code === 'string' ? problem.code : 'no code'))
        .catch(() => 'no body');
      guest.busyPaths.push(`${pathname.replace(/\d+/g, '{id}')} ${code}`);
    }
  });
  return guest;
}

/** Days a guest moves the arrival on when a search finds nothing: one of each weekday. */
const ARRIVALS_TRIED = 7;

/**
 * A search page the guest opens, and the house links of its first results. A search that finds
 * no house (the parks take arrivals on some weekdays only) is tried again a day later, as a
 * guest would, at most a week on, so each guest keeps to a week of arrivals of their own.
 */
async function search(guest: Guest, arrivalDays: number, tabs: number): Promise<string[]> {
  for (let day = arrivalDays; day < arrivalDays + ARRIVALS_TRIED; day++) {
    const page = await guest.context.newPage();
    guest.pages.push(page);
    const query = `startDate=${isoDay(day)}&endDate=${isoDay(day + 3)}&adults=2`;
    await page.goto(`/en/search?${query}`, { waitUntil: 'load', timeout: 30_000 });
    const hrefs = await page
      .locator('a[href*="/houses/"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).getAttribute('href') ?? ''));
    const found = [...new Set(hrefs.filter((href) => href.includes('startDate=')))].slice(0, tabs);
    if (found.length > 0) return found;
  }
  return [];
}

async function openTab(guest: Guest, href: string): Promise<void> {
  const page = await guest.context.newPage();
  guest.pages.push(page);
  await page.goto(href, { waitUntil: 'load', timeout: 30_000 }).catch(() => undefined);
}

export async function runSharedAddress(settings: SharedAddressSettings): Promise<SharedAddressFigures> {
  const browser = await chromium.launch({ executablePath: settings.chromePath, args: ['--no-sandbox'] });
  const started = Date.now();
  const before = await settings.partnerCalls();
  try {
    const guests = await Promise.all(
      Array.from({ length: settings.guests }, () => openGuest(browser, settings.siteUrl)),
    );
    const links = await Promise.all(
      guests.map((guest, i) =>
        search(guest, settings.firstArrivalDays + ARRIVALS_TRIED * i, settings.tabsPerGuest),
      ),
    );
    if (links.some((list) => list.length === 0)) {
      return {
        guests: guests.length,
        together: settings.together,
        pages: 0,
        busyPages: 0,
        busyApi: 0,
        partnerCalls: 0,
        seconds: 0,
        skipped: 'a search found no houses',
      };
    }
    // A tab a second per guest: one guest after the other, or all at once (their tabs interleaved).
    const opened: Promise<void>[] = [];
    const order = settings.together
      ? Array.from({ length: settings.tabsPerGuest }, (_, tab) =>
          guests.map((_, i) => [i, tab] as const),
        ).flat()
      : guests.flatMap((_, i) =>
          Array.from({ length: settings.tabsPerGuest }, (_, tab) => [i, tab] as const),
        );
    const pause = settings.together ? 1000 / guests.length : 1000;
    for (const [i, tab] of order) {
      const href = links[i]![tab];
      if (href) opened.push(openTab(guests[i]!, href));
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
    await Promise.all(opened);
    // The pages' own scripts (calendar, price) have their second to ask for what they show.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const pages = guests.flatMap((guest) => guest.pages);
    const busy = await Promise.all(
      pages.map((page) =>
        page
          .locator(BUSY_SELECTOR)
          .count()
          .catch(() => 0),
      ),
    );
    return {
      guests: guests.length,
      together: settings.together,
      pages: pages.length,
      busyPages: busy.filter((count) => count > 0).length,
      busyApi: guests.reduce((sum, guest) => sum + guest.busyApi, 0),
      busyPaths: [...new Set(guests.flatMap((guest) => guest.busyPaths))],
      partnerCalls: (await settings.partnerCalls()) - before,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await browser.close();
  }
}

export function printSharedAddress(figures: SharedAddressFigures): void {
  if (figures.skipped) {
    console.log(`\nshared address: not measured (${figures.skipped})`);
    return;
  }
  console.log(
    `\nshared address: ${figures.guests} guests behind one address ${figures.together ? 'at the same time' : 'one after the other'}, ${figures.pages} pages in ` +
      `${figures.seconds.toFixed(0)} s: ${figures.busyPages} pages "busy", ${figures.busyApi} API answers 503; ` +
      `${figures.partnerCalls} partner calls` +
      (figures.busyPaths?.length ? ` (503 from ${figures.busyPaths.join(', ')})` : ''),
  );
}
