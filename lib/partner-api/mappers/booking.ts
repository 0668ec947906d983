/**
 * Mappers for units, house types, parks and booking results (see houses.ts for houses).
 */
import type { BookingResult, HouseType, Park, ParkHouse, Unit } from '@/lib/booking/types';
import type {
  AvailableHouseUnit,
  HouseType as RawHouseType,
  HouseUnitInfo,
  ParkActiveHouse,
  ParkData,
  PreBookingResult,
} from '../schemas';
import {
  cleanText,
  isId,
  readAmount,
  readCount,
  toSafeUrl,
  uniqueBy,
  withPlace,
  type Maybe,
} from './helpers';
import { mapPriceOverview } from './price-overview';

function readPreferenceIds(values: Maybe<readonly number[]>): number[] {
  return [...new Set((values ?? []).filter(isId))];
}

/** A unit from availableHouseUnits; the docs name its pet count both `nrPets` and `numberOfPets`. */
export function mapAvailableUnit(raw: AvailableHouseUnit): Unit | null {
  if (!isId(raw.unitId)) return null;
  const maxPets = readCount(raw.nrPets) ?? readCount(raw.numberOfPets);
  return {
    id: raw.unitId,
    number: cleanText(raw.unitNumber) || String(raw.unitId),
    allowPets: raw.allowPets ?? (maxPets !== null && maxPets > 0),
    preferenceIds: readPreferenceIds(raw.preferenceIds),
    maxPets,
  };
}

/** A unit as a booking result reports it (HouseUnitInfo). */
export function mapUnitInfo(raw: HouseUnitInfo): Unit | null {
  if (!isId(raw.id)) return null;
  return {
    id: raw.id,
    number: cleanText(raw.number) || String(raw.id),
    allowPets: raw.allowPets === true,
    preferenceIds: readPreferenceIds(raw.preferenceIds),
    maxPets: null,
  };
}

export function mapUnits(raw: Maybe<readonly AvailableHouseUnit[]>): Unit[] {
  return uniqueBy(
    (raw ?? []).map(mapAvailableUnit).filter((unit): unit is Unit => unit !== null),
    (unit) => unit.id,
  );
}

export function mapHouseTypes(raw: Maybe<readonly RawHouseType[]>): HouseType[] {
  return uniqueBy(
    (raw ?? []).filter((t) => isId(t.id)).map((t) => ({ id: t.id, name: cleanText(t.name) || String(t.id) })),
    (t) => t.id,
  );
}

export function mapParkHouses(raw: Maybe<readonly ParkActiveHouse[]>): ParkHouse[] {
  const houses = (raw ?? [])
    .filter((h) => isId(h.id))
    .map((h) => withPlace({ id: h.id, name: cleanText(h.name) }, h));
  return uniqueBy(houses, (h) => h.id);
}

export function mapPark(raw: ParkData): Park | null {
  if (!isId(raw.id)) return null;
  return {
    id: raw.id,
    name: cleanText(raw.name),
    conditions: cleanText(raw.parkConditions),
    virtualTourLink: toSafeUrl(raw.virtualTourLink),
    facilities: uniqueBy(
      (raw.facilities ?? [])
        .filter((f) => isId(f.id))
        .map((f) => ({
          id: f.id,
          name: cleanText(f.name) || cleanText(f.keyword),
          keyword: cleanText(f.keyword),
        })),
      (f) => f.id,
    ),
  };
}

export function mapParks(raw: Maybe<readonly ParkData[]>): Park[] {
  return uniqueBy(
    (raw ?? []).map(mapPark).filter((park): park is Park => park !== null),
    (park) => park.id,
  );
}

export function mapBookingResult(raw: PreBookingResult): BookingResult {
  return {
    paymentBookingType: cleanText(raw.paymentBookingType) || null,
    fullPayAmount: readAmount(raw.fullPayAmount),
    firstPayAmount: readAmount(raw.firstPayAmount),
    cancellationFundPossible: raw.cancellationFundPossible === true,
    cancellationFund: readAmount(raw.cancellationFund),
    priceOverview: mapPriceOverview(raw.priceSpecifications),
    units: (raw.houseUnits ?? []).map(mapUnitInfo).filter((unit): unit is Unit => unit !== null),
    holdExpiresAt: cleanText(raw.holdExpiresAt) || null,
    paymentUrl: toSafeUrl(raw.paymentUrl),
    status: cleanText(raw.reservationStatus) || null,
  };
}
