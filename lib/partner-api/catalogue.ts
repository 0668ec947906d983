import 'server-only';
import type { HouseType, Park } from '@/lib/booking/types';
import { PartnerError } from './errors';
import { getGateway } from './gateway';
import { toPartnerLanguage } from './language';
import { mapOnce } from './map-once';
import { countUnidentifiedParks, mapHouseTypes, mapParks, mapSearchableHouseTypes } from './mappers/booking';
import { parkDataRaw, usedHouseTypesRaw } from './raw';

/**
 * The partner's house types and parks as the site's lists use them. A house type the partner
 * names without an id gets one derived from its name; whether the search can be narrowed by it
 * depends on what the partner's search takes (the profile's `typeFilter`). A park the partner
 * describes without an id cannot be linked to: houses name their park by its id, and the partner
 * is asked for one park by its id, which a name would not give.
 */

/** What the partner's search takes for a house type: its id, its name, or none (null). */
function searchTakes(): 'id' | 'name' | null {
  const search = getGateway().config.profile.operations.searchHouses;
  return search.query.houseTypeId === null ? null : (search.typeFilter ?? 'id');
}

/** Every house type the partner names, by its own id or one derived from its name (`byName`). */
export async function getHouseTypes(locale: string): Promise<HouseType[]> {
  return mapOnce((await usedHouseTypesRaw(toPartnerLanguage(locale))).value, 'all', mapHouseTypes);
}

export interface HouseTypeFilter {
  /** The types the partner's search can be narrowed by. */
  types: HouseType[];
  /** Types the partner names that its search cannot be narrowed by (no id it takes). */
  unsearchable: number;
}

/** The house types a search can filter by, and how many the partner names that it cannot. */
export async function getHouseTypeFilter(locale: string): Promise<HouseTypeFilter> {
  const takes = searchTakes();
  return mapOnce((await usedHouseTypesRaw(toPartnerLanguage(locale))).value, `searchable/${takes}`, (raw) =>
    mapSearchableHouseTypes(raw, takes),
  );
}

/**
 * The value of the search's house type parameter for the type id of the site's address: the id
 * itself when the search takes ids (no list read: the partner decides, as before), else the
 * type's name from the page language's list. A type the list does not name is refused without a
 * partner call: searching without the filter would show houses of every type as if filtered.
 */
export async function searchTypeParameter(type: number, locale: string): Promise<string | number> {
  if (searchTakes() !== 'name') return type;
  const { types } = await getHouseTypeFilter(locale);
  const found = types.find((entry) => entry.id === type);
  if (!found)
    throw new PartnerError('invalid_input', 'Not a house type the partner names', { notSent: true });
  return found.name;
}

export interface ParkList {
  /** The parks the site can link to (each with the partner's id). */
  parks: Park[];
  /** Parks the partner describes without an id, which no list or filter can offer. */
  unidentified: number;
}

export async function getParkList(locale: string): Promise<ParkList> {
  return mapOnce((await parkDataRaw(toPartnerLanguage(locale))).value, '', (raw) => ({
    parks: mapParks(raw),
    unidentified: countUnidentifiedParks(raw),
  }));
}

export async function getParks(locale: string): Promise<Park[]> {
  return (await getParkList(locale)).parks;
}
