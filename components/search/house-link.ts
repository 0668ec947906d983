import { serializeCriteria, type SearchCriteria } from '@/lib/booking/deep-link';
import { getParty } from '@/lib/booking/deep-link';
import type { HouseSummary } from '@/lib/booking/types';

/**
 * The house page address for a result: the party of the search and the stay the price was
 * quoted for (the guest's dates, or the partner's default stay for that house), so the house
 * page opens on the same price.
 */
export function houseHref(house: HouseSummary, criteria: SearchCriteria): string {
  const stay = house.price
    ? { startDate: house.price.startDate, endDate: house.price.endDate }
    : criteria.startDate !== undefined && criteria.endDate !== undefined
      ? { startDate: criteria.startDate, endDate: criteria.endDate }
      : {};
  const query = serializeCriteria({ ...stay, ...getParty(criteria) }).toString();
  return query ? `/houses/${house.id}?${query}` : `/houses/${house.id}`;
}
