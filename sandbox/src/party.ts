/** The travelling party: the documented age groups plus pets. */
import { countPersons, type Party } from '@/lib/booking/party';
import type { PriceResult } from '@/lib/partner-api/schemas';

/** The party's fields and the documented default (2 adults, no children, no pets) are the site's own. */
export { DEFAULT_PARTY, type Party } from '@/lib/booking/party';

/** Everyone counts against capacity, babies included. */
export const persons = countPersons;

/** Babies (0–2) sleep in a cot, so they pay no extra-person surcharge. */
export function surchargePersons(p: Party): number {
  return persons(p) - p.child0002;
}

/** Tourist tax applies from 13 years. */
export function taxedPersons(p: Party): number {
  return p.adults + p.child1317;
}

/** In search results zero age groups are left out, as the docs allow; elsewhere all are given. */
export function numberOfPersons(p: Party, omitZero: boolean): NonNullable<PriceResult['numberOfPersons']> {
  const groups = {
    child0002: p.child0002,
    child0304: p.child0304,
    child0512: p.child0512,
    child1317: p.child1317,
  };
  const out: Record<string, number> = { total: persons(p), adults: p.adults };
  for (const [k, v] of Object.entries(groups)) if (!omitZero || v > 0) out[k] = v;
  return out;
}
