import { lineCost } from '@/lib/booking/costs';
import type { FlowSelection } from '@/lib/booking/selection';
import type { Service } from '@/lib/booking/types';
import type { AnalyticsItem } from './events';

/** What the booking flow knows of the stay that prices an extra or a preference. */
export interface CartContext {
  services: readonly Service[];
  preferences: readonly Service[];
  nights: number;
  persons: number;
}

/** One piece of a service for this stay and party, in euros; undefined when it cannot be priced. */
function piecePrice(service: Service, context: CartContext): number | undefined {
  try {
    return lineCost({
      cost: service.cost,
      costType: service.costType,
      quantity: 1,
      nights: context.nights,
      persons: context.persons,
    }).amount;
  } catch {
    return undefined;
  }
}

/**
 * The preferences and extras the selection holds, as items: preferences once each, extras with
 * their chosen quantity. Ids are prefixed so they never read as a house id.
 */
export function chosenCartItems(
  context: CartContext,
  selection: Pick<FlowSelection, 'preferenceIds' | 'services'>,
): AnalyticsItem[] {
  const items: AnalyticsItem[] = [];
  for (const id of selection.preferenceIds) {
    const preference = context.preferences.find((p) => p.id === id);
    if (!preference) continue;
    const price = piecePrice(preference, context);
    items.push({
      item_id: `preference-${id}`,
      item_name: preference.name,
      item_category: 'preference',
      ...(price !== undefined ? { price } : {}),
      quantity: 1,
    });
  }
  for (const pick of selection.services) {
    const service = context.services.find((s) => s.id === pick.id);
    if (!service || pick.quantity <= 0) continue;
    const price = piecePrice(service, context);
    items.push({
      item_id: `extra-${pick.id}`,
      item_name: service.name,
      item_category: 'extra',
      ...(price !== undefined ? { price } : {}),
      quantity: pick.quantity,
    });
  }
  return items;
}

/** What was added between two renders: new items, and the added quantity of items that grew. */
export function addedCartItems(
  before: readonly AnalyticsItem[],
  now: readonly AnalyticsItem[],
): AnalyticsItem[] {
  const had = new Map(before.map((item) => [item.item_id, item.quantity]));
  return now.flatMap((item) => {
    const added = item.quantity - (had.get(item.item_id) ?? 0);
    return added > 0 ? [{ ...item, quantity: added }] : [];
  });
}
