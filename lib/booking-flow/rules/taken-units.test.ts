import { afterAll, describe, expect, it } from 'vitest';
import type { Unit } from '@/lib/booking/types';
import { replaceGateway } from '@/lib/partner-api/gateway';
import { adjustUnits, markTaken, releaseTaken, takenUnitIds } from './taken-units';

/** The overlay that keeps a just-held or just-booked unit out of a cached availability answer. */

const unit = (id: number): Unit => ({
  id,
  number: `U${id}`,
  allowPets: false,
  preferenceIds: [],
  maxPets: null,
});
const t0 = Date.now();

afterAll(() => {
  replaceGateway(undefined);
});

describe('taken units', () => {
  it('hides a unit another session holds for overlapping nights, not for its own session or other nights', async () => {
    await markTaken(
      1001,
      { unitId: 5, start: '2027-01-08', end: '2027-01-11', until: t0 + 60_000, owner: 'sid-a' },
      t0,
    );
    expect(await takenUnitIds(1001, '2027-01-10', '2027-01-12', 'sid-b', t0)).toEqual(new Set([5]));
    expect(await takenUnitIds(1001, '2027-01-10', '2027-01-12', 'sid-a', t0)).toEqual(new Set());
    expect(await takenUnitIds(1001, '2027-01-11', '2027-01-14', 'sid-b', t0)).toEqual(new Set());
    expect(await takenUnitIds(1002, '2027-01-08', '2027-01-11', 'sid-b', t0)).toEqual(new Set());
  });

  it('forgets a hold when it lapses or is released', async () => {
    await markTaken(
      2002,
      { unitId: 7, start: '2027-02-01', end: '2027-02-05', until: t0 + 1_000, owner: 'sid-c' },
      t0,
    );
    expect(await takenUnitIds(2002, '2027-02-01', '2027-02-05', undefined, t0 + 2_000)).toEqual(new Set());
    await markTaken(
      2003,
      { unitId: 8, start: '2027-02-01', end: '2027-02-05', until: t0 + 60_000, owner: 'sid-d' },
      t0,
    );
    expect(await takenUnitIds(2003, '2027-02-01', '2027-02-05', undefined)).toEqual(new Set([8]));
    await releaseTaken(2003, 'sid-d');
    expect(await takenUnitIds(2003, '2027-02-01', '2027-02-05', undefined)).toEqual(new Set());
  });

  it('subtracts taken units and adds the session’s own held unit back', () => {
    const units = [unit(1), unit(2), unit(3)];
    expect(adjustUnits(units, new Set([2]), null).map((u) => u.id)).toEqual([1, 3]);
    expect(adjustUnits(units.slice(0, 1), new Set(), unit(9)).map((u) => u.id)).toEqual([1, 9]);
    expect(adjustUnits(units, new Set(), unit(1)).map((u) => u.id)).toEqual([1, 2, 3]);
  });
});
