/**
 * Which units are free when. Seeded occupancy is a pure function of (seed, unit, date), so
 * nothing is stored for it; holds and reservations made through the API come from the
 * reservation store. Arrival-day and minimum-stay rules decide which stays can be booked at all.
 */
import type { ParkDef } from './park-data';
import type { Catalogue, House, Unit } from './catalogue';
import type { Day } from './dates';
import { hashUnit } from './prng';
import { allowsArrival, defaultNights, seasonOf, stayRule } from './seasons';

export const MAX_NIGHTS = 28;
/** How far ahead stays can be booked (about 18 months). */
export const BOOKING_HORIZON_DAYS = 548;
/** Default stays start at least this many days after today (documented default). */
export const DEFAULT_LEAD_DAYS = 4;
/** How far availableStartDates looks ahead (about 6 months). */
export const START_DATES_WINDOW_DAYS = 183;

/** Length of the cells in which the seeded bookings are laid out. */
const CELL = 12;
const BOOKING_PROBABILITY = { low: 0.66, mid: 0.78, high: 1, christmas: 0.95 } as const;

export interface BlockSource {
  /** True when an API-made hold or reservation covers any night of [start, end) on this unit. */
  isBlocked(unitId: number, start: Day, end: Day, ignoreTransactionId?: string): boolean;
}

export interface UnitFilter {
  readonly pets?: number;
  readonly preferenceIds?: readonly number[];
  readonly ignoreTransactionId?: string;
}

export class Availability {
  constructor(
    private readonly catalogue: Catalogue,
    private readonly blocks: BlockSource,
  ) {}

  park(house: House): ParkDef {
    const park = this.catalogue.parks.find((p) => p.id === house.parkId);
    if (!park) throw new Error(`house ${house.id} has no park`);
    return park;
  }

  /**
   * Seeded bookings: each unit's timeline is cut into 12-day cells (shifted per unit so units do
   * not change over on the same day); a cell holds at most one booking of 3–14 nights, which may
   * run into the next cell. About half the unit-nights end up occupied, more in high season.
   */
  isSeededOccupied(unitId: number, day: Day): boolean {
    const seed = this.catalogue.seed;
    const phase = Math.floor(hashUnit(seed, unitId, 7) * CELL);
    const cell = Math.floor((day - phase) / CELL);
    for (const k of [cell, cell - 1]) {
      const cellStart = k * CELL + phase;
      if (hashUnit(seed, unitId, k, 1) >= BOOKING_PROBABILITY[seasonOf(cellStart)]) continue;
      const start = cellStart + Math.floor(hashUnit(seed, unitId, k, 2) * CELL);
      const nights = 3 + Math.floor(hashUnit(seed, unitId, k, 3) * 12);
      if (day >= start && day < start + nights) return true;
    }
    return false;
  }

  isUnitFree(unit: Unit, start: Day, end: Day, ignoreTransactionId?: string): boolean {
    for (let d = start; d < end; d++) if (this.isSeededOccupied(unit.id, d)) return false;
    return !this.blocks.isBlocked(unit.id, start, end, ignoreTransactionId);
  }

  /** Units that could take this party at all (pets, preferences), free or not. */
  candidateUnits(house: House, filter: UnitFilter = {}): Unit[] {
    const prefs = filter.preferenceIds ?? [];
    return house.units.filter(
      (u) => ((filter.pets ?? 0) === 0 || u.allowPets) && prefs.every((p) => u.preferenceIds.includes(p)),
    );
  }

  freeUnits(house: House, start: Day, end: Day, filter: UnitFilter = {}): Unit[] {
    return this.candidateUnits(house, filter).filter((u) =>
      this.isUnitFree(u, start, end, filter.ignoreTransactionId),
    );
  }

  /** Why a stay breaks the park's rules, or undefined when it may be booked. */
  ruleProblem(
    house: House,
    start: Day,
    end: Day,
  ): { field: 'startDate' | 'endDate'; message: string } | undefined {
    const rule = stayRule(this.park(house), start);
    if (!allowsArrival(rule, start)) {
      return {
        field: 'startDate',
        message: 'Arrival is not possible on this weekday at this park in this season',
      };
    }
    if (end - start < rule.minNights) {
      return {
        field: 'endDate',
        message: `This park requires at least ${rule.minNights} nights for this arrival date`,
      };
    }
    return undefined;
  }

  isBookable(house: House, start: Day, end: Day, filter: UnitFilter = {}): boolean {
    return !this.ruleProblem(house, start, end) && this.freeUnits(house, start, end, filter).length > 0;
  }

  /** Longest stay (≤ MAX_NIGHTS) from `start` that one single unit can host. */
  longestFreeRun(house: House, start: Day, filter: UnitFilter = {}): number {
    let best = 0;
    for (const unit of this.candidateUnits(house, filter)) {
      let n = 0;
      while (n < MAX_NIGHTS && !this.isSeededOccupied(unit.id, start + n)) n++;
      // API holds are rare; shrink only when one of them cuts into the seeded run.
      while (n > best && this.blocks.isBlocked(unit.id, start, start + n, filter.ignoreTransactionId)) n--;
      best = Math.max(best, n);
    }
    return best;
  }

  isValidArrival(house: House, start: Day, filter: UnitFilter = {}): boolean {
    const rule = stayRule(this.park(house), start);
    if (!allowsArrival(rule, start)) return false;
    return this.freeUnits(house, start, start + rule.minNights, filter).length > 0;
  }

  /**
   * The documented default stay: "start at least 4 days from today, depending on availability".
   * Per house, the first valid arrival from today+4 with a free unit for the default length.
   */
  defaultStay(house: House, today: Day, filter: UnitFilter = {}): { start: Day; end: Day } | undefined {
    const park = this.park(house);
    for (let d = today + DEFAULT_LEAD_DAYS; d <= today + DEFAULT_LEAD_DAYS + 120; d++) {
      const end = d + defaultNights(park, d);
      if (this.isBookable(house, d, end, filter)) return { start: d, end };
    }
    return undefined;
  }

  availableStartDates(house: House, today: Day, filter: UnitFilter = {}): Day[] {
    const out: Day[] = [];
    for (let d = today + 1; d <= today + START_DATES_WINDOW_DAYS; d++) {
      if (this.isValidArrival(house, d, filter)) out.push(d);
    }
    return out;
  }

  availableEndDates(house: House, start: Day, filter: UnitFilter = {}): Day[] {
    const rule = stayRule(this.park(house), start);
    if (!allowsArrival(rule, start)) return [];
    const longest = this.longestFreeRun(house, start, filter);
    const out: Day[] = [];
    for (let n = rule.minNights; n <= longest; n++) out.push(start + n);
    return out;
  }
}
