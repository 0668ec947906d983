/**
 * The guest's chosen preferences and pets as the held or booked unit stands to them, ready to be
 * named on the page. The partner may hold any free unit, whatever was chosen: a preference only
 * counts as confirmed when the unit the partner reported says it offers it; one nobody confirmed
 * is only requested, and one the unit says it does not offer is lacking.
 */
import { unitMismatch, type PetsCheck, type UnitCheck } from '@/lib/booking/held-unit';

export type PreferenceStatus = 'confirmed' | 'requested' | 'lacking';

export interface CheckedPreference {
  id: number;
  /** The preference's name in the page's language; null when the house no longer names it. */
  name: string | null;
  status: PreferenceStatus;
}

/**
 * Each chosen preference with its status, in the order the house lists its preferences (the
 * order the guest chose them from), ids the house no longer names last.
 */
export function checkedPreferences(
  check: UnitCheck,
  preferences: readonly { id: number; name: string }[],
): CheckedPreference[] {
  const order = new Map(preferences.map((p, index) => [p.id, index]));
  const names = new Map(preferences.map((p) => [p.id, p.name.trim()]));
  const lacking = new Set(check.lacking);
  const chosen = [...new Set([...check.confirmed, ...check.unconfirmed])];
  const status = (id: number): PreferenceStatus =>
    check.confirmed.includes(id) ? 'confirmed' : lacking.has(id) ? 'lacking' : 'requested';
  return chosen
    .map((id) => ({ id, name: names.get(id) || null, status: status(id) }))
    .sort((a, b) => (order.get(a.id) ?? Infinity) - (order.get(b.id) ?? Infinity) || a.id - b.id);
}

/** What the page must show about the unit: nothing when the guest chose nothing to check. */
export function hasChoicesToCheck(check: UnitCheck): boolean {
  return check.confirmed.length + check.unconfirmed.length > 0 || check.pets !== 'none';
}

export interface UnitMismatch {
  /** Chosen preferences the unit says it does not offer. */
  lacking: CheckedPreference[];
  /** The party brings pets and the unit says it takes none. */
  petsRefused: boolean;
}

/**
 * What the unit cannot give of the guest's choice, by its own account, or null when nothing:
 * the page then needs no decision from the guest before booking.
 */
export function unitMismatchOf(
  check: UnitCheck,
  preferences: readonly { id: number; name: string }[],
): UnitMismatch | null {
  if (!unitMismatch(check)) return null;
  return {
    lacking: checkedPreferences(check, preferences).filter((p) => p.status === 'lacking'),
    petsRefused: check.pets === 'refused',
  };
}

export type { PetsCheck, UnitCheck };
