import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStore } from '@/lib/upstream/memory-store';

/** The finished booking a session keeps: who may read it, and which stay it is. */

const gateway = vi.hoisted(() => ({ store: null as unknown }));
vi.mock('@/lib/partner-api/gateway', () => ({ getGateway: () => gateway }));

const { isBookedStay, readSessionBooking } = await import('./booking-records');
const { writeDone } = await import('./store');
type Done = Parameters<typeof writeDone>[1];

const SID = 'a'.repeat(32);
const party = { adults: 2, child0002: 0, child0304: 0, child0512: 0, child1317: 0, pets: 0 };

const done: Done = {
  v: 1,
  houseId: 1001,
  houseName: 'Villa Duinzicht',
  startDate: '2027-03-05',
  endDate: '2027-03-08',
  party,
  cancellationFund: false,
  preferenceIds: [],
  unit: null,
  price: { groups: [], total: 300 },
  terms: {
    paymentBookingType: null,
    fullPayAmount: 300,
    firstPayAmount: null,
    cancellationFundPossible: false,
    cancellationFund: null,
  },
  txn: 'd'.repeat(24),
  reservationCode: 'RES-77',
  paymentType: 'Later',
  status: 'confirmed',
  finalizedAt: Date.UTC(2026, 10, 1),
};

function session(overrides: Partial<{ sid: string; houseId: number; stage: 'held' | 'finalized' }> = {}) {
  return {
    v: 1 as const,
    sid: SID,
    houseId: 1001,
    transactionId: 'txn-1',
    holdExpiresAt: Date.now() + 30 * 60_000,
    stage: 'finalized' as const,
    locale: 'en' as const,
    ...overrides,
  };
}

beforeEach(async () => {
  gateway.store = new MemoryStore();
  await writeDone(SID, done);
});

describe('readSessionBooking', () => {
  it('gives a finalized session its own finished booking, on every read', async () => {
    expect((await readSessionBooking(session()))?.reservationCode).toBe('RES-77');
    expect((await readSessionBooking(session()))?.reservationCode).toBe('RES-77');
  });

  it('gives nothing without a session or to another session', async () => {
    expect(await readSessionBooking(null)).toBeNull();
    expect(await readSessionBooking(session({ sid: 'b'.repeat(32) }))).toBeNull();
    expect(await readSessionBooking(session({ sid: 'b'.repeat(32), stage: 'held' }))).toBeNull();
  });

  it('gives the booking to a copy of the cookie made while it was still holding: the record decides, not the stage', async () => {
    expect((await readSessionBooking(session({ stage: 'held' })))?.reservationCode).toBe('RES-77');
  });

  it('gives nothing when the record is of another house than the session names', async () => {
    expect(await readSessionBooking(session({ houseId: 1002 }))).toBeNull();
  });
});

describe('isBookedStay', () => {
  it('matches the same house for exactly the same nights, a time on the dates aside', () => {
    expect(isBookedStay(done, { houseId: 1001, startDate: '2027-03-05', endDate: '2027-03-08' })).toBe(true);
    const withTime = { ...done, startDate: '2027-03-05T00:00:00.000Z', endDate: '2027-03-08T00:00:00.000Z' };
    expect(isBookedStay(withTime, { houseId: 1001, startDate: '2027-03-05', endDate: '2027-03-08' })).toBe(
      true,
    );
  });

  it('does not match other nights or another house, so those can be booked as new', () => {
    expect(isBookedStay(done, { houseId: 1001, startDate: '2027-03-05', endDate: '2027-03-09' })).toBe(false);
    expect(isBookedStay(done, { houseId: 1001, startDate: '2027-03-04', endDate: '2027-03-08' })).toBe(false);
    expect(isBookedStay(done, { houseId: 1002, startDate: '2027-03-05', endDate: '2027-03-08' })).toBe(false);
  });
});
