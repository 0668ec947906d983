import { describe, expect, it } from 'vitest';
import { DEFAULT_PARTY } from './party';
import { priceFitsParty } from './price-party';

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
