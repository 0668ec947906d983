import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingSelection } from '@/lib/booking/selection';
import { getGateway, replaceGateway } from '@/lib/partner-api/gateway';
import { createStore } from '@/lib/upstream/create-store';
import type { Store } from '@/lib/upstream/store';
import { startRedis, type RedisServer } from '@/test/redis';
import { releaseFinalize } from './finalize-records';
import { releaseTaken, markTaken } from '../rules/taken-units';
import {
  createFinalizeRecord,
  forgetHeld,
  readDone,
  readFinalizeRecord,
  readHeld,
  readPendingAttempt,
  readTakenUnits,
  rememberPendingAttempt,
  writeDone,
  writeHeld,
  type DoneSummary,
  type HeldSummary,
} from './store';

/**
 * The booking flow's records in the shared store: under the keys and in the shapes every running
 * instance reads (a deploy must not lose what a running Redis holds), on both kinds of store.
 */

const SID = 'c'.repeat(32);
const NOW = Date.UTC(2027, 0, 10);
const party = { adults: 2, child0002: 0, child0304: 0, child0512: 0, child1317: 0, pets: 0 };
const terms = {
  paymentBookingType: null,
  fullPayAmount: 300,
  firstPayAmount: null,
  cancellationFund: null,
  cancellationFundPossible: false,
};

const held: HeldSummary = {
  v: 1,
  houseId: 1001,
  houseName: 'Villa Duinzicht',
  startDate: '2027-03-05',
  endDate: '2027-03-08',
  party,
  selectionKey: 'k'.repeat(32),
  cancellationFund: false,
  preferenceIds: [],
  unit: { id: 5, number: 'U5', allowPets: false, preferenceIds: [], maxPets: null },
  price: { groups: [], total: 300 },
  terms,
  holdExpiresAt: NOW + 30 * 60_000,
  holdSetBy: 'partner',
  txn: 't'.repeat(24),
};

const done: DoneSummary = {
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
  terms,
  txn: 't'.repeat(24),
  reservationCode: 'RES-1',
  paymentType: 'Later',
  status: 'confirmed',
  finalizedAt: NOW,
};

let redis: RedisServer;
let prefixes = 0;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  replaceGateway(undefined);
  await redis.stop();
});

const kinds = [
  ['memory', () => createStore({})],
  ['redis', () => createStore({ redisUrl: redis.url, keyPrefix: `records-${(prefixes += 1)}:` })],
] as const;

describe.each(kinds)('booking records on the %s store', (_kind, make) => {
  async function withStore(run: (raw: Store['idempotency']) => Promise<void>) {
    const store = make();
    const before = getGateway();
    replaceGateway({ ...before, store });
    try {
      await run(store.idempotency);
    } finally {
      replaceGateway(before);
      await store.close();
    }
  }

  it('writes the hold and the finished booking under their versioned keys, and reads them back', () =>
    withStore(async (raw) => {
      await writeHeld(SID, held, NOW);
      await writeDone(SID, done);
      expect(await raw.get(`booking:held:v1:${SID}`)).toEqual(held);
      expect(await raw.get(`booking:done:v1:${SID}`)).toEqual(done);
      expect(await readHeld(SID)).toEqual(held);
      expect(await readDone(SID)).toEqual(done);
    }));

  it('reads records an instance of the running version wrote, and ignores what does not parse', () =>
    withStore(async (raw) => {
      await raw.set(`booking:held:v1:${SID}`, held, 60_000);
      await raw.set(`booking:done:v1:${SID}`, { ...done, status: 'not-a-status' }, 60_000);
      await raw.set(
        'booking:pending-attempt:v1:p1',
        { houseId: 1, unitId: null, startDate: 'a', endDate: 'b', until: NOW + 1 },
        60_000,
      );
      await raw.set(
        'booking:taken:v1:1001',
        [{ unitId: 5, start: 'a', end: 'b', until: NOW + 1, owner: 'x' }],
        60_000,
      );
      const record = { state: 'in_flight', startedAt: NOW, key: 'k1', fp: 'f1' };
      await raw.set(`booking:finalize:v1:${SID}:d2a542da32960001a3cf2f1d`, record, 60_000);
      expect(await readHeld(SID)).toEqual(held);
      expect(await readDone(SID)).toBeNull();
      expect(await readPendingAttempt('p1', NOW)).toMatchObject({ houseId: 1, until: NOW + 1 });
      expect(await readTakenUnits(1001, NOW)).toEqual([
        { unitId: 5, start: 'a', end: 'b', until: NOW + 1, owner: 'x' },
      ]);
      expect(await readFinalizeRecord({ sid: SID, transactionId: 'txn-1' })).toEqual(record);
    }));

  it('keeps a pending attempt under the id of its cookie until its hold would lapse', () =>
    withStore(async (raw) => {
      const selection: BookingSelection = {
        houseId: 7,
        unitId: 3,
        startDate: '2027-03-05',
        endDate: '2027-03-08',
        party,
        preferenceIds: [],
        services: [],
        cancellationFund: false,
      };
      await rememberPendingAttempt('a1', selection, NOW);
      const stored = {
        houseId: 7,
        unitId: 3,
        startDate: '2027-03-05',
        endDate: '2027-03-08',
        until: NOW + 30 * 60_000,
      };
      expect(await raw.get('booking:pending-attempt:v1:a1')).toEqual(stored);
      expect(await readPendingAttempt('a1', NOW)).toEqual(stored);
      expect(await readPendingAttempt('a1', NOW + 30 * 60_000)).toBeNull();
      expect(await readPendingAttempt(undefined, NOW)).toBeNull();
    }));

  it('deletes a forgotten hold at once, so nothing of it is left to read', () =>
    withStore(async (raw) => {
      await writeHeld(SID, held, NOW);
      await forgetHeld(SID);
      expect(await raw.get(`booking:held:v1:${SID}`)).toBeUndefined();
      expect(await readHeld(SID)).toBeNull();
    }));

  it('deletes a house’s taken-units record when its last unit is released', () =>
    withStore(async (raw) => {
      const now = Date.now();
      await markTaken(
        1001,
        { unitId: 5, start: '2027-03-05', end: '2027-03-08', until: now + 60_000, owner: SID },
        now,
      );
      expect(await raw.get('booking:taken:v1:1001')).toEqual([
        { unitId: 5, start: '2027-03-05', end: '2027-03-08', until: now + 60_000, owner: SID },
      ]);
      await releaseTaken(1001, SID);
      expect(await raw.get('booking:taken:v1:1001')).toBeUndefined();
    }));

  it('deletes a released finalize record, so the transaction can be claimed again at once', () =>
    withStore(async (raw) => {
      const scope = { sid: SID, transactionId: 'txn-1' };
      const record = { state: 'in_flight' as const, startedAt: NOW, key: 'k1', fp: 'f1' };
      expect(await createFinalizeRecord(scope, record)).toBe(true);
      expect(await createFinalizeRecord(scope, record)).toBe(false);
      await releaseFinalize(scope);
      expect(await raw.get(`booking:finalize:v1:${SID}:d2a542da32960001a3cf2f1d`)).toBeUndefined();
      expect(await createFinalizeRecord(scope, record)).toBe(true);
    }));
});
