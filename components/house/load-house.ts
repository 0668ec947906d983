import 'server-only';
import { cache } from 'react';
import type { CalendarDate } from '@/lib/booking/dates';
import { PARTY_FIELDS, type Party } from '@/lib/booking/party';
import { getHouse } from '@/lib/partner-api';

const loadByKey = cache(
  (houseId: number, startDate: string, endDate: string, partyKey: string, locale: string) => {
    const counts = partyKey.split(',').map(Number);
    const party = Object.fromEntries(PARTY_FIELDS.map((field, i) => [field, counts[i] ?? 0])) as Party;
    return getHouse(
      houseId,
      { ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}), party },
      locale,
    );
  },
);

/**
 * House details, shared by generateMetadata and the page within one request (React cache keys
 * on primitive arguments, hence the flattened party).
 */
export function loadHouse(
  houseId: number,
  stay: { startDate?: CalendarDate | undefined; endDate?: CalendarDate | undefined },
  party: Party,
  locale: string,
) {
  const partyKey = PARTY_FIELDS.map((field) => party[field]).join(',');
  return loadByKey(houseId, stay.startDate ?? '', stay.endDate ?? '', partyKey, locale);
}

/** Route ids are plain positive decimal numbers; anything else is a 404, not a partner call. */
export function parseHouseId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

