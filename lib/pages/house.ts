import 'server-only';
import type { CalendarDate } from '@/lib/booking/dates';
import type { CriteriaIssue } from '@/lib/booking/deep-link';
import type { Party } from '@/lib/booking/party';
import type { HouseDetail, HousePrice, HouseType, Park } from '@/lib/booking/types';
import { isPartnerError } from '@/lib/partner-api/errors';
import { getHouseTypes, getParks, searchHouses } from '@/lib/partner-api';
import { loadHouse } from './load-house';
import { getPartyProblem, readRequestedStay, type Stay } from './stay-state';

export type StayNote = 'arrivalUnavailable' | 'departureUnavailable' | 'datesRejected';

export interface HousePageData {
  house: HouseDetail;
  stale: boolean;
  party: Party;
  issues: CriteriaIssue[];
  stayNote: StayNote | null;
  initialStay: Stay;
  initialDepartures: CalendarDate[] | undefined;
  initialPrice: HousePrice | null | undefined;
  suggestion: HousePrice | undefined;
  park: Park | undefined;
  typeName: string | undefined;
}

async function defaultStayPrice(houseId: number, party: Party, locale: string): Promise<HousePrice | undefined> {
  try {
    const { data } = await searchHouses({ ...party }, locale);
    return data.houses.find((house) => house.id === houseId)?.price ?? undefined;
  } catch {
    return undefined;
  }
}

/** Everything the house page shows. Throws PartnerError (not_found, busy…) for the page to map. */
export async function loadHousePage(
  houseId: number,
  raw: Record<string, string | string[] | undefined>,
  locale: string,
  today: CalendarDate,
): Promise<HousePageData> {
  const { stay: requested, party, issues } = readRequestedStay(raw, today);
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

  let initialStay: Stay = {};
  let initialDepartures: CalendarDate[] | undefined;
  let initialPrice: HousePrice | null | undefined;
  if (stayNote === null && requested.startDate !== undefined) {
    if (!house.availableStartDates.includes(requested.startDate)) {
      if (partyFits) stayNote = 'arrivalUnavailable';
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

  const [houseTypes, parks, suggestion] = await Promise.all([
    getHouseTypes(locale).catch(() => [] as HouseType[]),
    getParks(locale).catch(() => [] as Park[]),
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
    park: parks.find((park) => park.id === house.parkId),
    typeName: houseTypes.find((type) => type.id === house.houseTypeId)?.name,
  };
}
