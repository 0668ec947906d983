import 'server-only';
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
import { idFromName } from './name-id';
import { mapPriceOverview } from './price-overview';

/**
 * A unit as either answer that lists units gives it. Without an id it cannot be chosen or booked,
 * so it is dropped; its preference ids stay null when the partner did not say (not "none").
 */
function toUnit(
  id: Maybe<number>,
  number: Maybe<string>,
  raw: { allowPets?: Maybe<boolean>; preferenceIds?: Maybe<readonly number[]> },
  maxPets: number | null,
): Unit | null {
  if (!isId(id)) return null;
  return {
    id,
    number: cleanText(number) || String(id),
    allowPets: typeof raw.allowPets === 'boolean' ? raw.allowPets : maxPets === null ? null : maxPets > 0,
    preferenceIds: raw.preferenceIds ? [...new Set(raw.preferenceIds.filter(isId))] : null,
    maxPets,
  };
}

/** A unit from availableHouseUnits; the docs name its pet count both `nrPets` and `numberOfPets`. */
export function mapAvailableUnit(raw: AvailableHouseUnit): Unit | null {
  return toUnit(raw.unitId, raw.unitNumber, raw, readCount(raw.nrPets) ?? readCount(raw.numberOfPets));
}

/** A unit as a booking result reports it (HouseUnitInfo). */
export function mapUnitInfo(raw: HouseUnitInfo): Unit | null {
  return toUnit(raw.id, raw.number, raw, null);
}

export function mapUnits(raw: Maybe<readonly AvailableHouseUnit[]>): Unit[] {
  return uniqueBy(
    (raw ?? []).map(mapAvailableUnit).filter((unit): unit is Unit => unit !== null),
    (unit) => unit.id,
  );
}

interface ReadType {
  type: HouseType;
  /** The partner wrote a name for it (not only an id). */
  named: boolean;
}

function readHouseType(raw: RawHouseType): ReadType | null {
  const name = cleanText(raw.name);
  if (isId(raw.id)) return { type: { id: raw.id, name: name || String(raw.id) }, named: name !== '' };
  return name ? { type: { id: idFromName(name), name, byName: true }, named: true } : null;
}

function readHouseTypes(raw: Maybe<readonly RawHouseType[]>): ReadType[] {
  const read = (raw ?? []).flatMap((t) => readHouseType(t) ?? []);
  // An id of the partner's own is never shadowed by one the site derived from a name.
  const numbered = new Set(read.filter((r) => !r.type.byName).map((r) => r.type.id));
  return uniqueBy(
    read.filter((r) => !r.type.byName || !numbered.has(r.type.id)),
    (r) => r.type.id,
  );
}

/**
 * The partner's house types, each by its own id, or by one derived from its name when the partner
 * gives it none (see ./name-id.ts); a type with neither has nothing to show and is dropped.
 */
export function mapHouseTypes(raw: Maybe<readonly RawHouseType[]>): HouseType[] {
  return readHouseTypes(raw).map((r) => r.type);
}

/**
 * The house types the partner's search can be narrowed by, given what its type parameter takes
 * (null: the search takes no type): by id, the types the partner numbered; by name, the types it
 * named. `unsearchable` counts the rest, so a page can say why they are not offered.
 */
export function mapSearchableHouseTypes(
  raw: Maybe<readonly RawHouseType[]>,
  takes: 'id' | 'name' | null,
): { types: HouseType[]; unsearchable: number } {
  const all = readHouseTypes(raw);
  const types = all
    .filter((r) => (takes === 'id' ? !r.type.byName : takes === 'name' ? r.named : false))
    .map((r) => r.type);
  return { types, unsearchable: all.length - types.length };
}

/** Active houses without an id name no house page, so they are dropped. */
export function mapParkHouses(raw: Maybe<readonly ParkActiveHouse[]>): ParkHouse[] {
  const houses = (raw ?? []).flatMap((h): ParkHouse[] =>
    isId(h.id) ? [withPlace({ id: h.id, name: cleanText(h.name) }, h)] : [],
  );
  return uniqueBy(houses, (h) => h.id);
}

/** A facility is shown by name; one with neither a name nor a keyword has nothing to show. */
function mapFacilities(raw: ParkData['facilities']): Park['facilities'] {
  const facilities = (raw ?? []).flatMap((f, index) => {
    const name = cleanText(f.name) || cleanText(f.keyword);
    if (!name) return [];
    // Without an id the position keeps the list's keys distinct; ids are positive, so no clash.
    return [{ id: isId(f.id) ? f.id : -(index + 1), name, keyword: cleanText(f.keyword) }];
  });
  return uniqueBy(facilities, (f) => f.id);
}

/**
 * A park without an id cannot be linked to a house (houses name their park by id), so it is
 * dropped; the house page then leaves the park box out.
 */
export function mapPark(raw: ParkData): Park | null {
  if (!isId(raw.id)) return null;
  return {
    id: raw.id,
    name: cleanText(raw.name),
    conditions: cleanText(raw.parkConditions),
    virtualTourLink: toSafeUrl(raw.virtualTourLink),
    facilities: mapFacilities(raw.facilities),
  };
}

/**
 * Parks the partner describes that the site cannot link to: without an id, no house names its park
 * by them and the partner cannot be asked for them (a name would give neither).
 */
export function countUnidentifiedParks(raw: Maybe<readonly ParkData[]>): number {
  return (raw ?? []).filter((park) => !isId(park.id)).length;
}

export function mapParks(raw: Maybe<readonly ParkData[]>): Park[] {
  return uniqueBy(
    (raw ?? []).map(mapPark).filter((park): park is Park => park !== null),
    (park) => park.id,
  );
}

/** The partner's reservation number as text (it may send a number), or null. */
function readReservationNumber(value: Maybe<string | number>): string | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? String(value) : null;
  return cleanText(value) || null;
}

/**
 * A pre-registration, quote or finalization as the booking flow uses it. The transactionId is
 * left out on purpose (see BookingResult): the caller that needs it reads it from the raw answer.
 */
export function mapBookingResult(raw: PreBookingResult): BookingResult {
  return {
    reservationNumber: readReservationNumber(raw.reservationNumber),
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
