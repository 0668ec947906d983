import 'server-only';
import { checkSelection, type SelectionError } from '@/lib/booking/preferences';
import { checkServices, type BookingSelection, type ServiceError } from '@/lib/booking/selection';
import type { StayData } from './stay-data';

/**
 * The server's re-check of a selection before pre-register: the browser cannot be trusted to
 * have applied the rules, so the same preference, pets and unit rules (lib/booking/preferences)
 * and the optional services' rules (lib/booking/selection) run again, against the units and
 * services the partner offers for the period right now.
 */

export type RecheckError = SelectionError | ServiceError | 'not_available' | 'cancellation_fund_unavailable';

export type RecheckResult = { ok: true } | { ok: false; errors: RecheckError[] };

export function recheckSelection(sel: BookingSelection, data: StayData): RecheckResult {
  if (!data.house.selectedPeriod && !data.ownHold) return { ok: false, errors: ['not_available'] };
  const errors: RecheckError[] = [];
  const units = checkSelection({
    preferences: data.house.preferences,
    units: data.units,
    chosen: sel.preferenceIds,
    pets: sel.party.pets,
    ...(sel.unitId !== undefined ? { unitId: sel.unitId } : {}),
  });
  if (!units.ok) errors.push(...units.errors);
  errors.push(...checkServices(sel.services, data.services, sel));
  // The partner says when a stay has no cancellation fund (e.g. arrivals soon): asking for one
  // anyway would only be refused by it, after a call of the shared quota.
  if (sel.cancellationFund && data.house.selectedPeriod?.cancellationFundPossible === false)
    errors.push('cancellation_fund_unavailable');
  return errors.length === 0 ? { ok: true } : { ok: false, errors };
}
