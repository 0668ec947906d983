import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkSelection,
  filterUnits,
  hasPetsConflict,
  isPetFreeKeyword,
  isPetFreePreference,
  parkConfirmsPreferences,
  preferenceStates,
  togglePreference,
  type PreferenceRef,
} from './preferences';
import type { Unit } from './types';

const HEATER = 11;
const GARDEN = 12;
const JETTY = 13;
const PET_FREE = 14;
const NUMBER_7 = 15;

const PREFERENCES: PreferenceRef[] = [
  { id: HEATER, keyword: 'patio-heater' },
  { id: GARDEN, keyword: 'enclosed-garden' },
  { id: JETTY, keyword: 'private-jetty' },
  { id: PET_FREE, keyword: 'pet-free' },
  { id: NUMBER_7, keyword: null },
];

const unit = (id: number, allowPets: boolean, preferenceIds: number[]): Unit => ({
  id,
  number: `A${id}`,
  allowPets,
  preferenceIds,
  maxPets: allowPets ? 2 : 0,
});

const UNITS: Unit[] = [
  unit(1, true, [HEATER, GARDEN]),
  unit(2, true, [GARDEN, JETTY]),
  unit(3, false, [HEATER, PET_FREE]),
  unit(4, false, [PET_FREE, JETTY, HEATER]),
  unit(5, true, [NUMBER_7]),
];

const ids = (units: readonly Unit[]) => units.map((u) => u.id);

describe('filterUnits', () => {
  it('keeps every unit when nothing is chosen and no pets come', () => {
    expect(ids(filterUnits(UNITS, [], 0))).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps units holding every chosen preference', () => {
    expect(ids(filterUnits(UNITS, [HEATER], 0))).toEqual([1, 3, 4]);
    expect(ids(filterUnits(UNITS, [HEATER, JETTY], 0))).toEqual([4]);
    expect(ids(filterUnits(UNITS, [HEATER, GARDEN, JETTY], 0))).toEqual([]);
  });

  it('keeps only units allowing pets when pets come', () => {
    expect(ids(filterUnits(UNITS, [], 1))).toEqual([1, 2, 5]);
    expect(ids(filterUnits(UNITS, [HEATER], 2))).toEqual([1]);
  });
});

describe('the pet-free preference', () => {
  it('is found by keyword, ignoring case, spaces, hyphens and underscores', () => {
    for (const keyword of [' Pet-Free ', 'PET_FREE', 'pet free', 'petfree'])
      expect(isPetFreePreference({ id: 1, keyword })).toBe(true);
    expect(isPetFreePreference({ id: 1, keyword: 'pet-friendly' })).toBe(false);
    expect(isPetFreePreference({ id: 1, keyword: '--' })).toBe(false);
    expect(isPetFreePreference({ id: 1 })).toBe(false);
  });

  it('is found by a configured keyword as well as the default one', () => {
    expect(isPetFreeKeyword('huisdiervrij', 'huisdiervrij')).toBe(true);
    expect(isPetFreeKeyword('Huisdier-vrij', 'huisdiervrij')).toBe(true);
    expect(isPetFreeKeyword('pet-free', 'huisdiervrij')).toBe(true);
    expect(isPetFreeKeyword('huisdiervrij')).toBe(false);
    expect(isPetFreeKeyword(null, 'huisdiervrij')).toBe(false);
  });

  it('is found by the mark the mapping sets, whatever its keyword', () => {
    expect(isPetFreePreference({ id: 1, keyword: 'NO-ANIMALS', petFree: true })).toBe(true);
    expect(hasPetsConflict([{ id: 7, keyword: 'x', petFree: true }], [7], 1)).toBe(true);
  });

  it('conflicts with pets in either order of choosing', () => {
    expect(hasPetsConflict(PREFERENCES, [PET_FREE], 1)).toBe(true);
    expect(hasPetsConflict(PREFERENCES, [PET_FREE], 0)).toBe(false);
    expect(hasPetsConflict(PREFERENCES, [HEATER], 3)).toBe(false);
  });
});

