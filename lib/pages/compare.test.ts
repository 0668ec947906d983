import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PARTY } from '@/lib/booking/party';
import type { HouseDetail } from '@/lib/booking/types';
import { PartnerError } from '@/lib/partner-api/errors';

const reads = vi.hoisted(() => ({
  answers: new Map<number, () => Promise<unknown>>(),
  calls: [] as number[],
}));

vi.mock('./house', () => ({
  loadHouse: (id: number) => {
    reads.calls.push(id);
    const answer = reads.answers.get(id);
    return answer ? answer() : Promise.reject(new Error(`no answer for ${id}`));
  },
}));
vi.mock('@/lib/partner-api/failure-log', () => ({ reportPartnerFailure: vi.fn() }));

const { loadComparePage } = await import('./compare');

const REQUESTED = {
  stay: { startDate: '2027-06-04', endDate: '2027-06-11' },
  party: { ...DEFAULT_PARTY },
  issues: [],
};

function house(id: number): HouseDetail {
  return {
    id,
    name: `House ${id}`,
    persons: 4,
    maxPets: 0,
    facts: [],
    descriptions: { location: '', interior: '', surroundings: '', parkConditions: '' },
    pictures: [],
    virtualTourLink: null,
    mandatoryServices: [],
    optionalServices: [],
    preferences: [],
    features: [],
    availableStartDates: [],
    availableEndDates: [],
    selectedPeriod: null,
  };
}

const found =
  (id: number, stale = false) =>
  () =>
    Promise.resolve({ data: house(id), stale });
const failing = (code: ConstructorParameters<typeof PartnerError>[0]) => () =>
  Promise.reject(new PartnerError(code, code, { retryAfterSeconds: 20 }));

beforeEach(() => {
  reads.answers.clear();
  reads.calls = [];
});

describe('the compare page’s data', () => {
  it('reads each house once, side by side, and keeps the address’s order', async () => {
    for (const id of [3, 1, 2]) reads.answers.set(id, found(id));
    const data = await loadComparePage([3, 1, 2], REQUESTED, 'en');
    expect(reads.calls).toEqual([3, 1, 2]);
    expect(data.houses.map((h) => h.id)).toEqual([3, 1, 2]);
    expect(data.slots.map((slot) => slot.kind)).toEqual(['house', 'house', 'house']);
  });

  it('explains an id the partner does not know in its own slot and shows the rest', async () => {
    reads.answers.set(1, found(1));
    reads.answers.set(99, failing('not_found'));
    reads.answers.set(2, found(2, true));
    const data = await loadComparePage([1, 99, 2], REQUESTED, 'en');
    expect(data.slots).toEqual([
      expect.objectContaining({ kind: 'house' }),
      { kind: 'unknown', id: 99 },
      expect.objectContaining({ kind: 'house' }),
    ]);
    expect(data.stale).toBe(true);
  });

  it('tells a house the partner could not answer for beside the houses it did answer for', async () => {
    reads.answers.set(1, found(1));
    reads.answers.set(2, failing('quota_exhausted'));
    const data = await loadComparePage([1, 2], REQUESTED, 'en');
    expect(data.slots[1]).toEqual({ kind: 'unavailable', id: 2 });
    expect(reads.calls).toEqual([1, 2]);
  });

  it('tells dates the partner refused for a house without asking again without them', async () => {
    reads.answers.set(1, found(1));
    reads.answers.set(2, failing('invalid_input'));
    const data = await loadComparePage([1, 2], REQUESTED, 'en');
    expect(data.slots[1]).toEqual({ kind: 'datesRejected', id: 2 });
    expect(reads.calls).toEqual([1, 2]);
  });

  it('fails as busy (for the busy notice) when no house could be read and the partner failed', async () => {
    reads.answers.set(1, failing('rate_limited'));
    reads.answers.set(2, failing('not_found'));
    await expect(loadComparePage([1, 2], REQUESTED, 'en')).rejects.toMatchObject({ code: 'rate_limited' });
  });

  it('does not fail when every id is simply unknown', async () => {
    reads.answers.set(7, failing('not_found'));
    const data = await loadComparePage([7], REQUESTED, 'en');
    expect(data.houses).toEqual([]);
    expect(data.slots).toEqual([{ kind: 'unknown', id: 7 }]);
  });

  it('throws on anything that is not a partner failure (a bug goes to the error page)', async () => {
    reads.answers.set(1, () => Promise.reject(new TypeError('bug')));
    await expect(loadComparePage([1], REQUESTED, 'en')).rejects.toThrow(TypeError);
  });
});
