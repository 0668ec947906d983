import type { SearchCriteria } from '@/lib/booking/deep-link';
import type { HouseSummary } from '@/lib/booking/types';
import { HouseCard, useCardLabels } from './house-card';

/** The id of a result's list item: the target of a "show more" link without JavaScript. */
export function resultItemId(position: number): string {
  return `result-${position}`;
}

/**
 * The list items of a run of results, `firstIndex` being the place of the first one in the
 * whole list: the page renders them inside the result list, and "Show more" renders the next
 * run the same way. The cards share one object of the words they all say (see ResultCard).
 */
export function ResultItems({
  houses,
  firstIndex,
  criteria,
  typeNames,
  parkNames,
}: {
  houses: readonly HouseSummary[];
  firstIndex: number;
  criteria: SearchCriteria;
  typeNames: ReadonlyMap<number, string>;
  parkNames: ReadonlyMap<number, string>;
}) {
  const labels = useCardLabels();
  return houses.map((house, index) => (
    <li key={house.id} id={resultItemId(firstIndex + index + 1)}>
      <HouseCard
        house={house}
        criteria={criteria}
        labels={labels}
        typeName={house.houseTypeId !== undefined ? typeNames.get(house.houseTypeId) : undefined}
        parkName={house.parkId !== undefined ? parkNames.get(house.parkId) : undefined}
        loading={firstIndex + index === 0 ? 'first' : firstIndex + index < 2 ? 'eager' : 'lazy'}
      />
    </li>
  ));
}
