import 'server-only';
import { toPartnerDateTime, type CalendarDate } from '@/lib/booking/dates';
import { toPartnerQuery, type SearchCriteria } from '@/lib/booking/deep-link';
import {
  mapBookingResult,
  mapHouseDetail,
  mapHouseTypes,
  mapPark,
  mapParkHouses,
  mapSearchResults,
  mapServices,
  mapUnits,
} from '@/lib/booking/mappers';
import type { GuestBookingFields } from '@/lib/booking/guest';
import type { Party } from '@/lib/booking/party';
import type {
  BookingResult,
  HouseDetail,
  HouseType,
  Park,
  ParkHouse,
  SearchResults,
  Service,
  Unit,
} from '@/lib/booking/types';
import { partnerLanguage, routing } from '@/lib/i18n/routing';
import { underDeadline } from '@/lib/upstream/deadline-scope';
import { PartnerError } from './errors';
import { getGateway } from './gateway';
import { QUERY_NAMES } from './operations';
import {
  availableHouseUnitsRaw,
  finalizeRaw,
  houseDetailsRaw,
  optionalServicesRaw,
  parkActiveHousesRaw,
  parkDataRaw,
  preRegisterRaw,
  priceSpecificationsRaw,
  searchHousesRaw,
  usedHouseTypesRaw,
  type Query,
} from './raw';
import type { BookingModel, ExtraServiceSelection, FinalizeBookingModel, PreBookingResult } from './schemas';

/**
 * The partner operations as the site uses them: domain types in, domain types out. Server
 * components and route handlers call these; nothing outside lib/partner-api sees a raw shape.
 * `stale` tells the page the answer came from the cache only because the partner could not give
 * a fresh one; an answer served while a background refresh runs is not stale in this sense.
 */

export interface Fresh<T> {
  data: T;
  stale: boolean;
}

function partyQuery(party: Party): Query {
  return {
    [QUERY_NAMES.adults]: party.adults,
    [QUERY_NAMES.child0002]: party.child0002,
    [QUERY_NAMES.child0304]: party.child0304,
    [QUERY_NAMES.child0512]: party.child0512,
    [QUERY_NAMES.child1317]: party.child1317,
    [QUERY_NAMES.pets]: party.pets,
  };
}

export async function searchHouses(criteria: SearchCriteria, locale: string): Promise<Fresh<SearchResults>> {
  const res = await searchHousesRaw(toPartnerQuery(criteria), partnerLanguage(locale));
  return { data: mapSearchResults(res.value), stale: res.fallback };
}

export interface HouseQuery {
  startDate?: CalendarDate;
  endDate?: CalendarDate;
  party: Party;
}

/**
 * An id missing from the partner's list of active houses (cached for an hour, one entry for all
 * languages) is not found without a partner call of its own, so a crawler walking house ids
 * cannot spend the browsing quota. Without the list (the partner busy and nothing cached) the
 * partner decides. A house added since the list was read is found once the list refreshes.
 */
async function assertActiveHouse(houseId: number): Promise<void> {
  let houses: ParkHouse[];
  try {
    houses = await getActiveHouses(routing.defaultLocale);
  } catch {
    return;
  }
  if (houses.length > 0 && !houses.some((house) => house.id === houseId)) {
    throw new PartnerError('not_found', 'Not an active house', { notSent: true });
  }
}

/** The active-house check and the read it guards, under one deadline (a hanging partner costs one, not two). */
function guarded<T>(houseId: number, read: () => Promise<T>): Promise<T> {
  return underDeadline(Date.now() + getGateway().config.deadlineMs, async () => {
    await assertActiveHouse(houseId);
    return read();
  });
}

export async function getHouse(
  houseId: number,
  query: HouseQuery,
  locale: string,
): Promise<Fresh<HouseDetail>> {
  return guarded(houseId, async () => {
    const res = await houseDetailsRaw(
      houseId,
      {
        [QUERY_NAMES.startDate]: query.startDate,
        [QUERY_NAMES.endDate]: query.endDate,
        ...partyQuery(query.party),
      },
      partnerLanguage(locale),
    );
    const house = mapHouseDetail(res.value);
    if (!house) throw new PartnerError('bad_gateway', 'House details without an id');
    return { data: house, stale: res.fallback };
  });
}

