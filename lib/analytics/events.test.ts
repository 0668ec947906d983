import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_EVENT_NAMES,
  addPaymentInfo,
  addToCart,
  beginCheckout,
  purchase,
  toSafeEvent,
  viewItem,
  viewItemList,
  type AnalyticsEvent,
  type HouseFacts,
} from './events';

/** A guest as the booking form holds one: none of it may ever reach an event. */
const GUEST = {
  firstName: 'Anna',
  insertion: 'van der',
  lastName: 'Berg-Özdemir',
  email: 'anna.berg@example.nl',
  phone: '020 123 4567',
  mobile: '06 12345678',
  street: 'Keizersgracht',
  houseNumber: '12a',
  postcode: '1015 CX',
  city: 'Amsterdam',
};

const EVENT_KEYS = ['event', 'ecommerce'];
const ECOMMERCE_KEYS = [
  'currency',
  'value',
  'transaction_id',
  'payment_type',
  'item_list_id',
  'item_list_name',
  'items',
];
const ITEM_KEYS = [
  'item_id',
  'item_name',
  'item_category',
  'item_category2',
  'item_category3',
  'item_list_id',
  'item_list_name',
  'index',
  'price',
  'quantity',
];

/** A house handed over with the guest's details mixed in, as a careless caller might. */
const house = {
  id: 7,
  name: 'Dune Lodge',
  typeName: 'Villa',
  parkName: 'Beach Park',
  price: 812.5,
  ...GUEST,
} as HouseFacts;

function everyEvent(): AnalyticsEvent[] {
  return [
    viewItemList([house, { ...house, id: 8 }]),
    viewItem(house),
    beginCheckout(house),
    addToCart([
      {
        item_id: 'extra-3',
        item_name: 'Bed linen',
        item_category: 'extra',
        price: 12.5,
        quantity: 2,
        ...GUEST,
      },
    ]),
    addPaymentInfo(house, 'NowFullAmount'),
    purchase({ reservationCode: 'TX-123', house, ...GUEST } as Parameters<typeof purchase>[0]),
  ];
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('analytics events', () => {
  it('carry only the fields of GA4 e-commerce events, whatever the caller mixes into their input', () => {
    for (const event of everyEvent()) {
      expect(Object.keys(event).every((key) => EVENT_KEYS.includes(key))).toBe(true);
      expect(Object.keys(event.ecommerce).every((key) => ECOMMERCE_KEYS.includes(key))).toBe(true);
      for (const item of event.ecommerce.items) {
        expect(Object.keys(item).every((key) => ITEM_KEYS.includes(key))).toBe(true);
      }
    }
  });

  it('never contain the guest’s name, e-mail, phone or address in any value', () => {
    const guestValues = Object.values(GUEST);
    for (const event of everyEvent()) {
      const values = strings(event);
      for (const personal of guestValues) expect(values.some((v) => v.includes(personal))).toBe(false);
      expect(values.some((v) => v.includes('@'))).toBe(false);
    }
  });

  it('strip personal or unknown fields from an event built by hand before it could be pushed', () => {
    const safe = toSafeEvent({
      event: 'purchase',
      user_data: { email: GUEST.email, sha256_email_address: 'ab12' },
      ecommerce: {
        transaction_id: 'TX-9',
        value: 10,
        customer: GUEST,
        items: [
          { item_id: '1', item_name: GUEST.email, item_category: 'house', quantity: 1, email: GUEST.email },
        ],
      },
    });
    expect(safe).toEqual({
      event: 'purchase',
      ecommerce: { currency: 'EUR', value: 10, transaction_id: 'TX-9', items: [] },
    });
    expect(toSafeEvent({ event: 'login', ecommerce: { items: [] } })).toBeNull();
  });

  it('describe the search results in their order with the house, its type, park and stay price', () => {
    const event = viewItemList([house, { id: 8, name: 'Pine Cabin', price: null }]);
    expect(event).toEqual({
      event: 'view_item_list',
      ecommerce: {
        currency: 'EUR',
        item_list_id: 'search_results',
        item_list_name: 'Search results',
        items: [
          {
            item_id: '7',
            item_name: 'Dune Lodge',
            item_category: 'house',
            item_category2: 'Villa',
            item_category3: 'Beach Park',
            item_list_id: 'search_results',
            item_list_name: 'Search results',
            index: 0,
            price: 812.5,
            quantity: 1,
          },
          {
            item_id: '8',
            item_name: 'Pine Cabin',
            item_category: 'house',
            item_list_id: 'search_results',
            item_list_name: 'Search results',
            index: 1,
            quantity: 1,
          },
        ],
      },
    });
  });

  it('value the extras added by their pieces, and the purchase by the booked total with the partner’s code', () => {
    const cart = addToCart([
      { item_id: 'extra-3', item_name: 'Bed linen', item_category: 'extra', price: 12.5, quantity: 2 },
      { item_id: 'preference-9', item_name: 'Jetty', item_category: 'preference', price: 0.1, quantity: 1 },
    ]);
    expect(cart.ecommerce.value).toBe(25.1);
    const bought = purchase({
      reservationCode: 'TX-123',
      house: { id: 7, name: 'Dune Lodge', price: 1034.75 },
    });
    expect(bought.ecommerce).toMatchObject({ transaction_id: 'TX-123', value: 1034.75, currency: 'EUR' });
    expect(addPaymentInfo({ id: 7, name: 'Dune Lodge', price: null }, 'Later').ecommerce).toEqual({
      payment_type: 'Later',
      items: [{ item_id: '7', item_name: 'Dune Lodge', item_category: 'house', quantity: 1 }],
    });
  });

  it('are the six GA4 events the README lists', () => {
    expect([...ANALYTICS_EVENT_NAMES]).toEqual(everyEvent().map((e) => e.event));
  });
});