describe('togglePreference', () => {
  it('adds and removes', () => {
    expect(togglePreference([HEATER], GARDEN)).toEqual([HEATER, GARDEN]);
    expect(togglePreference([HEATER, GARDEN], HEATER)).toEqual([GARDEN]);
  });
});

describe('preferenceStates', () => {
  const stateOf = (chosen: number[], pets: number) =>
    Object.fromEntries(preferenceStates(PREFERENCES, UNITS, chosen, pets).map((s) => [s.id, s]));

  it('enables everything some unit offers when nothing is chosen', () => {
    const states = stateOf([], 0);
    expect(Object.values(states).every((s) => !s.disabled && !s.chosen && s.reason === undefined)).toBe(true);
    expect(states[HEATER]?.matchingUnits).toBe(3);
  });

  it('disables what no remaining unit offers alongside the chosen ones', () => {
    const states = stateOf([GARDEN], 0);
    expect(states[GARDEN]).toEqual({ id: GARDEN, chosen: true, disabled: false, matchingUnits: 2 });
    expect(states[HEATER]).toMatchObject({ disabled: false, matchingUnits: 1 });
    expect(states[PET_FREE]).toEqual({
      id: PET_FREE,
      chosen: false,
      disabled: true,
      reason: 'no_unit',
      matchingUnits: 0,
    });
    expect(states[NUMBER_7]).toMatchObject({ disabled: true, reason: 'no_unit' });
  });

  it('disables pet-free while pets come', () => {
    expect(stateOf([], 1)[PET_FREE]).toMatchObject({ disabled: true, reason: 'pets_conflict' });
  });

  it('keeps a chosen pet-free enabled but flagged when pets are added afterwards', () => {
    expect(stateOf([PET_FREE], 1)[PET_FREE]).toMatchObject({
      chosen: true,
      disabled: false,
      reason: 'pets_conflict',
    });
  });

  it('ignores chosen ids the house does not offer', () => {
    expect(stateOf([999], 0)).toEqual(stateOf([], 0));
  });

  it('only enables preferences that lead to an acceptable selection', () => {
    const chosenArb = fc.subarray([HEATER, GARDEN, JETTY, PET_FREE, NUMBER_7]);
    fc.assert(
      fc.property(chosenArb, fc.integer({ min: 0, max: 3 }), (chosen, pets) => {
        for (const state of preferenceStates(PREFERENCES, UNITS, chosen, pets)) {
          const next = state.chosen ? chosen : [...chosen, state.id];
          const check = checkSelection({ preferences: PREFERENCES, units: UNITS, chosen: next, pets });
          expect(state.matchingUnits).toBe(filterUnits(UNITS, next, pets).length);
          if (!state.chosen && !state.disabled) {
            // Enabling it never creates a new problem: the result is fine unless the earlier choices already were not.
            const before = checkSelection({ preferences: PREFERENCES, units: UNITS, chosen, pets });
            if (before.ok) expect(check.ok).toBe(true);
          }
        }
      }),
    );
  });
});

