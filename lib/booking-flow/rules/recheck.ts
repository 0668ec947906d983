import 'server-only';
import { checkSelection, type SelectionError } from '@/lib/booking/preferences';
import type { Service } from '@/lib/booking/types';
import type { ServicePick } from '@/components/booking/flow/selection-params';
import type { BookingSelection } from './selection';
import type { StayData } from './stay-data';

/**
 * The server's re-check of a selection before pre-register (design decision 4): the same
 * preference, pets and unit rules the browser applies (lib/booking/preferences), plus the
 * optional services' rules, against the units and services the partner offers for the period.
 */

export const SERVICE_ERRORS = [
  'unknown_service',
  'invalid_quantity',
  'date_outside_stay',
  'date_required',
] as const;
export type ServiceError = (typeof SERVICE_ERRORS)[number];

export type RecheckError = SelectionError | ServiceError | 'not_available';

/** Per-piece services take a quantity; every other cost type is booked once. */
export function isPerPiece(service: Pick<Service, 'costType'>): boolean {
  return service.costType === 'PER_PIECE';
}

export function checkServices(
  picks: readonly ServicePick[],
  offered: readonly Service[],
  stay: { startDate: string; endDate: string },
): ServiceError[] {
  const errors = new Set<ServiceError>();
  for (const pick of picks) {
    const service = offered.find((s) => s.id === pick.id);
    if (!service) {
      errors.add('unknown_service');
      continue;
    }
    if (!isPerPiece(service) && pick.quantity !== 1) errors.add('invalid_quantity');
    if (service.hasDatePicker) {
      if (pick.date === undefined) errors.add('date_required');
      // A night of the stay: from the arrival day up to the day before departure.
      else if (pick.date < stay.startDate || pick.date >= stay.endDate) errors.add('date_outside_stay');
    } else if (pick.date !== undefined) {
      errors.add('date_outside_stay');
    }
  }
  return [...errors];
}

export type RecheckResult = { ok: true } | { ok: false; errors: RecheckError[] };

export function recheckSelection(sel: BookingSelection, data: StayData): RecheckResult {
  if (!data.house.selectedPeriod) return { ok: false, errors: ['not_available'] };
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
  return errors.length === 0 ? { ok: true } : { ok: false, errors };
}
