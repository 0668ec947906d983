import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { getGateway, replaceGateway } from '@/lib/partner-api/gateway';
import { MemoryStore } from '@/lib/upstream/memory-store';
import {
  STALE_IN_FLIGHT_MS,
  UUID_V4,
  claimFinalize,
  completeFinalize,
  fingerprint,
  finalizeState,
  releaseFinalize,
} from './finalize-records';
import { RECORD_TTL_MS, finalizeRecordKey } from './store';

/** The finalize idempotency record's rules, on the in-memory store. */

/** The gateway's store, new and empty. */
function freshStore(): void {
  replaceGateway({ ...getGateway(), store: new MemoryStore() });
}

afterAll(() => replaceGateway(undefined));

const recordKey = (sid: string, transactionId: string) => finalizeRecordKey({ sid, transactionId });

const scope = { sid: 'a'.repeat(32), transactionId: 'txn-1' };
const K1 = '0b6c5f8e-1f2a-4c3d-9e4f-5a6b7c8d9e0f';
const K2 = '7d1e2f3a-4b5c-4d6e-8f70-81a2b3c4d5e6';
const later = fingerprint({ paymentType: 'Later' });
const full = fingerprint({ paymentType: 'NowFullAmount' });
const ok = { status: 200, body: { status: 'confirmed', next: 'https://site.example/nl/booking/thank-you' } };

describe('finalize idempotency records', () => {
  it('lets the first request through and replays the stored response to the same key', async () => {
    freshStore();
    const first = await claimFinalize(scope, { key: K1, fp: later });
    expect(first.kind).toBe('acquired');
    if (first.kind !== 'acquired') return;
    expect(await claimFinalize(scope, { key: K1, fp: later })).toEqual({ kind: 'in_progress' });
    await completeFinalize(scope, { key: K1, fp: later }, { state: 'done', response: ok });
    expect(await claimFinalize(scope, { key: K1, fp: later })).toEqual({
      kind: 'replay',
      response: ok,
    });
    expect(await finalizeState(scope)).toBe('done');
  });

  it('answers 422 for the same key with another payload, in flight or done', async () => {
    freshStore();
    await claimFinalize(scope, { key: K1, fp: later });
    expect(await claimFinalize(scope, { key: K1, fp: full })).toEqual({ kind: 'key_reused' });
  });

  it('gives a second tab (another key) the stored result, or 409 for another payload', async () => {
    freshStore();
    const first = await claimFinalize(scope, { key: K1, fp: later });
    if (first.kind !== 'acquired') throw new Error('not acquired');
    expect(await claimFinalize(scope, { key: K2, fp: later })).toEqual({ kind: 'in_progress' });
    await completeFinalize(scope, { key: K1, fp: later }, { state: 'done', response: ok });
    expect(await claimFinalize(scope, { key: K2, fp: later })).toEqual({
      kind: 'replay',
      response: ok,
    });
    expect(await claimFinalize(scope, { key: K2, fp: full })).toEqual({ kind: 'already_finalized' });
  });

  it('frees the transaction again after a definite failure', async () => {
    freshStore();
    const first = await claimFinalize(scope, { key: K1, fp: later });
    if (first.kind !== 'acquired') throw new Error('not acquired');
    await releaseFinalize(scope);
    expect((await claimFinalize(scope, { key: K2, fp: full })).kind).toBe('acquired');
  });

  it('keeps an unknown outcome as "checking" and never lets another call through', async () => {
    freshStore();
    const first = await claimFinalize(scope, { key: K1, fp: later });
    if (first.kind !== 'acquired') throw new Error('not acquired');
    const checking = { status: 202, body: { status: 'checking' } };
    await completeFinalize(scope, { key: K1, fp: later }, { state: 'unknown', response: checking });
    expect(await claimFinalize(scope, { key: K2, fp: later })).toEqual({
      kind: 'replay',
      response: checking,
    });
    expect(await finalizeState(scope)).toBe('unknown');
  });

  it('treats an in-flight record older than any write as an unknown outcome, reported lost once', async () => {
    freshStore();
    const t0 = 1_000_000;
    const checking = { status: 202, body: { status: 'checking' } };
    await claimFinalize(scope, { key: K1, fp: later }, t0);
    const claim = await claimFinalize(scope, { key: K1, fp: later }, t0 + STALE_IN_FLIGHT_MS + 1);
    expect(claim).toEqual({ kind: 'lost', response: checking });
    // From then on it is a stored unknown outcome, for this key and any other.
    expect(await claimFinalize(scope, { key: K1, fp: later })).toEqual({
      kind: 'replay',
      response: checking,
    });
    expect(await claimFinalize(scope, { key: K2, fp: full })).toEqual({ kind: 'replay', response: checking });
    expect(await finalizeState(scope)).toBe('unknown');
  });

  it('scopes records by session and transaction and keeps them for at least a day', () => {
    expect(RECORD_TTL_MS).toBeGreaterThanOrEqual(24 * 60 * 60_000);
    expect(recordKey('a'.repeat(32), 'x')).not.toBe(recordKey('b'.repeat(32), 'x'));
    expect(recordKey('a'.repeat(32), 'x')).not.toBe(recordKey('a'.repeat(32), 'y'));
    // The transactionId itself is not in the key.
    expect(recordKey('a'.repeat(32), 'secret-transaction')).not.toContain('secret-transaction');
  });

  it('lets exactly one of any number of concurrent claims through (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 20 }), fc.scheduler(), async (n, s) => {
        freshStore();
        const claims = Array.from({ length: n }, (_, i) =>
          s
            .schedule(Promise.resolve(i))
            .then(() => claimFinalize(scope, { key: i % 2 ? K1 : K2, fp: later })),
        );
        await s.waitAll();
        const kinds = (await Promise.all(claims)).map((c) => c.kind);
        expect(kinds.filter((k) => k === 'acquired')).toHaveLength(1);
        expect(kinds.every((k) => k === 'acquired' || k === 'in_progress')).toBe(true);
      }),
      { numRuns: 50 },
    );
  });
});

describe('keys', () => {
  it('validates Idempotency-Keys as UUID v4', () => {
    expect(UUID_V4.test(K1)).toBe(true);
    expect(UUID_V4.test(crypto.randomUUID())).toBe(true);
    expect(UUID_V4.test('0b6c5f8e-1f2a-1c3d-9e4f-5a6b7c8d9e0f')).toBe(false); // v1
    expect(UUID_V4.test('not-a-uuid')).toBe(false);
  });
});
