import { describe, expect, it } from 'vitest';
import { namedPriceKind } from './booking-type';

describe('namedPriceKind', () => {
  it('names an early-booking and a last-minute price', () => {
    expect(namedPriceKind('EarlyBooking')).toBe('EarlyBooking');
    expect(namedPriceKind('LastMinute')).toBe('LastMinute');
    expect(namedPriceKind(' LastMinute ')).toBe('LastMinute');
  });

  it('names nothing for a normal price, an absent value or one the partner has not documented', () => {
    expect(namedPriceKind('Normal')).toBeNull();
    expect(namedPriceKind(null)).toBeNull();
    expect(namedPriceKind(undefined)).toBeNull();
    expect(namedPriceKind('')).toBeNull();
    expect(namedPriceKind('SpecialOffer')).toBeNull();
    expect(namedPriceKind('earlybooking')).toBeNull();
  });
});
