import type { HousePrice, HouseSummary } from '@/lib/booking/types';
import type { HouseFacts } from './events';

/** What the guest pays for the stay: the discounted price when there is one. */
export function stayPrice(price: HousePrice | null | undefined): number | null {
  return price ? (price.discounted ?? price.full) : null;
}

/** Search results as event facts, with the names of their house types and parks. */
export function listedHouses(
  houses: readonly HouseSummary[],
  typeNames: ReadonlyMap<number, string>,
  parkNames: ReadonlyMap<number, string>,
): HouseFacts[] {
  return houses.map((house) => ({
    id: house.id,
    name: house.name,
    typeName: house.houseTypeId !== undefined ? typeNames.get(house.houseTypeId) : undefined,
    parkName: house.parkId !== undefined ? parkNames.get(house.parkId) : undefined,
    price: stayPrice(house.price),
  }));
}
