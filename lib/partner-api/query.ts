/**
 * The site's criteria and selections under the partner's parameter and field names. This is the
 * one place that writes a party, a stay or a house-type filter the way the partner expects it:
 * the query of a read and the body of a price quote or a pre-registration use the same names.
 */
import type { CalendarDate } from '@/lib/booking/dates';
import type { SearchCriteria } from '@/lib/booking/deep-link';
import type { Party } from '@/lib/booking/party';
import { toPartnerDateTime } from './dates';
import { QUERY_NAMES } from './operations';
import type { ExtraServiceSelection, PriceQuoteModel } from './schemas';

/** A partner query: absent values are left out of the URL. */
export type Query = Record<string, string | number | undefined>;

/** The party under the partner's names (the BookingModel's, which its queries use too). */
export function toPartnerParty(party: Party) {
  return {
    [QUERY_NAMES.adults]: party.adults,
    [QUERY_NAMES.child0002]: party.child0002,
    [QUERY_NAMES.child0304]: party.child0304,
    [QUERY_NAMES.child0512]: party.child0512,
    [QUERY_NAMES.child1317]: party.child1317,
    [QUERY_NAMES.pets]: party.pets,
  };
}

/**
 * The search criteria as the partner's search query. Every party count is sent, defaults
 * included, so the partner never has to guess and equal searches build equal queries (and meet
 * the same cache entry).
 */
export function toSearchQuery(criteria: SearchCriteria): Record<string, string> {
  const query: Record<string, string> = {};
  if (criteria.startDate !== undefined && criteria.endDate !== undefined) {
    query[QUERY_NAMES.startDate] = criteria.startDate;
    query[QUERY_NAMES.endDate] = criteria.endDate;
  }
  for (const [name, count] of Object.entries(toPartnerParty(criteria))) query[name] = String(count);
  if (criteria.type !== undefined) query[QUERY_NAMES.houseTypeId] = String(criteria.type);
  return query;
}

/** A stay and party as the query of a house read (house details, available units). */
export function toStayQuery(stay: { startDate?: CalendarDate; endDate?: CalendarDate }, party: Party): Query {
  return {
    [QUERY_NAMES.startDate]: stay.startDate,
    [QUERY_NAMES.endDate]: stay.endDate,
    ...toPartnerParty(party),
  };
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

/** The selection as the body of a price quote; a pre-registration adds the guest to it. */
export function toSelectionModel(s: StaySelection) {
  return {
    houseID: s.houseId,
    startDate: toPartnerDateTime(s.startDate),
    endDate: toPartnerDateTime(s.endDate),
    ...toPartnerParty(s.party),
    unitId: s.unitId ?? null,
    preferences: s.preferenceIds ?? [],
    extraServices: (s.services ?? []).map((x) => ({
      id: x.id,
      quantity: x.quantity,
      ...(x.date ? { date: toPartnerDateTime(x.date.slice(0, 10)) } : {}),
    })),
    cancellationFund: s.cancellationFund ?? false,
  } satisfies PriceQuoteModel;
}
