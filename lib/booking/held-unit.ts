/**
 * What the unit the partner reports as held (or booked) confirms of the guest's choice. The
 * partner's API leaves matching preferences and pets to a unit to its clients: it may hold any
 * free unit, whatever was chosen. So the site compares the unit the partner reports with the
 * choice, and a preference nobody confirmed is only "requested", never promised.
 */
import type { UnitRef } from './preferences';

export type PetsCheck =
  /** The party brings no pets. */
  | 'none'
  /** The held unit says it takes pets. */
  | 'confirmed'
  /** The partner did not say whether the held unit takes pets (or reported no unit). */
  | 'unconfirmed'
  /** The held unit says it takes no pets. */
  | 'refused';

export interface UnitCheck {
  /** Chosen preferences the held unit says it offers. */
  confirmed: number[];
  /** Chosen preferences nobody confirmed: the partner did not say, or the unit lacks them. */
  unconfirmed: number[];
  /** Of the unconfirmed, those the held unit says it does not offer. */
  lacking: number[];
  pets: PetsCheck;
}

/** Compares the unit the partner reports with the chosen preferences and the party's pets. */
export function checkHeldUnit(
  unit: Pick<UnitRef, 'allowPets' | 'preferenceIds'> | null,
  chosenIds: readonly number[],
  pets: number,
): UnitCheck {
  const chosen = [...new Set(chosenIds)];
  const offered = unit?.preferenceIds ?? null;
  const confirmed = offered === null ? [] : chosen.filter((id) => offered.includes(id));
  const unconfirmed = chosen.filter((id) => !confirmed.includes(id));
  const lacking = offered === null ? [] : unconfirmed;
  let petsCheck: PetsCheck = 'none';
  if (pets > 0) {
    const allows = unit?.allowPets ?? null;
    petsCheck = allows === null ? 'unconfirmed' : allows ? 'confirmed' : 'refused';
  }
  return { confirmed, unconfirmed, lacking, pets: petsCheck };
}

/** The partner's own answer says the held unit does not fit the choice: not to be accepted silently. */
export function unitMismatch(check: UnitCheck): boolean {
  return check.lacking.length > 0 || check.pets === 'refused';
}

/** Everything chosen is confirmed by the held unit. */
export function fullyConfirmed(check: UnitCheck): boolean {
  return check.unconfirmed.length === 0 && (check.pets === 'none' || check.pets === 'confirmed');
}
