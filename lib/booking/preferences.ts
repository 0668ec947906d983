/**
 * Preferences narrow the house units. The partner's own booking pages filter units and check
 * conflicts; its API does not, so the site must. The same rules run in the browser, to grey out what cannot be chosen, and
 * on the server before pre-register, so a hand-made request cannot book an impossible mix.
 */
import type { Service, Unit } from './types';

/** The keyword of the pet-free accommodation preference, which rules out bringing pets. */
export const PET_FREE_KEYWORD = 'pet-free';

export type PreferenceRef = Pick<Service, 'id'> & { keyword?: string | null };
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

export function isPetFreePreference(preference: PreferenceRef): boolean {
  return preference.keyword?.trim().toLowerCase() === PET_FREE_KEYWORD;
}

/** Units offering every chosen preference, and allowing pets when the party brings any. */
export function filterUnits<U extends UnitRef>(
  units: readonly U[],
  chosenIds: readonly number[],
  pets: number,
): U[] {
  return units.filter(
    (unit) => (pets <= 0 || unit.allowPets) && chosenIds.every((id) => unit.preferenceIds.includes(id)),
  );
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
    const reason: PreferenceBlockReason | undefined =
      isPetFreePreference(preference) && pets > 0
        ? 'pets_conflict'
        : matchingUnits === 0
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
  /** The house's preferences. */
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
 * The server's re-check before pre-register. With no units known and nothing that needs one
 * (no preference, no unit), the partner assigns a unit itself, so that is not an error.
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
  const needsUnit = input.units.length > 0 || chosen.length > 0 || input.unitId !== undefined;
  if (needsUnit && matching.length === 0) errors.push('no_matching_unit');
  else if (input.unitId !== undefined && !matching.some((unit) => unit.id === input.unitId)) {
    errors.push('unit_not_matching');
  }

  if (errors.length > 0) return { ok: false, errors };
  const units = input.unitId === undefined ? matching : matching.filter((unit) => unit.id === input.unitId);
  return { ok: true, units };
}
