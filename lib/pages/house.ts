import 'server-only';
import { cache } from 'react';
import type { CalendarDate, StayDates } from '@/lib/booking/dates';
import type { CriteriaIssue } from '@/lib/booking/deep-link';
import { PARTY_FIELDS, type Party } from '@/lib/booking/party';
import type { HouseDetail, HousePrice, HouseType, Park, ParkHouse } from '@/lib/booking/types';
import { getActiveHouses, getHouse, getHouseTypes, getParks, searchHouses } from '@/lib/partner-api';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { isPartnerError } from '@/lib/partner-api/errors';
import { getPartyProblem, offersArrival, type RequestedStay } from './house-stay';

/**
 * The house page's data: the house for the requested stay and party, what the booking panel
 * starts with, and the park and house type that decorate it.
 */

const loadByKey = cache(
  (houseId: number, startDate: string, endDate: string, partyKey: string, locale: string) => {
    const counts = partyKey.split(',').map(Number);
    const party = Object.fromEntries(PARTY_FIELDS.map((field, i) => [field, counts[i] ?? 0])) as Party;
    return getHouse(
      houseId,
      { ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}), party },
      locale,
    );
  },
);

/**
 * House details, shared by generateMetadata and the page within one request (React cache keys
 * on primitive arguments, hence the flattened party).
 */
export function loadHouse(houseId: number, stay: Partial<StayDates>, party: Party, locale: string) {
  const partyKey = PARTY_FIELDS.map((field) => party[field]).join(',');
  return loadByKey(houseId, stay.startDate ?? '', stay.endDate ?? '', partyKey, locale);
}

export type StayNote = 'arrivalUnavailable' | 'departureUnavailable' | 'datesRejected';

export interface HousePageData {
  house: HouseDetail;
  stale: boolean;
  party: Party;
  issues: CriteriaIssue[];
  stayNote: StayNote | null;
  initialStay: Partial<StayDates>;
  initialDepartures: CalendarDate[] | undefined;
  initialPrice: HousePrice | null | undefined;
  suggestion: HousePrice | undefined;
  park: Park | undefined;
  typeName: string | undefined;
}

/**
 * The park a house is on. The house may name it (`parkId`); if not, the park's list of active
 * houses may (an entry carrying the park's id). A park the park data does not describe, with an
 * id, cannot be shown, and then the park box is left out: the house page works without it.
 */
export function findHousePark(
  house: Pick<HouseDetail, 'id' | 'parkId'>,
  parks: readonly Park[],
  activeHouses: readonly ParkHouse[],
): Park | undefined {
  const parkId = house.parkId ?? activeHouses.find((entry) => entry.id === house.id)?.parkId;
  return parkId === undefined ? undefined : parks.find((park) => park.id === parkId);
}

async function defaultStayPrice(houseId: number, party: Party, locale: string): Promise<HousePrice | undefined> {
  try {
    const { data } = await searchHouses({ ...party }, locale);
    return data.houses.find((house) => house.id === houseId)?.price ?? undefined;
  } catch {
    return undefined;
  }
}

/** Everything the house page shows. Throws PartnerError (not_found, busy…): see ./failure.ts. */
export async function loadHousePage(
  houseId: number,
  { stay: requested, party, issues }: RequestedStay,
  locale: string,
): Promise<HousePageData> {
  let stayNote: StayNote | null = null;
  let answer;
  try {
    answer = await loadHouse(houseId, requested, party, locale);
  } catch (err) {
    // The partner refused the dates (e.g. beyond its horizon): show the house without them.
    if (!(isPartnerError(err) && err.code === 'invalid_input' && requested.startDate !== undefined)) throw err;
    answer = await loadHouse(houseId, {}, party, locale);
    stayNote = 'datesRejected';
  }
  const house = answer.data;
  const partyFits = getPartyProblem(party, house) === null;

  let initialStay: Partial<StayDates> = {};
  let initialDepartures: CalendarDate[] | undefined;
  let initialPrice: HousePrice | null | undefined;
  if (stayNote === null && requested.startDate !== undefined) {
    if (!offersArrival(house, { startDate: requested.startDate, endDate: requested.endDate })) {
      if (partyFits) stayNote = 'arrivalUnavailable';
      // A party the house cannot take has no arrivals to check the dates against. The page
      // explains the party; the dates stay chosen for when the guest changes it.
      else initialStay = requested;
    } else {
      initialDepartures = house.availableEndDates;
      if (requested.endDate === undefined) {
        initialStay = { startDate: requested.startDate };
      } else if (house.selectedPeriod) {
        initialStay = requested;
        initialPrice = house.selectedPeriod;
      } else {
        initialStay = { startDate: requested.startDate };
        stayNote = 'departureUnavailable';
      }
    }
  }

  // Decoration: each may be missing (the partner down, or the field not sent) without the page.
  const [houseTypes, parks, activeHouses, suggestion] = await Promise.all([
    house.houseTypeId === undefined ? [] : getHouseTypes(locale).catch(() => [] as HouseType[]),
    getParks(locale).catch(() => [] as Park[]),
    // The list the active-house check already reads (one cached entry for all languages).
    house.parkId === undefined ? getActiveHouses(DEFAULT_LOCALE).catch(() => [] as ParkHouse[]) : [],
    initialStay.startDate === undefined && partyFits ? defaultStayPrice(houseId, party, locale) : undefined,
  ]);

  return {
    house,
    stale: answer.stale,
    party,
    issues,
    stayNote,
    initialStay,
    initialDepartures,
    initialPrice,
    suggestion,
    park: parks.length > 0 ? findHousePark(house, parks, activeHouses) : undefined,
    // The house names its type by the partner's id: a type known only by name is never it.
    typeName: houseTypes.find((type) => !type.byName && type.id === house.houseTypeId)?.name,
  };
}
