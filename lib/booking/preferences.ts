/**
 * Preferences narrow the house units. The partner's own booking pages filter units and check
 * conflicts; its API does not, so the site must. The same rules run in the browser, to grey out what cannot be chosen, and
 * on the server before pre-register, so a hand-made request cannot book an impossible mix.
 *
 * The partner does not always say which unit offers which preference (or takes pets). A unit
 * without that data is not ruled out by it: the park then matches the chosen preferences to a
 * unit itself and confirms them with the booking. The pets / pet-free conflict does not depend
 * on unit data (it is about the party and the chosen preference), so it is always enforced.
 */
import type { Service, Unit } from './types';

/** The keyword of the pet-free accommodation preference, which rules out bringing pets. */
export const PET_FREE_KEYWORD = 'pet-free';

export type PreferenceRef = Pick<Service, 'id'> & { keyword?: string | null; petFree?: boolean };
export type UnitRef = Pick<Unit, 'id' | 'allowPets' | 'preferenceIds'>;

export type PreferenceBlockReason = 'no_unit' | 'pets_conflict';

export interface PreferenceState {
  id: number;
  chosen: boolean;
  /**
   * True when choosing it now would leave no unit or clash with pets. A chosen preference is
   * never disabled, so the guest can always take it off; its `reason` still says what is wrong.
   */
  disabled: boolean;
  reason?: PreferenceBlockReason;
  /** Units that would remain with this preference added to the other chosen ones. */
  matchingUnits: number;
}

export const SELECTION_ERRORS = [
  'pets_conflict',
  'no_matching_unit',
  'unknown_preference',
  'unit_not_matching',
] as const;
export type SelectionError = (typeof SELECTION_ERRORS)[number];

/** A keyword without case, spaces, hyphens or underscores: "Pet-Free", "PET_FREE" and "pet free" are one. */
function normalizeKeyword(keyword: string): string {
  return keyword.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** Whether a service keyword names the pet-free preference: the given keyword, or the default one. */
export function isPetFreeKeyword(keyword: string | null | undefined, configured: string = PET_FREE_KEYWORD): boolean {
  if (typeof keyword !== 'string') return false;
  const value = normalizeKeyword(keyword);
  if (value === '') return false;
  return value === normalizeKeyword(configured) || value === normalizeKeyword(PET_FREE_KEYWORD);
}

/** Marked pet-free by the mapper (which knows the partner's keyword), or carrying the default keyword. */
export function isPetFreePreference(preference: PreferenceRef): boolean {
  return preference.petFree === true || isPetFreeKeyword(preference.keyword);
}

/**
 * Whether the park, not the site, matches the chosen preferences to a unit: no free units are
 * listed, or some listed unit does not say which preferences it offers.
 */
export function parkConfirmsPreferences(units: readonly UnitRef[]): boolean {
  return units.length === 0 || units.some((unit) => unit.preferenceIds === null);
}

/**
 * Units offering every chosen preference, and allowing pets when the party brings any. A unit
 * that does not say is kept: the partner decides for it.
 */
export function filterUnits<U extends UnitRef>(
  units: readonly U[],
  chosenIds: readonly number[],
  pets: number,
): U[] {
  return units.filter((unit) => {
    const offered = unit.preferenceIds;
    return (
      (pets <= 0 || unit.allowPets !== false) && (offered === null || chosenIds.every((id) => offered.includes(id)))
    );
  });
}

/** Whether the chosen preferences include the pet-free one while the party brings pets. */
export function hasPetsConflict(
  preferences: readonly PreferenceRef[],
  chosenIds: readonly number[],
  pets: number,
): boolean {
  return pets > 0 && preferences.some((p) => isPetFreePreference(p) && chosenIds.includes(p.id));
}

export function togglePreference(chosenIds: readonly number[], id: number): number[] {
  return chosenIds.includes(id) ? chosenIds.filter((chosen) => chosen !== id) : [...chosenIds, id];
}

/** What each preference checkbox shows, given the other choices and the pets. */
export function preferenceStates(
  preferences: readonly PreferenceRef[],
  units: readonly UnitRef[],
  chosenIds: readonly number[],
  pets: number,
): PreferenceState[] {
  // Ids the house no longer offers cannot narrow anything; ignoring them keeps the rest usable.
  const known = new Set(preferences.map((p) => p.id));
  const chosen = [...new Set(chosenIds)].filter((id) => known.has(id));
  return preferences.map((preference) => {
    const isChosen = chosen.includes(preference.id);
    const wanted = isChosen ? chosen : [...chosen, preference.id];
    const matchingUnits = filterUnits(units, wanted, pets).length;
    // Without a list of units there is nothing to rule a preference out by: the park decides.
    const reason: PreferenceBlockReason | undefined =
      isPetFreePreference(preference) && pets > 0
        ? 'pets_conflict'
        : units.length > 0 && matchingUnits === 0
          ? 'no_unit'
          : undefined;
    const state: PreferenceState = {
      id: preference.id,
      chosen: isChosen,
      disabled: !isChosen && reason !== undefined,
      matchingUnits,
    };
    if (reason) state.reason = reason;
    return state;
  });
}

export interface SelectionInput<U extends UnitRef> {
  preferences: readonly PreferenceRef[];
  /** The units free for the stay and party. */
  units: readonly U[];
  chosen: readonly number[];
  pets: number;
  unitId?: number;
}

export type SelectionCheck<U extends UnitRef> =
  { ok: true; units: U[] } | { ok: false; errors: SelectionError[] };

/**
 * The server's re-check before pre-register. With no units listed and no unit asked for, the
 * partner assigns a unit itself (matching any chosen preferences), so that is not an error.
 */
export function checkSelection<U extends UnitRef>(input: SelectionInput<U>): SelectionCheck<U> {
  const errors: SelectionError[] = [];
  const known = new Set(input.preferences.map((p) => p.id));
  const chosen = [...new Set(input.chosen)];
  if (chosen.some((id) => !known.has(id))) errors.push('unknown_preference');
  if (hasPetsConflict(input.preferences, chosen, input.pets)) errors.push('pets_conflict');

  const matching = filterUnits(
    input.units,
    chosen.filter((id) => known.has(id)),
    input.pets,
  );
  const needsUnit = input.units.length > 0 || input.unitId !== undefined;
  if (needsUnit && matching.length === 0) errors.push('no_matching_unit');
  else if (input.unitId !== undefined && !matching.some((unit) => unit.id === input.unitId)) {
    errors.push('unit_not_matching');
  }

  if (errors.length > 0) return { ok: false, errors };
  const units = input.unitId === undefined ? matching : matching.filter((unit) => unit.id === input.unitId);
  return { ok: true, units };
}
