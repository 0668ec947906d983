import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import {
  BOOKING_HORIZON_DAYS,
  MAX_STAY_NIGHTS,
  parseCriteria,
  serializeCriteria,
  type SearchCriteria,
} from './deep-link';
import { DEFAULT_PARTY, MAX_PERSONS, countPersons } from './party';

const TODAY = '2026-07-01';

const validCriteria: fc.Arbitrary<SearchCriteria> = fc
  .record({
    adults: fc.integer({ min: 1, max: 16 }),
    child0002: fc.integer({ min: 0, max: 10 }),
    child0304: fc.integer({ min: 0, max: 10 }),
    child0512: fc.integer({ min: 0, max: 10 }),
    child1317: fc.integer({ min: 0, max: 10 }),
    pets: fc.integer({ min: 0, max: 4 }),
    stay: fc.option(
      fc.tuple(
        fc.integer({ min: 1, max: BOOKING_HORIZON_DAYS }),
        fc.integer({ min: 1, max: MAX_STAY_NIGHTS }),
      ),
    ),
    type: fc.option(fc.integer({ min: 1, max: 2_147_483_647 })),
  })
  .filter((c) => countPersons(c) <= MAX_PERSONS)
  .map(({ stay, type, ...party }) => {
    const criteria: SearchCriteria = { ...party };
    if (stay) {
      criteria.startDate = addDays(TODAY, stay[0]);
      criteria.endDate = addDays(TODAY, stay[0] + stay[1]);
    }
    if (type !== null) criteria.type = type;
    return criteria;
  });

describe('serializeCriteria', () => {
  it('leaves out defaults and keeps the table order', () => {
    const params = serializeCriteria({
      type: 4,
      pets: 1,
      adults: 2,
      child0304: 1,
      endDate: '2026-07-12',
      startDate: '2026-07-10',
      child0002: 0,
    });
    expect(params.toString()).toBe('startDate=2026-07-10&endDate=2026-07-12&child0304=1&pets=1&type=4');
  });

  it('writes nothing for the default criteria', () => {
    expect(serializeCriteria({ ...DEFAULT_PARTY }).toString()).toBe('');
  });

  it('round-trips every valid criteria', () => {
    fc.assert(
      fc.property(validCriteria, (criteria) => {
        const parsed = parseCriteria(serializeCriteria(criteria), { today: TODAY });
        expect(parsed.criteria).toEqual(criteria);
        expect(parsed.issues).toEqual([]);
        expect(parsed.explicit.dates).toBe(criteria.startDate !== undefined);
      }),
    );
  });

  it('reads a count written "-0" as zero, so the corrected link reads back the same', () => {
    const once = parseCriteria({ pets: '-0', child0512: '-0' }, { today: TODAY }).criteria;
    expect(Object.is(once.pets, 0)).toBe(true);
    expect(Object.is(once.child0512, 0)).toBe(true);
    expect(parseCriteria(serializeCriteria(once), { today: TODAY }).criteria).toEqual(once);
  });

  it('is a fixed point after one correction', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('adults', 'pets', 'child0512', 'startDate', 'endDate'), fc.string()),
        (record) => {
          const once = parseCriteria(record, { today: TODAY }).criteria;
          const twice = parseCriteria(serializeCriteria(once), { today: TODAY });
          expect(twice.criteria).toEqual(once);
          expect(twice.issues).toEqual([]);
        },
      ),
    );
  });
});
