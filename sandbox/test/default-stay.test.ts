import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, P, openSandbox, type Api } from './helpers';
import { PARKS } from '../src/park-data';
import { parseDay } from '../src/dates';
import { stayRule } from '../src/seasons';

interface SearchBody {
  houseList: { houseId: number; parkId?: number; price?: { startDate?: string; endDate?: string } }[];
}

const DOCUMENTED_NIGHTS = 2;
/** A Thursday in January (low season everywhere) and a Wednesday in July (high season). */
const JANUARY = Date.UTC(2026, 0, 15, 10);
const JULY = Date.UTC(2026, 6, 1, 10);

function day(iso: string | undefined): number {
  const d = parseDay((iso ?? '').slice(0, 10));
  if (d === undefined) throw new Error(`not a date: ${iso}`);
  return d;
}

function parkOf(parkId: number | undefined) {
  const park = PARKS.find((p) => p.id === parkId);
  if (!park) throw new Error(`no park ${parkId}`);
  return park;
}

/** Nights of every house's default stay, and the park minimum for its arrival. */
async function defaultStays(api: Api) {
  const body = await api.json<SearchBody>(await api.get(`${P}/searchHouses`));
  return body.houseList.map((h) => {
    const start = day(h.price?.startDate);
    return {
      houseId: h.houseId,
      start,
      end: day(h.price?.endDate),
      nights: day(h.price?.endDate) - start,
      minimum: stayRule(parkOf(h.parkId), start).minNights,
    };
  });
}

let january: Api;
let july: Api;
beforeAll(async () => {
  january = await openSandbox({ now: () => JANUARY });
  july = await openSandbox({ now: () => JULY });
});
afterAll(async () => {
  await january.sandbox.close();
  await july.sandbox.close();
});

describe('the default stay when no dates are given', () => {
  it('is the documented 2 nights, or exactly the park minimum where that arrival requires more', async () => {
    const lengths = new Set<string>();
    for (const api of [january, july]) {
      const stays = await defaultStays(api);
      expect(stays.length).toBeGreaterThan(20);
      for (const s of stays) {
        expect(s.nights, `house ${s.houseId}`).toBe(Math.max(DOCUMENTED_NIGHTS, s.minimum));
        lengths.add(s.nights === DOCUMENTED_NIGHTS ? 'documented' : 'park minimum');
      }
    }
    // Both cases really occur, so the check above covers both.
    expect([...lengths].sort()).toEqual(['documented', 'park minimum']);
  });

  it('starts at least 4 days after today', async () => {
    for (const [api, now] of [
      [january, JANUARY],
      [july, JULY],
    ] as const) {
      const today = Math.floor(now / DAY_MS);
      for (const s of await defaultStays(api))
        expect(s.start - today, `house ${s.houseId}`).toBeGreaterThanOrEqual(4);
    }
  });

  it('is stated in the answer, in both field modes: units without dates carry the same stay as the search price', async () => {
    const stays = await defaultStays(july);
    // One house of each default length, in different parks.
    const picks = [...new Map(stays.map((s) => [s.nights, s])).values()];
    expect(picks.length).toBeGreaterThan(1);
    for (const mode of ['full', 'seed'] as const) {
      await july.hook('/fields', 'POST', { mode });
      for (const s of picks) {
        const units = await july.json<{ startDate: string; endDate: string }[]>(
          await july.get(`${P}/availableHouseUnits?houseId=${s.houseId}`),
        );
        expect(units.length, `house ${s.houseId}`).toBeGreaterThan(0);
        for (const u of units) expect([day(u.startDate), day(u.endDate)]).toEqual([s.start, s.end]);
      }
    }
    await july.hook('/reset', 'POST');
  });

  it('with a start date but no end date, lasts 2 nights where the park allows it and its minimum where not', async () => {
    const stays = await defaultStays(january);
    const short = stays.find((s) => s.minimum <= DOCUMENTED_NIGHTS);
    const long = stays.find((s) => s.minimum > DOCUMENTED_NIGHTS);
    for (const s of [short, long]) {
      if (!s) throw new Error('expected both a 2-night park and a longer-minimum park in January');
      const startDate = new Date(s.start * DAY_MS).toISOString().slice(0, 10);
      const units = await january.json<{ endDate: string }[]>(
        await january.get(`${P}/availableHouseUnits?houseId=${s.houseId}&startDate=${startDate}`),
      );
      expect(units.length).toBeGreaterThan(0);
      expect(day(units[0]?.endDate) - s.start).toBe(Math.max(DOCUMENTED_NIGHTS, s.minimum));
    }
  });
});
