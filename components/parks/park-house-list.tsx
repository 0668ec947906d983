import { useTranslations } from 'next-intl';
import { getParty, serializeCriteria, type SearchCriteria } from '@/lib/booking/deep-link';
import type { ParkHouseEntry } from '@/lib/pages/park';
import { Link } from '@/lib/i18n/navigation';
import { HouseCard, useCardLabels } from '@/components/search/house-card';
import { houseHref } from '@/components/search/house-link';

/**
 * The address of a park house's page with the guest's party (and dates, when the address chose
 * them). A house the search found opens on the stay its price was quoted for.
 */
export function parkHouseHref(house: ParkHouseEntry, criteria: SearchCriteria): string {
  if (house.summary) return houseHref(house.summary, criteria);
  const stay =
    criteria.startDate !== undefined && criteria.endDate !== undefined
      ? { startDate: criteria.startDate, endDate: criteria.endDate }
      : {};
  const query = serializeCriteria({ ...stay, ...getParty(criteria) }).toString();
  return query ? `/houses/${house.id}?${query}` : `/houses/${house.id}`;
}

/**
 * The houses of a park. A house the search for the page's criteria found shows as in the search
 * results (picture, facts, price); one it did not find (not free then, or not for this party)
 * shows by name only: the park page asks the partner nothing per house.
 */
export function ParkHouseList({
  houses,
  criteria,
  parkName,
  typeNames,
}: {
  houses: readonly ParkHouseEntry[];
  criteria: SearchCriteria;
  parkName: string;
  typeNames?: ReadonlyMap<number, string>;
}) {
  const t = useTranslations('parks');
  const labels = useCardLabels();
  return (
    <ul className="space-y-4" aria-labelledby="park-houses-heading">
      {houses.map((house, index) => {
        const name = house.name || t('houseUnnamed', { id: house.id });
        const href = parkHouseHref(house, criteria);
        return (
          <li key={house.id}>
            {house.summary ? (
              <HouseCard
                house={{ ...house.summary, name }}
                criteria={criteria}
                labels={labels}
                typeName={house.summary.houseTypeId !== undefined ? typeNames?.get(house.summary.houseTypeId) : undefined}
                parkName={parkName}
                loading={index < 2 ? 'eager' : 'lazy'}
              />
            ) : (
              <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <h3 className="text-lg font-bold text-slate-950">
                  <Link href={href} prefetch={false} className="inline-flex min-h-11 items-center hover:underline">
                    {name}
                  </Link>
                </h3>
              </article>
            )}
          </li>
        );
      })}
    </ul>
  );
}
