import 'server-only';
import type { CalendarDate } from '@/lib/booking/dates';
import type { Unit } from '@/lib/booking/types';
import { changeTakenUnits, readTakenUnits, type TakenUnit } from '../records/store';

/**
 * Units this site has just held or booked. The partner's unit availability is cached for up to
 * half an hour (stale-if-error), so right after a booking the cache can still offer the unit for
 * those nights. The flow subtracts what it knows is taken; the partner stays the authority (a
 * unit it refuses answers 409 at pre-register). An entry lives as long as the hold, or, once
 * booked, as long as a cached availability answer can be.
 */

/** Longer than the partner cache's stale-if-error age for unit availability (30 min). */
export const BOOKED_TTL_MS = 35 * 60_000;
/** A unit the partner refused with 409: keep it out of the list for a while. */
export const REFUSED_TTL_MS = 5 * 60_000;

const overlaps = (e: Pick<TakenUnit, 'start' | 'end'>, start: CalendarDate, end: CalendarDate) =>
  e.start < end && start < e.end;

/** Records (or, with `until` in the past, removes) what `owner` holds; best effort, never throws. */
export async function markTaken(
  houseId: number,
  entry: { unitId: number; start: CalendarDate; end: CalendarDate; until: number; owner: string },
  now = Date.now(),
): Promise<void> {
  try {
    await changeTakenUnits(
      houseId,
      (standing) => [...standing.filter((e) => e.owner !== entry.owner), entry],
      now,
    );
  } catch {
    // The overlay only improves what is shown; the partner still refuses a taken unit.
  }
}

export async function releaseTaken(houseId: number, owner: string): Promise<void> {
  await markTaken(houseId, { unitId: 0, start: '', end: '', until: 0, owner });
}

/** Ids of units held or booked by other sessions during [start, end). */
export async function takenUnitIds(
  houseId: number,
  start: CalendarDate,
  end: CalendarDate,
  owner: string | undefined,
  now = Date.now(),
): Promise<Set<number>> {
  try {
    const entries = await readTakenUnits(houseId, now);
    return new Set(entries.filter((e) => e.owner !== owner && overlaps(e, start, end)).map((e) => e.unitId));
  } catch {
    return new Set();
  }
}

/** The partner's free units, minus those taken by others, plus the session's own held unit. */
export function adjustUnits(units: readonly Unit[], taken: ReadonlySet<number>, own: Unit | null): Unit[] {
  const free = units.filter((u) => !taken.has(u.id));
  return own && !free.some((u) => u.id === own.id) ? [...free, own] : free;
}
