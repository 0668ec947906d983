import { parseSelection, writeSelection, type FlowSelection } from '@/lib/booking/selection';
import type { Service, Unit } from '@/lib/booking/types';

/** The selection as the address writes it: two selections are the same when these are equal. */
export function selectionText(selection: FlowSelection): string {
  return writeSelection(new URLSearchParams(), selection).toString();
}

/**
 * The selection a booking page shows when the address no longer matches what the server rendered.
 *
 * Choices within a step rewrite the address in place, without a new server render. Browser back
 * and forward (and the router's cache of earlier renders) can then show a page rendered for the
 * address as it was when the step opened, while the address says what the guest chose since. The
 * address is what the guest sees and what a reload would render, so it wins; ids the stay does not
 * offer are dropped the way the server drops them.
 *
 * Returns null when the render already matches the address.
 */
export function selectionFromAddress(
  search: string,
  renderedFor: string,
  offered: {
    preferences: readonly Pick<Service, 'id'>[];
    services: readonly Pick<Service, 'id'>[];
    units: readonly Pick<Unit, 'id'>[];
  },
): FlowSelection | null {
  const asked = parseSelection(new URLSearchParams(search));
  if (selectionText(asked) === renderedFor) return null;
  const preferenceIds = new Set(offered.preferences.map((p) => p.id));
  const serviceIds = new Set(offered.services.map((s) => s.id));
  const out: FlowSelection = {
    preferenceIds: asked.preferenceIds.filter((id) => preferenceIds.has(id)),
    services: asked.services.filter((s) => serviceIds.has(s.id)),
    cancellationFund: asked.cancellationFund,
  };
  if (asked.unitId !== undefined && offered.units.some((u) => u.id === asked.unitId))
    out.unitId = asked.unitId;
  return out;
}
