import 'server-only';
import type { CalendarDate } from '@/lib/booking/dates';
import type { Party } from '@/lib/booking/party';
import type { HouseDetail, Service, Unit } from '@/lib/booking/types';
import { getAvailableUnits, getHouse, getOptionalServices } from '@/lib/partner-api';
import type { HeldSummary } from '../records/booking-records';
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
}

export interface StayQuery {
  houseId: number;
  startDate: CalendarDate;
  endDate: CalendarDate;
  party: Party;
}

/** The session's held unit, when its hold is for this house and these nights. */
export function ownHeldUnit(held: HeldSummary | null, q: StayQuery): Unit | null {
  if (!held || held.houseId !== q.houseId || held.startDate !== q.startDate || held.endDate !== q.endDate)
    return null;
  return held.unit;
}

export async function loadStayData(
  q: StayQuery,
  locale: string,
  session: { sid: string; held: HeldSummary | null } | null,
): Promise<StayData> {
  const stay = { startDate: q.startDate, endDate: q.endDate };
  const [house, units, services, taken] = await Promise.all([
    getHouse(q.houseId, { ...stay, party: q.party }, locale),
    getAvailableUnits(q.houseId, stay, q.party, locale),
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
  };
}

/** Rent for the stay as the house page quotes it (discounted when there is a discount). */
export function rentOf(house: HouseDetail): number | null {
  const period = house.selectedPeriod;
  if (!period) return null;
  return period.discounted ?? period.full;
}
