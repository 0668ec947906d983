import { describe, expect, it } from 'vitest';
import { checkHeldUnit } from '@/lib/booking/held-unit';
import { checkedPreferences, hasChoicesToCheck, unitMismatchOf } from './unit-check';

const HOUSE_PREFERENCES = [
  { id: 301, name: 'Ground floor' },
  { id: 307, name: 'Pet-free' },
  { id: 312, name: 'Near the beach' },
];

describe('checkedPreferences', () => {
  it('names each chosen preference with what the held unit says of it: offered, not said, or lacking', () => {
    const check = checkHeldUnit({ allowPets: false, preferenceIds: [312] }, [307, 312], 0);
    expect(checkedPreferences(check, HOUSE_PREFERENCES)).toEqual([
      { id: 307, name: 'Pet-free', status: 'lacking' },
      { id: 312, name: 'Near the beach', status: 'confirmed' },
    ]);
  });

  it('calls a preference requested, never confirmed, when the partner did not say what the unit offers', () => {
    const check = checkHeldUnit({ allowPets: null, preferenceIds: null }, [312, 301], 1);
    expect(checkedPreferences(check, HOUSE_PREFERENCES).map((p) => [p.id, p.status])).toEqual([
      [301, 'requested'],
      [312, 'requested'],
    ]);
  });

  it('keeps a preference the house no longer names, by id and without a name, after the named ones', () => {
    const check = checkHeldUnit({ allowPets: true, preferenceIds: [999] }, [999, 301], 0);
    expect(checkedPreferences(check, HOUSE_PREFERENCES)).toEqual([
      { id: 301, name: 'Ground floor', status: 'lacking' },
      { id: 999, name: null, status: 'confirmed' },
    ]);
  });
});

describe('unitMismatchOf', () => {
  it('lists what the unit itself says it lacks, and a refusal of pets', () => {
    const check = checkHeldUnit({ allowPets: false, preferenceIds: [301] }, [301, 312], 1);
    expect(unitMismatchOf(check, HOUSE_PREFERENCES)).toEqual({
      lacking: [{ id: 312, name: 'Near the beach', status: 'lacking' }],
      petsRefused: true,
    });
  });

  it('asks nothing of the guest when the unit only left things unconfirmed', () => {
    const check = checkHeldUnit({ allowPets: null, preferenceIds: null }, [301], 2);
    expect(unitMismatchOf(check, HOUSE_PREFERENCES)).toBeNull();
    expect(unitMismatchOf(checkHeldUnit(null, [301], 1), HOUSE_PREFERENCES)).toBeNull();
  });
});

describe('hasChoicesToCheck', () => {
  it('is false only when the guest chose no preference and brings no pets', () => {
    expect(hasChoicesToCheck(checkHeldUnit({ allowPets: true, preferenceIds: [] }, [], 0))).toBe(false);
    expect(hasChoicesToCheck(checkHeldUnit({ allowPets: true, preferenceIds: [] }, [], 1))).toBe(true);
    expect(hasChoicesToCheck(checkHeldUnit(null, [301], 0))).toBe(true);
  });
});
