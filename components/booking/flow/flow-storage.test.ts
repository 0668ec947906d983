import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearBookingDone,
  loadBookedContact,
  loadBookedStay,
  loadHoldMarker,
  loadLatestSelection,
  saveGuest,
  wasBookingDone,
} from './flow-storage';
import { loadValidGuest, markBookingDone } from './valid-guest';

/** A tab's sessionStorage, in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const typed = {
  firstName: 'Anna',
  insertion: 'van den',
  lastName: 'Berg',
  street: 'Keizersgracht',
  houseNumber: '12a',
  postcode: '1015 CX',
  city: 'Amsterdam',
  country: 'NL',
  email: 'anna.berg@example.nl',
  phone: '020 123 4567',
  mobile: '',
  language: 'nl',
};

beforeEach(() => {
  vi.stubGlobal('window', { sessionStorage: memoryStorage() });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadValidGuest', () => {
  it('gives the stored details once they pass the form rules', () => {
    saveGuest(typed);
    expect(loadValidGuest()).toMatchObject({
      firstName: 'Anna',
      email: 'anna.berg@example.nl',
      country: 'NL',
    });
  });

  it('gives nothing for details still incomplete or wrong', () => {
    saveGuest({ ...typed, email: 'anna.berg@' });
    expect(loadValidGuest()).toBeNull();
    saveGuest({ firstName: 'Anna' });
    expect(loadValidGuest()).toBeNull();
  });
});

describe('markBookingDone', () => {
  it('forgets the details but keeps the name and e-mail for that house’s thank-you page', () => {
    saveGuest(typed);
    markBookingDone(42);
    expect(loadValidGuest()).toBeNull();
    expect(wasBookingDone(42)).toBe(true);
    expect(loadBookedContact(42)).toEqual({ name: 'Anna van den Berg', email: 'anna.berg@example.nl' });
    expect(loadBookedContact(43)).toBeNull();
  });

  it('keeps the name and e-mail when marked again after the details were cleared', () => {
    saveGuest(typed);
    markBookingDone(42);
    markBookingDone(42);
    expect(loadBookedContact(42)).toEqual({ name: 'Anna van den Berg', email: 'anna.berg@example.nl' });
  });

  it('stores no name or e-mail when there were no valid details', () => {
    markBookingDone(42);
    expect(wasBookingDone(42)).toBe(true);
    expect(loadBookedContact(42)).toBeNull();
  });
});

describe('loadBookedStay', () => {
  const booked = { startDate: '2027-03-05', endDate: '2027-03-08', reservationCode: 'RES-77' };

  it('names the booking for the same house and nights, kept when the booking is marked again', () => {
    markBookingDone(42, booked);
    markBookingDone(42);
    expect(loadBookedStay(42, '2027-03-05', '2027-03-08')).toEqual(booked);
  });

  it('is nothing for other nights, another house, or after a new hold cleared the mark', () => {
    markBookingDone(42, booked);
    expect(loadBookedStay(42, '2027-03-05', '2027-03-09')).toBeNull();
    expect(loadBookedStay(43, '2027-03-05', '2027-03-08')).toBeNull();
    clearBookingDone();
    expect(loadBookedStay(42, '2027-03-05', '2027-03-08')).toBeNull();
  });

  it('compares nights only when the record carries a time', () => {
    markBookingDone(42, { ...booked, startDate: '2027-03-05T00:00:00', endDate: '2027-03-08T00:00:00' });
    expect(loadBookedStay(42, '2027-03-05', '2027-03-08')?.reservationCode).toBe('RES-77');
  });
});

describe('records kept in the tab, read back', () => {
  const store = (key: string, value: unknown) => window.sessionStorage.setItem(key, JSON.stringify(value));

  it('gives nothing for a record of the wrong shape: storage outlives code and can be edited', () => {
    store('pbs.booking.done.v1', {
      houseId: '42',
      booked: { startDate: '2027-03-05', endDate: '2027-03-08', reservationCode: 'R' },
    });
    expect(wasBookingDone(42)).toBe(false);
    store('pbs.booking.done.v1', { houseId: 42, contact: { name: 7, email: 'a@b.nl' } });
    expect(wasBookingDone(42)).toBe(false);
    store('pbs.booking.done.v1', {
      houseId: 42,
      booked: { startDate: '2027-03-05', endDate: '2027-03-08', reservationCode: 'R'.repeat(201) },
    });
    expect(loadBookedStay(42, '2027-03-05', '2027-03-08')).toBeNull();
    store('pbs.booking.hold.v1', { houseId: 42, expiresAt: 'soon' });
    expect(loadHoldMarker()).toBeNull();
    store('pbs.booking.hold.v1', { houseId: 42, expiresAt: Number.MAX_VALUE * 2 });
    expect(loadHoldMarker()).toBeNull();
    window.sessionStorage.setItem('pbs.booking.selection.v1', '["stay", "prefs=301"]');
    expect(loadLatestSelection('stay')).toBeNull();
  });

  it('gives only the fields it knows, whatever else the record carries', () => {
    store('pbs.booking.hold.v1', { houseId: 42, expiresAt: 1_800_000_000_000, extra: '<b>' });
    expect(loadHoldMarker()).toEqual({ houseId: 42, expiresAt: 1_800_000_000_000 });
    store('pbs.booking.done.v1', {
      houseId: 42,
      at: 1,
      contact: { name: 'Anna', email: 'a@b.nl', phone: '1' },
    });
    expect(loadBookedContact(42)).toEqual({ name: 'Anna', email: 'a@b.nl' });
    store('pbs.booking.selection.v1', { stayKey: 'stay', selection: 'prefs=301' });
    expect(loadLatestSelection('stay')).toBe('prefs=301');
    expect(loadLatestSelection('other stay')).toBeNull();
  });
});
