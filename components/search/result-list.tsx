import type { SearchCriteria } from '@/lib/booking/deep-link';
import type { HouseSummary } from '@/lib/booking/types';
import { HouseCard } from './house-card';

export function ResultList({
  houses,
  criteria,
  typeNames,
  parkNames,
}: {
  houses: HouseSummary[];
  criteria: SearchCriteria;
  typeNames: ReadonlyMap<number, string>;
  parkNames: ReadonlyMap<number, string>;
}) {
  return (
    <ul className="space-y-4" aria-labelledby="results-heading">
      {houses.map((house, index) => (
        <li key={house.id}>
          <HouseCard
            house={house}
            criteria={criteria}
            typeName={house.houseTypeId !== undefined ? typeNames.get(house.houseTypeId) : undefined}
            parkName={house.parkId !== undefined ? parkNames.get(house.parkId) : undefined}
            eager={index < 2}
          />
        </li>
      ))}
    </ul>
  );
}
