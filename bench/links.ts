/**
 * What the bench asks for: a few hundred deep links, the pages the
 * comparisons and Lighthouse measure, and a stay the sandbox can book. Read from the sandbox
 * directly, so finding them spends none of the site's quota.
 */
import { LOCALES } from '../lib/i18n/locales';
import { mulberry32 } from '../sandbox/src/prng';
import { SANDBOX_URL } from './ports';

export function isoDay(offsetDays: number): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

async function sandboxJson(pathname: string, init?: RequestInit): Promise<unknown> {
  const res = await fetch(`${SANDBOX_URL}${pathname}`, {
    ...init,
    headers: { 'x-security-key': 'demo-key', 'x-partner': 'demo-partner', ...(init?.headers ?? {}) },
  });
  return res.json();
}

/** A few hundred deep links: searches over dates and parties, and house pages. */
export async function buildLinks(): Promise<string[]> {
  const houses = (await sandboxJson('/bungalow/api/v1/booking/parkActiveHouses')) as Array<{ id: number }>;
  const rand = mulberry32(7);
  const links: string[] = [];
  const parties = ['adults=2', 'adults=2&child0512=2', 'adults=4', 'adults=2&pets=1', 'adults=6', ''];
  for (let i = 0; i < 220; i++) {
    const startOffset = 5 + Math.floor(rand() * 150);
    const nights = [2, 3, 4, 7][Math.floor(rand() * 4)]!;
    const party = parties[Math.floor(rand() * parties.length)]!;
    const locale = LOCALES[Math.floor(rand() * LOCALES.length)]!;
    const dates =
      i % 11 === 0 ? '' : `startDate=${isoDay(startOffset)}&endDate=${isoDay(startOffset + nights)}`;
    links.push(`/${locale}/search?${[dates, party].filter(Boolean).join('&')}`);
  }
  for (let i = 0; i < 120 && houses.length > 0; i++) {
    const house = houses[Math.floor(rand() * houses.length)]!;
    const locale = LOCALES[Math.floor(rand() * LOCALES.length)]!;
    links.push(`/${locale}/houses/${house.id}`);
  }
  return [...new Set(links)];
}

export interface Stay {
  houseId: number;
  startDate: string;
  endDate: string;
}

/** The sandbox as the partner, for test data; a 429 (the quota the site shares) is waited out. */
async function partnerRead<T>(pathAndQuery: string): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${SANDBOX_URL}/bungalow/api/v1/booking/${pathAndQuery}`, {
      headers: { 'x-security-key': 'demo-key', 'x-partner': 'demo-partner', language: 'EN' },
      signal: AbortSignal.timeout(20_000),
    });
    if (res.ok) return (await res.json()) as T;
    if (res.status !== 429 || attempt >= 3)
      throw new Error(`sandbox answered ${res.status} to ${pathAndQuery}`);
    await new Promise((r) => setTimeout(r, 1000 * Math.min(30, Number(res.headers.get('retry-after') ?? 5))));
  }
}

/**
 * A stay the sandbox can book (a free unit, no reservation on it), a month or more ahead, found
 * the way the browser tests find theirs: a few houses, a few start dates each.
 */
export async function findBookableStay(): Promise<Stay> {
  const taken = (await (await fetch(`${SANDBOX_URL}/__sandbox/reservations`)).json()) as Array<{
    houseId: number;
    startDate: string;
    endDate: string;
  }>;
  const { houseList } = await partnerRead<{ houseList?: { houseId: number }[] }>('searchHouses?adults=2');
  for (const { houseId } of (houseList ?? []).slice(0, 5)) {
    const house = await partnerRead<{ availableStartDates?: string[] }>(`houseDetails/${houseId}?adults=2`);
    const starts = (house.availableStartDates ?? [])
      .map((d) => d.slice(0, 10))
      .filter((d) => d >= isoDay(30));
    for (const start of starts.slice(0, 3)) {
      const withStart = await partnerRead<{ availableEndDates?: string[] }>(
        `houseDetails/${houseId}?adults=2&startDate=${start}`,
      );
      const end = withStart.availableEndDates?.[0]?.slice(0, 10);
      if (!end) continue;
      const clash = taken.some(
        (r) => r.houseId === houseId && r.startDate.slice(0, 10) < end && start < r.endDate.slice(0, 10),
      );
      if (clash) continue;
      const units = await partnerRead<unknown[]>(
        `availableHouseUnits?houseId=${houseId}&adults=2&startDate=${start}&endDate=${end}`,
      );
      if (units.length > 0) return { houseId, startDate: start, endDate: end };
    }
  }
  throw new Error('no bookable stay found in the sandbox');
}

/** The most popular English search with dates, and the most popular English house page. */
export function pickPages(links: readonly string[]): { search: string; house: string } {
  return {
    search:
      links.find((l) => l.startsWith('/en/search?startDate=')) ??
      `/en/search?startDate=${isoDay(30)}&endDate=${isoDay(33)}&adults=2`,
    house: links.find((l) => l.startsWith('/en/houses/')) ?? '/en/houses/1',
  };
}