describe('checkSelection', () => {
  const base = { preferences: PREFERENCES, units: UNITS, chosen: [] as number[], pets: 0 };

  it('accepts a possible selection and returns the matching units', () => {
    expect(checkSelection({ ...base, chosen: [HEATER, JETTY] })).toEqual({ ok: true, units: [UNITS[3]] });
    expect(checkSelection({ ...base, chosen: [GARDEN], pets: 2, unitId: 2 })).toEqual({
      ok: true,
      units: [UNITS[1]],
    });
  });

  it.each([
    ['pet-free with pets', { chosen: [PET_FREE], pets: 1 }, ['pets_conflict', 'no_matching_unit']],
    ['a combination no unit has', { chosen: [GARDEN, PET_FREE] }, ['no_matching_unit']],
    ['pets where no chosen unit allows them', { chosen: [JETTY, HEATER], pets: 1 }, ['no_matching_unit']],
    ['a preference of another house', { chosen: [HEATER, 999] }, ['unknown_preference']],
    ['a unit without the chosen preference', { chosen: [HEATER], unitId: 2 }, ['unit_not_matching']],
    ['a unit that does not exist', { unitId: 42 }, ['unit_not_matching']],
    ['a unit that refuses the pets', { pets: 1, unitId: 3 }, ['unit_not_matching']],
  ])('rejects %s', (_name, input, errors) => {
    expect(checkSelection({ ...base, ...input })).toEqual({ ok: false, errors });
  });

  it('lets the partner assign a unit, and match the preferences, when no units are listed', () => {
    expect(checkSelection({ ...base, units: [], pets: 2 })).toEqual({ ok: true, units: [] });
    expect(checkSelection({ ...base, units: [], chosen: [HEATER, JETTY] })).toEqual({ ok: true, units: [] });
    expect(checkSelection({ ...base, units: [], unitId: 3 })).toEqual({
      ok: false,
      errors: ['no_matching_unit'],
    });
  });

  it('counts a repeated preference once', () => {
    expect(checkSelection({ ...base, chosen: [HEATER, HEATER] })).toMatchObject({ ok: true });
  });

  it('returns only units that hold every chosen preference and accept the pets', () => {
    fc.assert(
      fc.property(
        fc.subarray([HEATER, GARDEN, JETTY, PET_FREE, NUMBER_7]),
        fc.integer({ min: 0, max: 2 }),
        (chosen, pets) => {
          const result = checkSelection({ ...base, chosen, pets });
          if (!result.ok) return;
          expect(result.units.length).toBeGreaterThan(0);
          for (const u of result.units) {
            expect(chosen.every((id) => u.preferenceIds?.includes(id))).toBe(true);
            if (pets > 0) expect(u.allowPets).toBe(true);
          }
          expect(pets > 0 && chosen.includes(PET_FREE)).toBe(false);
        },
      ),
    );
  });
});

describe('units that do not say which preferences they offer or whether they take pets', () => {
  const bare = (id: number): Unit => ({ id, number: `B${id}`, allowPets: null, preferenceIds: null, maxPets: null });
  const BARE = [bare(1), bare(2), bare(3)];

  it('means the park, not the site, matches the preferences', () => {
    expect(parkConfirmsPreferences(BARE)).toBe(true);
    expect(parkConfirmsPreferences([])).toBe(true);
    expect(parkConfirmsPreferences(UNITS)).toBe(false);
    expect(parkConfirmsPreferences([...UNITS, bare(9)])).toBe(true);
  });

  it('are kept by every preference and by pets: the partner decides for them', () => {
    expect(ids(filterUnits(BARE, [HEATER, GARDEN, JETTY], 2))).toEqual([1, 2, 3]);
    // A unit that does say still counts: here unit 3 refuses pets, the bare one is kept.
    expect(ids(filterUnits([UNITS[2]!, bare(9)], [HEATER], 1))).toEqual([9]);
  });

  it('leave every preference choosable, none reported as offered by no unit', () => {
    for (const units of [BARE, []]) {
      const states = preferenceStates(PREFERENCES, units, [HEATER, GARDEN, JETTY], 0);
      expect(states.every((s) => !s.disabled && s.reason === undefined)).toBe(true);
    }
  });

  it('still block pet-free accommodation when pets come, in either order', () => {
    for (const units of [BARE, []]) {
      const withPets = Object.fromEntries(preferenceStates(PREFERENCES, units, [], 1).map((s) => [s.id, s]));
      expect(withPets[PET_FREE]).toMatchObject({ disabled: true, reason: 'pets_conflict' });
      expect(checkSelection({ preferences: PREFERENCES, units, chosen: [PET_FREE], pets: 1 })).toMatchObject({
        ok: false,
        errors: ['pets_conflict'],
      });
    }
  });

  it('let the server accept any preferences for the partner to decide, and a listed unit', () => {
    expect(checkSelection({ preferences: PREFERENCES, units: BARE, chosen: [HEATER, JETTY], pets: 0 })).toEqual({
      ok: true,
      units: BARE,
    });
    expect(
      checkSelection({ preferences: PREFERENCES, units: BARE, chosen: [HEATER], pets: 0, unitId: 2 }),
    ).toEqual({ ok: true, units: [BARE[1]] });
    expect(checkSelection({ preferences: PREFERENCES, units: BARE, chosen: [999], pets: 0 })).toMatchObject({
      ok: false,
      errors: ['unknown_preference'],
    });
  });
});
