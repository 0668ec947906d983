import { describe, expect, it } from 'vitest';
import { DEFAULT_PARTY } from './party';
import { otherPartyPriced, priceFitsParty, voucherFor } from './price-party';

const family = { ...DEFAULT_PARTY, child0512: 2, pets: 1 };

describe('priceFitsParty', () => {
  it('takes a price that names no party as the price asked for', () => {
    expect(priceFitsParty({}, family)).toBe(true);
  });

  it('accepts a price for exactly the persons and pets asked for', () => {
    expect(priceFitsParty({ pricedFor: { persons: 4, pets: 1 } }, family)).toBe(true);
  });

  it('refuses a price for other persons than the party asked', () => {
    expect(priceFitsParty({ pricedFor: { persons: 2 } }, family)).toBe(false);
  });

  it('refuses a price that leaves out the pets the party brings', () => {
    expect(priceFitsParty({ pricedFor: { persons: 4, pets: 0 } }, family)).toBe(false);
  });
});

describe('otherPartyPriced', () => {
  it('names nothing for a price that is the party’s, or does not say whose it is', () => {
    expect(otherPartyPriced({}, family)).toBeNull();
    expect(otherPartyPriced({ pricedFor: { persons: 4, pets: 1 } }, family)).toBeNull();
  });

  it('names the persons and pets of a price made for another party, as far as the partner said', () => {
    expect(otherPartyPriced({ pricedFor: { persons: 2, pets: 0 } }, family)).toEqual({
      key: 'pricedPersonsPets',
      values: { persons: 2, pets: 0 },
    });
    expect(otherPartyPriced({ pricedFor: { persons: 2 } }, family)).toEqual({
      key: 'pricedPersons',
      values: { persons: 2 },
    });
    expect(otherPartyPriced({ pricedFor: { pets: 0 } }, family)).toEqual({
      key: 'pricedPets',
      values: { pets: 0 },
    });
  });
});

describe('voucherFor', () => {
  it('gives the voucher part of the party’s own price', () => {
    expect(voucherFor({ voucherAmount: 50 }, family)).toBe(50);
    expect(voucherFor({ voucherAmount: 50, pricedFor: { persons: 4, pets: 1 } }, family)).toBe(50);
  });

  it('gives nothing without a positive amount, or beside a price made for another party', () => {
    expect(voucherFor({}, family)).toBeNull();
    expect(voucherFor({ voucherAmount: 0 }, family)).toBeNull();
    expect(voucherFor({ voucherAmount: 50, pricedFor: { persons: 2 } }, family)).toBeNull();
  });
});
