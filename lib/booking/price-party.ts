import type { HousePrice } from './types';
import { countPersons, type Party } from './party';

/**
 * Whether a price is the price for this party. The partner may say which persons and pets it
 * priced; where that differs from the party asked (a partner that ignores the pets, or prices its
 * default two adults), the amount is not this party's price and must not be shown as if it were.
 * A price that does not say is taken as the price asked for.
 */
export function priceFitsParty(price: Pick<HousePrice, 'pricedFor'>, party: Party): boolean {
  const priced = price.pricedFor;
  if (!priced) return true;
  if (priced.persons !== undefined && priced.persons !== countPersons(party)) return false;
  if (priced.pets !== undefined && priced.pets !== party.pets) return false;
  return true;
}
