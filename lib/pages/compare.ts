import 'server-only';
import { isPartnerError } from '@/lib/partner-api/errors';
import { reportPartnerFailure } from '@/lib/partner-api/failure-log';
import { loadHouse } from './house';
import type { RequestedStay } from './house-stay';
import { compareHouses, toComparedHouse, type ComparedHouse, type Comparison } from './compare-rows';

/**
 * The compare page's data: for each house the address names (four at most, see
 * compare-address.ts), its details for the requested stay and party. That is one read per house,
 * the very read the house page makes for the same stay and party (lib/pages/house.ts), through the
 * partner cache: a guest who compares and then opens one of the houses costs no further call, and
 * the page's metadata shares the page's reads within a request.
 */

/** One column of the page: a house, or why the address's id gives none. */
export type CompareSlot =
  | { kind: 'house'; house: ComparedHouse }
  /** The partner does not know the id (or no longer lists the house). */
  | { kind: 'unknown'; id: number }
  /** The partner refused the stay for this house (e.g. beyond its horizon). */
  | { kind: 'datesRejected'; id: number }
  /** The partner could not answer for this house now; the others are still shown. */
  | { kind: 'unavailable'; id: number };

export interface ComparePageData {
  slots: CompareSlot[];
  houses: ComparedHouse[];
  comparison: Comparison;
  /** Some house was served from the cache only because the partner could not answer. */
  stale: boolean;
}

type Loaded = { slot: CompareSlot; stale: boolean; failure?: unknown };

async function loadSlot(id: number, { stay, party }: RequestedStay, locale: string): Promise<Loaded> {
  try {
    const { data, stale } = await loadHouse(id, stay, party, locale);
    return { slot: { kind: 'house', house: toComparedHouse(data, stay, party) }, stale };
  } catch (err) {
    if (!isPartnerError(err)) throw err;
    if (err.code === 'not_found') return { slot: { kind: 'unknown', id }, stale: false };
    // The house page reads again without the dates here; a compare page keeps to one read a house.
    if (err.code === 'invalid_input' && stay.startDate !== undefined)
      return { slot: { kind: 'datesRejected', id }, stale: false };
    return { slot: { kind: 'unavailable', id }, stale: false, failure: err };
  }
}

/**
 * Everything the compare page shows. The reads run side by side (at most four). When no house
 * could be read and the partner failed for at least one, the first failure is thrown, so the page
 * shows the busy notice (see ./failure.ts); a failure beside houses that did load is told in its
 * column and logged.
 */
export async function loadComparePage(
  ids: readonly number[],
  requested: RequestedStay,
  locale: string,
): Promise<ComparePageData> {
  const loaded = await Promise.all(ids.map((id) => loadSlot(id, requested, locale)));
  const houses = loaded.flatMap(({ slot }) => (slot.kind === 'house' ? [slot.house] : []));
  const failures = loaded.flatMap(({ failure }) => (failure === undefined ? [] : [failure]));
  if (houses.length === 0 && failures.length > 0) throw failures[0];
  for (const failure of failures) if (isPartnerError(failure)) reportPartnerFailure(failure, 'page');
  return {
    slots: loaded.map(({ slot }) => slot),
    houses,
    comparison: compareHouses(houses),
    stale: loaded.some((entry) => entry.stale),
  };
}
