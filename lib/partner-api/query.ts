import 'server-only';
/**
 * The site's criteria and selections as partner requests, under our names for the partner's
 * fields (those of ./schemas.ts, which the sandbox reads) and with calendar dates. The partner
 * profile renames them and writes the dates in the partner's format at the wire (see
 * ./profile-wire.ts). The query of a read and the body of a price quote or a pre-registration use
 * the same names.
 */
import type { StayDates } from '@/lib/booking/dates';
import type { SearchCriteria } from '@/lib/booking/deep-link';
import type { Party } from '@/lib/booking/party';
import type { BookingSelection, FlowSelection } from '@/lib/booking/selection';
import type { PriceQuoteModel } from './schemas';

/** A partner query: absent values are left out of the URL. */
export type Query = Record<string, string | number | undefined>;

/** The party under the BookingModel's names, which the reads' queries use too. */
export function toPartnerParty(party: Party) {
  return {
    adults: party.adults,
    child0002: party.child0002,
    child0304: party.child0304,
    child0512: party.child0512,
    child1317: party.child1317,
    animalNr: party.pets,
  };
}

/**
 * The search criteria as the partner's search query. Every party count is sent, defaults
 * included, so the partner never has to guess and equal searches build equal queries (and meet
 * the same cache entry). The house type goes as the partner's search takes it: the type's id by
 * default, or what `houseType` says (its name, for a partner whose search takes names).
 */
export function toSearchQuery(
  criteria: SearchCriteria,
  houseType: string | number | undefined = criteria.type,
): Query {
  const query: Query = {};
  if (criteria.startDate !== undefined && criteria.endDate !== undefined) {
    query.startDate = criteria.startDate;
    query.endDate = criteria.endDate;
  }
  Object.assign(query, toPartnerParty(criteria));
  if (houseType !== undefined) query.houseTypeId = houseType;
  return query;
}

/** A stay and party as the query of a house read (house details, available units). */
export function toStayQuery(stay: Partial<StayDates>, party: Party): Query {
  return {
    startDate: stay.startDate,
    endDate: stay.endDate,
    ...toPartnerParty(party),
  };
}

/**
 * A selection as the body of a price quote; a pre-registration adds the guest to it. A quote may
 * leave the flow's choices out (none chosen yet).
 */
export function toSelectionModel(
  s: Pick<BookingSelection, 'houseId' | 'startDate' | 'endDate' | 'party'> & Partial<FlowSelection>,
) {
  return {
    houseID: s.houseId,
    startDate: s.startDate,
    endDate: s.endDate,
    ...toPartnerParty(s.party),
    unitId: s.unitId ?? null,
    preferences: s.preferenceIds ?? [],
    extraServices: (s.services ?? []).map((x) => ({
      id: x.id,
      quantity: x.quantity,
      ...(x.date ? { date: x.date } : {}),
    })),
    cancellationFund: s.cancellationFund ?? false,
  } satisfies PriceQuoteModel;
}
