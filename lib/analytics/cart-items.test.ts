import { describe, expect, it } from 'vitest';
import type { Service } from '@/lib/booking/types';
import { addedCartItems, chosenCartItems } from './cart-items';

const service = (id: number, name: string, cost: number, costType: string): Service => ({
  id,
  name,
  cost,
  costType,
  hasDatePicker: false,
});

const context = {
  services: [service(3, 'Bed linen', 12.5, 'PER_PIECE'), service(4, 'Cleaning', 80, 'PER_STAY')],
  preferences: [service(9, 'Jetty', 5, 'PER_NIGHT')],
  nights: 7,
  persons: 2,
};

describe('cart items of the booking flow', () => {
  it('lists chosen preferences once and extras with their quantity, priced per piece for the stay', () => {
    expect(chosenCartItems(context, { preferenceIds: [9], services: [{ id: 3, quantity: 2 }] })).toEqual([
      { item_id: 'preference-9', item_name: 'Jetty', item_category: 'preference', price: 35, quantity: 1 },
      { item_id: 'extra-3', item_name: 'Bed linen', item_category: 'extra', price: 12.5, quantity: 2 },
    ]);
  });

  it('skips choices the stay does not offer', () => {
    expect(chosenCartItems(context, { preferenceIds: [99], services: [{ id: 77, quantity: 1 }] })).toEqual(
      [],
    );
  });

  it('counts as added only new items and the added pieces of grown ones, never removals', () => {
    const before = chosenCartItems(context, { preferenceIds: [9], services: [{ id: 3, quantity: 1 }] });
    const now = chosenCartItems(context, {
      preferenceIds: [],
      services: [
        { id: 3, quantity: 3 },
        { id: 4, quantity: 1 },
      ],
    });
    expect(addedCartItems(before, now).map((i) => [i.item_id, i.quantity])).toEqual([
      ['extra-3', 2],
      ['extra-4', 1],
    ]);
    expect(addedCartItems(now, before)).toEqual([{ ...before[0], quantity: 1 }]);
  });
});
