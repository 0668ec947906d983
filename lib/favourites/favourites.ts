/**
 * The guest's favourite houses: the list itself and the rules for keeping it, with no storage
 * attached (./store.ts keeps it in the browser). A favourite carries what the list shows without
 * asking the partner (the name and a picture) and the stay and party the guest was looking at,
 * so the list links back to the same price and the compare page prices that stay.
 */
import { compareDates, isCalendarDate } from '@/lib/booking/dates';
import { serializeCriteria } from '@/lib/booking/deep-link';
import { DEFAULT_PARTY, PARTY_FIELDS, type Party } from '@/lib/booking/party';
import { parseId } from '@/lib/booking/selection';
import { compareQuery, MAX_COMPARED } from '@/lib/pages/compare-address';
import { isRecord } from '@/lib/validation/guards';

export interface Favourite {
  id: number;
  name: string;
  /** An http(s) address of the house's picture, when the page had one. */
  picture?: string;
  /** The deep-link query (stay and party) the house was kept with; '' for the defaults. */
  query: string;
}

/** Favourites kept at most; keeping one more lets the oldest go. */
export const MAX_FAVOURITES = 40;

const MAX_NAME = 200;
const MAX_URL = 2_000;
const MAX_QUERY = 300;

function cleanPicture(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_URL) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A stored entry checked again: storage is editable by anyone at the keyboard. */
function toFavourite(value: unknown): Favourite | null {
  if (!isRecord(value)) return null;
  const id = typeof value.id === 'number' ? parseId(String(value.id)) : null;
  if (id === null || typeof value.name !== 'string') return null;
  const query = typeof value.query === 'string' && value.query.length <= MAX_QUERY ? value.query : '';
  const picture = cleanPicture(value.picture);
  return {
    id,
    name: value.name.slice(0, MAX_NAME),
    ...(picture ? { picture } : {}),
    query: canonicalQuery(query),
  };
}

/** The list kept in `text` (as written by serializeFavourites); anything unreadable is left out. */
export function parseFavourites(text: string | null): Favourite[] {
  if (!text) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const entries = isRecord(parsed) && Array.isArray(parsed.houses) ? (parsed.houses as unknown[]) : [];
  const list: Favourite[] = [];
  for (const entry of entries) {
    const favourite = toFavourite(entry);
    if (favourite && !list.some((kept) => kept.id === favourite.id)) list.push(favourite);
  }
  return list.slice(-MAX_FAVOURITES);
}

export function serializeFavourites(list: readonly Favourite[]): string {
  return JSON.stringify({ houses: list });
}

export function isFavourite(list: readonly Favourite[], id: number): boolean {
  return list.some((favourite) => favourite.id === id);
}

/** The list with the house added at the end, or taken out when it is in it already. */
export function toggleFavourite(list: readonly Favourite[], favourite: Favourite): Favourite[] {
  if (isFavourite(list, favourite.id)) return list.filter((kept) => kept.id !== favourite.id);
  return [...list, favourite].slice(-MAX_FAVOURITES);
}

/**
 * The stay and party of a page's address as a deep-link query: the dates only when the address
 * names both, in order, and the party counts that are whole numbers (defaults left out); house
 * type, park, sort and the rest dropped. The page the query leads to checks it all again; this
 * only keeps the stored text small and plain. No date or number formatter is built for it: the
 * list is read while a page hydrates.
 */
export function canonicalQuery(search: string): string {
  const params = new URLSearchParams(search);
  const start = params.get('startDate');
  const end = params.get('endDate');
  const dates =
    isCalendarDate(start) && isCalendarDate(end) && compareDates(start, end) < 0
      ? { startDate: start, endDate: end }
      : {};
  const party: Partial<Party> = {};
  for (const field of PARTY_FIELDS) {
    const value = params.get(field);
    if (value !== null && /^\d{1,2}$/.test(value)) party[field] = Number(value);
  }
  return serializeCriteria({ ...dates, ...DEFAULT_PARTY, ...party }).toString();
}

function hasDates(query: string): boolean {
  return new URLSearchParams(query).has('endDate');
}

/**
 * The compare page's address (without the locale) for up to four of the favourites. The stay and
 * party are those of the most recently kept of them that had dates, else of the most recent one.
 */
export function compareHref(chosen: readonly Favourite[]): string {
  const compared = chosen.slice(0, MAX_COMPARED);
  const newestFirst = [...compared].reverse();
  const source = newestFirst.find((favourite) => hasDates(favourite.query)) ?? newestFirst[0];
  return `/compare?${compareQuery(
    compared.map((favourite) => favourite.id),
    source?.query ?? '',
  )}`;
}

/** The house page's address (without the locale) at the stay and party it was kept with. */
export function favouriteHref(favourite: Favourite): string {
  return favourite.query ? `/houses/${favourite.id}?${favourite.query}` : `/houses/${favourite.id}`;
}
