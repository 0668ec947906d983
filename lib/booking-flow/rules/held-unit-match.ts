import 'server-only';
import type { Guest } from '@/lib/booking/guest';
import { checkHeldUnit, unitMismatch, type UnitCheck } from '@/lib/booking/held-unit';
import { filterUnits } from '@/lib/booking/preferences';
import type { BookingSelection } from '@/lib/booking/selection';
import type { Unit } from '@/lib/booking/types';
import { getLogger } from '@/lib/log';
import { preRegister, type Registered } from '@/lib/partner-api';
import { isPartnerError } from '@/lib/partner-api/errors';

/**
 * The partner may hold any free unit, whatever preferences and pets were chosen: matching them is
 * left to its clients. When the unit it reports says it does not fit, and the guest left the unit
 * to the park, the same hold is moved to another free unit that may fit, at most this many times
 * (each move is one more booking call of the partner's quota).
 */
export const MAX_OTHER_UNITS = 2;

export interface FittedHold {
  registered: Registered;
  check: UnitCheck;
}

/** How much a unit's own data leaves unsaid: units that confirm the choice are tried first. */
function unknowns(unit: Unit): number {
  return (unit.preferenceIds === null ? 1 : 0) + (unit.allowPets === null ? 1 : 0);
}

/** Free units that may fit the choice and have not been tried, those that say they fit first. */
export function otherUnits(
  units: readonly Unit[],
  selection: BookingSelection,
  tried: ReadonlySet<number>,
): Unit[] {
  return filterUnits(units, selection.preferenceIds, selection.party.pets)
    .filter((unit) => !tried.has(unit.id))
    .sort((a, b) => unknowns(a) - unknowns(b));
}

const heldUnit = (registered: Registered): Unit | null => registered.result.units[0] ?? null;

/**
 * Checks the unit the partner reports for a new hold (or a re-price) against the choice, and moves
 * the hold to another unit where the partner lets the site choose one. Returns the last hold
 * placed, with what its unit confirms; a unit that still does not fit is for the guest to accept
 * or change, never accepted silently.
 */
export async function fitHeldUnit(
  first: Registered,
  request: { selection: BookingSelection; guest: Guest; locale: string; units: readonly Unit[] },
): Promise<FittedHold> {
  const { selection, guest, locale, units } = request;
  const check = (registered: Registered) =>
    checkHeldUnit(heldUnit(registered), selection.preferenceIds, selection.party.pets);
  let fitted: FittedHold = { registered: first, check: check(first) };
  // A unit the guest picked is theirs: another one would be a choice they did not make.
  if (!unitMismatch(fitted.check) || selection.unitId !== undefined) return fitted;
  const tried = new Set<number>();
  const firstUnit = heldUnit(first);
  if (firstUnit) tried.add(firstUnit.id);
  for (let move = 0; move < MAX_OTHER_UNITS; move++) {
    const next = otherUnits(units, selection, tried)[0];
    if (!next) break;
    tried.add(next.id);
    let moved: Registered;
    try {
      moved = await preRegister(
        { ...selection, unitId: next.id },
        guest,
        fitted.registered.transactionId,
        locale,
      );
    } catch (err) {
      // Taken meanwhile, or refused for that unit: the hold stands as it was; try the next one.
      if (isPartnerError(err) && (err.code === 'conflict' || err.code === 'invalid_input')) continue;
      getLogger().warn(
        {
          event: 'booking.unit_move_failed',
          houseId: selection.houseId,
          code: isPartnerError(err) ? err.code : 'error',
        },
        'moving a hold to a fitting unit failed; the unit the partner reports at finalize decides',
      );
      break;
    }
    fitted = { registered: moved, check: check(moved) };
    if (!unitMismatch(fitted.check)) break;
  }
  return fitted;
}
