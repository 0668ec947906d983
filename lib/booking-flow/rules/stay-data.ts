import 'server-only';
import type { StayDates } from '@/lib/booking/dates';
import type { Party } from '@/lib/booking/party';
import type { HouseDetail, Service, Unit } from '@/lib/booking/types';
import { getAvailableUnits, getHouse, getOptionalServices, type ReadFreshness } from '@/lib/partner-api';
import type { HeldSummary } from '../records/store';
import { adjustUnits, takenUnitIds } from './taken-units';

/**
 * Everything the flow needs about a stay, read the same way by the booking page and by the
 * pre-register re-check: the house (preferences, rent for the period), the free units (minus
 * units other sessions just took, plus this session's own held unit) and the optional services.
 */
export interface StayData {
  house: HouseDetail;
  units: Unit[];
  services: Service[];
  /** Some answer came from the cache because the partner could not give a fresh one. */
  stale: boolean;
  /**
   * This session holds a unit of this very stay that fits the party. The partner counts that hold
   * as taken like any other, so when it is the last free unit the house has no price for the
   * period: the stay is still the guest's, not "no longer available".
   */
  ownHold: boolean;
}

export interface StayQuery extends StayDates {
  houseId: number;
  party: Party;
}

/** The session's held unit, when its hold is for this house and these nights. */
export function ownHeldUnit(held: HeldSummary | null, q: StayQuery): Unit | null {
  if (!held || held.houseId !== q.houseId || held.startDate !== q.startDate || held.endDate !== q.endDate)
    return null;
  return held.unit;
}

/**
 * How old the availability may be where a guest commits to a stay: entering the booking flow and
 * placing the hold. The house page may show an offer cached for minutes; here a stay someone else
 * has just booked must be caught before the guest types their details, so an older answer is
 * asked again (and still used when the partner cannot answer: the hold re-checks it).
 */
export const COMMIT_FRESHNESS: ReadFreshness = { maxAgeMs: 20_000 };

export async function loadStayData(
  q: StayQuery,
  locale: string,
  session: { sid: string; held: HeldSummary | null } | null,
  freshness?: ReadFreshness,
): Promise<StayData> {
  const stay = { startDate: q.startDate, endDate: q.endDate };
  const [house, units, services, taken] = await Promise.all([
    getHouse(q.houseId, { ...stay, party: q.party }, locale, freshness),
    getAvailableUnits(q.houseId, stay, q.party, locale, freshness),
    getOptionalServices(q.houseId, stay, locale),
    takenUnitIds(q.houseId, q.startDate, q.endDate, session?.sid),
  ]);
  const own = ownHeldUnit(session?.held ?? null, q);
  // With pets, a unit known to refuse them cannot be the guest's own; one that does not say
  // (the partner may leave allowPets out) stays, as everywhere else, for the partner to decide.
  const ownFits = own && (q.party.pets === 0 || own.allowPets !== false) ? own : null;
  return {
    house: house.data,
    units: adjustUnits(units.data, taken, ownFits),
    services: services.data,
    stale: house.stale || units.stale || services.stale,
    ownHold: ownFits !== null,
  };
}

/** Rent for the stay as the house page quotes it (discounted when there is a discount). */
export function rentOf(house: HouseDetail): number | null {
  const period = house.selectedPeriod;
  if (!period) return null;
  return period.discounted ?? period.full;
}
