/**
 * Who applies the unit rules of a booking: that a held unit offers every chosen preference, and
 * that a party with pets gets a unit that allows pets (so never a pet-free one). The partner's
 * documentation leaves both to the client and says the partner does not check them.
 *
 * `enforced` (the default) checks them anyway: a unit that breaks them is refused, and without a
 * `unitId` the sandbox picks a unit that keeps them. `advisory` behaves as documented: nothing is
 * refused for them, and without a `unitId` the sandbox prefers a free unit that breaks them, so a
 * client that does not choose the unit itself sees the consequence in every test instead of by
 * luck. Rules that are not about the unit (preferences the house does not offer, the house's
 * maximum of pets, capacity, dates) are refused in both modes.
 */
import type { Unit } from './catalogue';

export const PREFERENCE_MODES = ['enforced', 'advisory'] as const;
export type PreferenceMode = (typeof PREFERENCE_MODES)[number];
export const DEFAULT_PREFERENCE_MODE: PreferenceMode = 'enforced';

export function isPreferenceMode(value: unknown): value is PreferenceMode {
  return (PREFERENCE_MODES as readonly unknown[]).includes(value);
}

/** Reads SANDBOX_PREFERENCES (unset or empty = `enforced`); any other value is refused with one clear line. */
export function preferenceModeFromEnv(raw: string | undefined): PreferenceMode {
  if (raw === undefined || raw === '') return DEFAULT_PREFERENCE_MODE;
  if (isPreferenceMode(raw)) return raw;
  throw new Error(`SANDBOX_PREFERENCES must be "enforced" or "advisory", got "${raw}"`);
}

export interface PartyChoice {
  readonly pets: number;
  readonly preferenceIds: readonly number[];
}

/** True when the unit lacks a chosen preference, or the party brings pets the unit does not allow. */
export function unitMisses(unit: Unit, choice: PartyChoice): boolean {
  if (choice.pets > 0 && !unit.allowPets) return true;
  return choice.preferenceIds.some((id) => !unit.preferenceIds.includes(id));
}

/**
 * The unit an advisory-mode hold takes when the client names none, from the free units in the
 * house's unit order (ascending unit id): the unit the hold already has, when it is still free;
 * else the first free unit that misses the party's choice; else the first free unit.
 */
export function advisoryUnit(
  free: readonly Unit[],
  choice: PartyChoice,
  keepUnitId?: number,
): Unit | undefined {
  return free.find((u) => u.id === keepUnitId) ?? free.find((u) => unitMisses(u, choice)) ?? free[0];
}
