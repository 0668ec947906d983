import 'server-only';
import type { StayDates } from '@/lib/booking/dates';
import type { SearchCriteria } from '@/lib/booking/deep-link';
import type { Guest } from '@/lib/booking/guest';
import type { Party } from '@/lib/booking/party';
import type { BookingSelection, FlowSelection } from '@/lib/booking/selection';
import type {
  BookingResult,
  HouseDetail,
  Park,
  ParkHouse,
  SearchResults,
  Service,
  Unit,
} from '@/lib/booking/types';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { underDeadline } from '@/lib/upstream/deadline-scope';
import { isPartnerError, PartnerError } from './errors';
import { getGateway } from './gateway';
import { toPartnerLanguage } from './language';
import { mapOnce } from './map-once';
import { searchTypeParameter } from './catalogue';
import { mapBookingResult, mapPark, mapParkHouses, mapUnits } from './mappers/booking';
import { toBookingModelGuest } from './mappers/guest';
import { mapHouseDetail, mapSearchResults, mapServices } from './mappers/houses';
import { markPetFree } from './profile-wire';
import { toSearchQuery, toSelectionModel, toStayQuery } from './query';
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
  type ReadFreshness,
} from './raw';
import type { BookingModel, FinalizeBookingModel, ParkData, PreBookingResult } from './schemas';

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

export async function searchHouses(
  criteria: SearchCriteria,
  locale: string,
  freshness?: ReadFreshness,
): Promise<Fresh<SearchResults>> {
  const type = criteria.type === undefined ? undefined : await searchTypeParameter(criteria.type, locale);
  const res = await searchHousesRaw(toSearchQuery(criteria, type), toPartnerLanguage(locale), freshness);
  const requested = { startDate: criteria.startDate, endDate: criteria.endDate };
  const data = mapOnce(res.value, `${requested.startDate}/${requested.endDate}`, (raw) =>
    mapSearchResults(raw, requested),
  );
  return { data, stale: res.fallback };
}

export interface HouseQuery extends Partial<StayDates> {
  party: Party;
}

/**
 * An id missing from the partner's list of active houses (cached for an hour, one entry for all
 * languages) is not found without a partner call of its own, so a crawler walking house ids
 * cannot spend the browsing quota. Without the list (the partner busy and nothing cached) the
 * partner decides. A house added since the list was read is found once the list refreshes.
 */
export async function assertActiveHouse(houseId: number): Promise<void> {
  let houses: ParkHouse[];
  try {
    houses = await getActiveHouses(DEFAULT_LOCALE);
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

export type { ReadFreshness } from './raw';

export async function getHouse(
  houseId: number,
  query: HouseQuery,
  locale: string,
  freshness?: ReadFreshness,
): Promise<Fresh<HouseDetail>> {
  return guarded(houseId, async () => {
    const res = await houseDetailsRaw(
      houseId,
      toStayQuery(query, query.party),
      toPartnerLanguage(locale),
      freshness,
    );
    const house = mapOnce(res.value, `${houseId}/${query.startDate}/${query.endDate}`, (raw) =>
      mapHouseDetail(raw, { houseId, startDate: query.startDate, endDate: query.endDate }),
    );
    if (!house) throw new PartnerError('bad_gateway', 'House details without an id');
    // The partner profile in force now says which preferences mean "no pets".
    const preferences = markPetFree(house.preferences, getGateway().config.profile);
    return { data: { ...house, preferences }, stale: res.fallback };
  });
}

export async function getOptionalServices(
  houseId: number,
  stay: Partial<StayDates>,
  locale: string,
): Promise<Fresh<Service[]>> {
  return guarded(houseId, async () => {
    const res = await optionalServicesRaw(
      { houseId, startDate: stay.startDate, endDate: stay.endDate },
      toPartnerLanguage(locale),
    );
    return { data: mapServices(res.value), stale: res.fallback };
  });
}

export async function getAvailableUnits(
  houseId: number,
  stay: StayDates,
  party: Party,
  locale: string,
  freshness?: ReadFreshness,
): Promise<Fresh<Unit[]>> {
  return guarded(houseId, async () => {
    const res = await availableHouseUnitsRaw(
      { houseId, ...toStayQuery(stay, party) },
      toPartnerLanguage(locale),
      freshness,
    );
    return { data: mapUnits(res.value), stale: res.fallback };
  });
}

export {
  getHouseTypeFilter,
  getHouseTypes,
  getParkList,
  getParks,
  type HouseTypeFilter,
  type ParkList,
} from './catalogue';

export async function getActiveHouses(locale: string): Promise<ParkHouse[]> {
  return mapOnce((await parkActiveHousesRaw(toPartnerLanguage(locale))).value, '', mapParkHouses);
}

/**
 * One park, asked of the partner by its id. The documented park data carries no id (nor a name),
 * so for a partner that sends only those fields the list cannot tell which park is which; a
 * park page or a park filter then asks for the park it names. An answer of exactly one park is
 * that park; none, several (a partner that ignores the parameter sends every park), one naming
 * another id, or a refusal of the id means the site cannot show it. Busy and other failures throw.
 */
export async function getParkById(parkId: number, locale: string): Promise<Park | null> {
  let answer: readonly ParkData[];
  try {
    answer = (await parkDataRaw(toPartnerLanguage(locale), parkId)).value;
  } catch (err) {
    if (isPartnerError(err) && (err.code === 'not_found' || err.code === 'invalid_input')) return null;
    throw err;
  }
  const only = answer.length === 1 ? answer[0] : undefined;
  if (!only || (only.id !== undefined && only.id !== parkId)) return null;
  const park = mapPark({ ...only, id: parkId });
  return park && { ...park, askedById: true };
}

/** The active houses of one park, asked of the partner by its id; each carries that park's id. */
export async function getParkActiveHouses(parkId: number, locale: string): Promise<ParkHouse[]> {
  const houses = mapParkHouses((await parkActiveHousesRaw(toPartnerLanguage(locale), parkId)).value);
  return houses.filter((house) => (house.parkId ?? parkId) === parkId).map((house) => ({ ...house, parkId }));
}

/** A quote for a selection; the flow's choices may still be missing (none chosen yet). */
export async function getPriceQuote(
  selection: Pick<BookingSelection, 'houseId' | 'startDate' | 'endDate' | 'party'> & Partial<FlowSelection>,
  locale: string,
): Promise<Fresh<BookingResult>> {
  return guarded(selection.houseId, async () => {
    const res = await priceSpecificationsRaw(toSelectionModel(selection), toPartnerLanguage(locale));
    return { data: mapBookingResult(res.value), stale: res.fallback };
  });
}

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
  selection: BookingSelection,
  guest: Guest,
  transactionId: string | undefined,
  locale: string,
): Promise<Registered> {
  const model: BookingModel = {
    ...toSelectionModel(selection),
    ...toBookingModelGuest(guest),
    transactionId: transactionId ?? null,
  };
  const raw = await preRegisterRaw(model, toPartnerLanguage(locale));
  return { transactionId: requireTransaction(raw), result: mapBookingResult(raw) };
}

export async function finalize(model: FinalizeBookingModel, locale: string): Promise<BookingResult> {
  return mapBookingResult(await finalizeRaw(model, toPartnerLanguage(locale)));
}
