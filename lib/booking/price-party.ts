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

/** Which message names a priced party: its persons, its pets, or both, as far as the partner said. */
export type PricedPartyMessage =
  | { key: 'pricedPersons'; values: { persons: number } }
  | { key: 'pricedPets'; values: { pets: number } }
  | { key: 'pricedPersonsPets'; values: { persons: number; pets: number } };

/**
 * The party a price was made for, when that is not the party asked: what the page names instead
 * of presenting the amount as this party's price. Null when the price is the party's (or does not
 * say whose it is).
 */
export function otherPartyPriced(
  price: Pick<HousePrice, 'pricedFor'>,
  party: Party,
): PricedPartyMessage | null {
  const priced = price.pricedFor;
  if (!priced || priceFitsParty(price, party)) return null;
  const { persons, pets } = priced;
  if (persons !== undefined && pets !== undefined)
    return { key: 'pricedPersonsPets', values: { persons, pets } };
  if (persons !== undefined) return { key: 'pricedPersons', values: { persons } };
  if (pets !== undefined) return { key: 'pricedPets', values: { pets } };
  return null;
}

/**
 * The part of a price a voucher may pay, where the page may say so: only beside a price that is
 * this party's, since a voucher amount for another party's price says nothing certain about it.
 */
export function voucherFor(
  price: Pick<HousePrice, 'pricedFor' | 'voucherAmount'>,
  party: Party,
): number | null {
  if (price.voucherAmount === undefined || !(price.voucherAmount > 0)) return null;
  return priceFitsParty(price, party) ? price.voucherAmount : null;
}