export async function getOptionalServices(
  houseId: number,
  stay: { startDate?: CalendarDate; endDate?: CalendarDate },
  locale: string,
): Promise<Fresh<Service[]>> {
  return guarded(houseId, async () => {
    const res = await optionalServicesRaw(
      {
        [QUERY_NAMES.houseId]: houseId,
        [QUERY_NAMES.startDate]: stay.startDate && toPartnerDateTime(stay.startDate),
        [QUERY_NAMES.endDate]: stay.endDate && toPartnerDateTime(stay.endDate),
      },
      partnerLanguage(locale),
    );
    return { data: mapServices(res.value), stale: res.fallback };
  });
}

export async function getAvailableUnits(
  houseId: number,
  stay: { startDate: CalendarDate; endDate: CalendarDate },
  party: Party,
  locale: string,
): Promise<Fresh<Unit[]>> {
  return guarded(houseId, async () => {
    const res = await availableHouseUnitsRaw(
      {
        [QUERY_NAMES.houseId]: houseId,
        [QUERY_NAMES.startDate]: stay.startDate,
        [QUERY_NAMES.endDate]: stay.endDate,
        ...partyQuery(party),
      },
      partnerLanguage(locale),
    );
    return { data: mapUnits(res.value), stale: res.fallback };
  });
}

export async function getHouseTypes(locale: string): Promise<HouseType[]> {
  return mapHouseTypes((await usedHouseTypesRaw(partnerLanguage(locale))).value);
}

export async function getParks(locale: string): Promise<Park[]> {
  const raw = (await parkDataRaw(partnerLanguage(locale))).value;
  return raw.map(mapPark).filter((p): p is Park => p !== null);
}

export async function getActiveHouses(locale: string): Promise<ParkHouse[]> {
  return mapParkHouses((await parkActiveHousesRaw(partnerLanguage(locale))).value);
}

/** What a guest has chosen for a stay, without any personal data. */
export interface StaySelection {
  houseId: number;
  startDate: CalendarDate;
  endDate: CalendarDate;
  party: Party;
  unitId?: number;
  preferenceIds?: number[];
  services?: ExtraServiceSelection[];
  cancellationFund?: boolean;
}

function selectionModel(s: StaySelection) {
  return {
    houseID: s.houseId,
    startDate: toPartnerDateTime(s.startDate),
    endDate: toPartnerDateTime(s.endDate),
    adults: s.party.adults,
    child0002: s.party.child0002,
    child0304: s.party.child0304,
    child0512: s.party.child0512,
    child1317: s.party.child1317,
    animalNr: s.party.pets,
    unitId: s.unitId ?? null,
    preferences: s.preferenceIds ?? [],
    extraServices: (s.services ?? []).map((x) => ({
      id: x.id,
      quantity: x.quantity,
      ...(x.date ? { date: toPartnerDateTime(x.date.slice(0, 10)) } : {}),
    })),
    cancellationFund: s.cancellationFund ?? false,
  };
}

export async function getPriceQuote(selection: StaySelection, locale: string): Promise<Fresh<BookingResult>> {
  return guarded(selection.houseId, async () => {
    const res = await priceSpecificationsRaw(selectionModel(selection), partnerLanguage(locale));
    return { data: mapBookingResult(res.value), stale: res.fallback };
  });
}

/** Guest fields of the BookingModel, as lib/booking/guest.ts toBookingModelGuest makes them. */
export type BookingGuest = GuestBookingFields;

export interface Registered {
  transactionId: string;
  result: BookingResult;
}

function requireTransaction(raw: PreBookingResult): string {
  if (!raw.transactionId) throw new PartnerError('bad_gateway', 'Pre-registration without a transactionId');
  return raw.transactionId;
}

/** Pre-registers (or, with the session's transactionId, updates) a reservation. Never cached or retried. */
export async function preRegister(
  selection: StaySelection,
  guest: BookingGuest,
  transactionId: string | undefined,
  locale: string,
): Promise<Registered> {
  const model: BookingModel = {
    ...selectionModel(selection),
    ...guest,
    transactionId: transactionId ?? null,
  };
  const raw = await preRegisterRaw(model, partnerLanguage(locale));
  return { transactionId: requireTransaction(raw), result: mapBookingResult(raw) };
}

export async function finalize(model: FinalizeBookingModel, locale: string): Promise<BookingResult> {
  return mapBookingResult(await finalizeRaw(model, partnerLanguage(locale)));
}
