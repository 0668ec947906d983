import 'server-only';
/**
 * Raw partner payloads (already checked by the zod schemas in ../schemas.ts) to domain types.
 * The partner may leave any field null or out, so every field gets a default here and nowhere
 * else; records without a usable id are dropped because nothing can link to them. This module
 * maps houses and their services; booking.ts maps units, parks and booking results.
 */
import { fromCents, toCents } from '@/lib/booking/costs';
import { compareDates, countNights, type CalendarDate, type StayDates } from '@/lib/booking/dates';
import { isPetFreeKeyword } from '@/lib/booking/preferences';
import type {
  Fact,
  FactKey,
  Feature,
  HouseDetail,
  HousePrice,
  HouseSummary,
  Picture,
  SearchResults,
  Service,
} from '@/lib/booking/types';
import { fromPartnerDate } from '../dates';
import type {
  HouseDetails,
  HouseFeatureResult,
  HouseServiceResult,
  HousesSearchResult,
  PriceResult,
  SearchHouseResult,
  TranslatedProperty,
} from '../schemas';
import {
  cleanText,
  isId,
  readAmount,
  readCount,
  safeUrls,
  toSafeUrl,
  uniqueBy,
  withPlace,
  type Maybe,
} from './helpers';

type TranslatedString = NonNullable<HouseDetails['surface']>;

/**
 * What the mapping needs to know beyond the answer itself; its dates are the stay the details
 * were asked for, the period of a price that names none.
 */
export interface HouseMapOptions extends Partial<StayDates> {
  /**
   * The id the details were asked for: it stands in when the answer leaves its own id out, so
   * the page still shows. An answer naming another id keeps its own.
   */
  houseId?: number | undefined;
}

function toCalendarDates(values: Maybe<readonly string[]>): CalendarDate[] {
  const dates = (values ?? []).map(fromPartnerDate).filter((date): date is CalendarDate => date !== null);
  return [...new Set(dates)].sort(compareDates);
}

/** The persons and pets a price says it is for; absent what the partner leaves out. */
function pricedParty(raw: PriceResult): HousePrice['pricedFor'] {
  const counts = raw.numberOfPersons;
  const groups = [counts?.adults, counts?.child0002, counts?.child0304, counts?.child0512, counts?.child1317];
  // A search answer may leave out age groups with no one in them; the adults must be there.
  const summed =
    readCount(counts?.adults) === null ? null : groups.reduce<number>((n, c) => n + (readCount(c) ?? 0), 0);
  const persons = readCount(counts?.total) ?? summed;
  const pets = readCount(raw.numberOfPets);
  if (persons === null && pets === null) return undefined;
  return { ...(persons !== null ? { persons } : {}), ...(pets !== null ? { pets } : {}) };
}

/**
 * The price of a stay, or null when the period or the amount is unusable. Every field is optional:
 * an answer without its dates is the price of the period asked for, when the request named one.
 */
export function mapHousePrice(raw: Maybe<PriceResult>, requested: Partial<StayDates> = {}): HousePrice | null {
  const startDate = fromPartnerDate(raw?.startDate) ?? requested.startDate ?? null;
  const endDate = fromPartnerDate(raw?.endDate) ?? requested.endDate ?? null;
  const full = readCount(raw?.fullPrice);
  if (!raw || !startDate || !endDate || full === null) return null;
  const nights = countNights(startDate, endDate);
  if (nights < 1) return null;
  const discountedRaw = readCount(raw.discountedPrice);
  // A "discount" that is not lower than the full price would show a false saving.
  const discounted = discountedRaw !== null && discountedRaw < full ? discountedRaw : undefined;
  const pay = discounted ?? full;
  const price: HousePrice = {
    startDate,
    endDate,
    full,
    nights,
    perNight: fromCents(Math.round(toCents(pay) / nights)),
    currency: 'EUR',
  };
  if (discounted !== undefined) price.discounted = discounted;
  if (typeof raw.cancellationFundPossible === 'boolean')
    price.cancellationFundPossible = raw.cancellationFundPossible;
  const voucher = readAmount(raw.voucherAmount);
  if (voucher !== null && voucher > 0) price.voucherAmount = voucher;
  const party = pricedParty(raw);
  if (party) price.pricedFor = party;
  return price;
}

export function mapHouseSummary(
  raw: SearchHouseResult,
  requested: Partial<StayDates> = {},
): HouseSummary | null {
  if (!isId(raw.houseId)) return null;
  const pictures = safeUrls([raw.mainPicture, ...(raw.pictures ?? [])]);
  return withPlace(
    {
      id: raw.houseId,
      name: cleanText(raw.name),
      persons: readCount(raw.nrPersons?.value),
      bedrooms: readCount(raw.bedrooms?.value),
      bathrooms: readCount(raw.bathrooms?.value),
      beds: readCount(raw.numberOfBeds?.value),
      maxPets: readCount(raw.numberOfPets?.value) ?? 0,
      surface: cleanText(raw.surface?.value) || null,
      picture: pictures[0] ?? null,
      pictures,
      description: cleanText(raw.descriptionInterior),
      price: mapHousePrice(raw.price, requested),
    },
    raw,
  );
}

/** Houses without an id are dropped and repeated ids kept once; the count is what remains. */
export function mapSearchResults(
  raw: Maybe<HousesSearchResult>,
  requested: Partial<StayDates> = {},
): SearchResults {
  const houses = uniqueBy(
    (raw?.houseList ?? [])
      .map((house) => mapHouseSummary(house, requested))
      .filter((house): house is HouseSummary => house !== null),
    (house) => house.id,
  );
  return { houses, count: houses.length };
}

export function mapService(raw: HouseServiceResult): Service | null {
  if (!isId(raw.id)) return null;
  const service: Service = {
    id: raw.id,
    name: cleanText(raw.serviceName),
    cost: readAmount(raw.cost) ?? 0,
    // Unknown or missing types stay as sent; lib/booking/costs.ts prices them per stay and flags them.
    costType: cleanText(raw.costType),
    hasDatePicker: raw.hasDatePicker === true,
  };
  const group = cleanText(raw.groupName);
  const keyword = cleanText(raw.keyword);
  if (group) service.group = group;
  if (keyword) service.keyword = keyword;
  return service;
}

/** Services without an id cannot be chosen or priced by id, so they are dropped. */
export function mapServices(raw: Maybe<readonly HouseServiceResult[]>): Service[] {
  return uniqueBy(
    (raw ?? []).map(mapService).filter((service): service is Service => service !== null),
    (service) => service.id,
  );
}

/**
 * Preferences are services; the one with the default pet-free keyword is marked, since it rules
 * out bringing pets. Keywords a partner profile adds are marked by the gateway (profile-wire.ts).
 */
export function mapPreferences(raw: Maybe<readonly HouseServiceResult[]>): Service[] {
  return mapServices(raw).map((preference) =>
    isPetFreeKeyword(preference.keyword) ? { ...preference, petFree: true } : preference,
  );
}

/** Available features first (what the house has), each part keeping the partner's order. */
export function mapFeatures(raw: Maybe<readonly HouseFeatureResult[]>): Feature[] {
  const features = (raw ?? [])
    .map((f) => ({
      keyword: cleanText(f.keyword),
      name: cleanText(f.featureName) || cleanText(f.keyword),
      available: f.available === true,
    }))
    .filter((f) => f.name !== '');
  return [...features.filter((f) => f.available), ...features.filter((f) => !f.available)];
}

function numberFact(key: FactKey, raw: Maybe<TranslatedProperty>): Fact | null {
  const value = readCount(raw?.value);
  return value === null ? null : { key, label: cleanText(raw?.name), value };
}

function textFact(key: FactKey, raw: Maybe<TranslatedString>): Fact | null {
  const value = cleanText(raw?.value);
  return value === '' ? null : { key, label: cleanText(raw?.name), value };
}

/** Thumbnails pair with pictures by position, the only link the partner's two lists have. */
function mapPictures(pictures: Maybe<readonly string[]>, thumbnails: Maybe<readonly string[]>): Picture[] {
  const mapped = (pictures ?? []).flatMap((picture, index): Picture[] => {
    const url = toSafeUrl(picture);
    return url ? [{ url, thumbnail: toSafeUrl(thumbnails?.[index]) ?? url }] : [];
  });
  return uniqueBy(mapped, (picture) => picture.url);
}

export function mapHouseDetail(raw: HouseDetails, options: HouseMapOptions = {}): HouseDetail | null {
  const id = isId(raw.houseId) ? raw.houseId : options.houseId;
  if (!isId(id)) return null;
  const facts = [
    numberFact('persons', raw.nrPersons),
    numberFact('bedrooms', raw.bedrooms),
    numberFact('bathrooms', raw.bathrooms),
    numberFact('beds', raw.numberOfBeds),
    numberFact('pets', raw.numberOfPets),
    textFact('surface', raw.surface),
    numberFact('parking', raw.parkingLot),
  ].filter((fact): fact is Fact => fact !== null);
  return withPlace(
    {
      id,
      name: cleanText(raw.name),
      persons: readCount(raw.nrPersons?.value),
      maxPets: readCount(raw.numberOfPets?.value) ?? 0,
      facts,
      descriptions: {
        location: cleanText(raw.descriptionLocation),
        interior: cleanText(raw.descriptionInterior),
        surroundings: cleanText(raw.descriptionSurroundings),
        parkConditions: cleanText(raw.descriptionParkConditions),
      },
      pictures: mapPictures(raw.pictures, raw.pictureThumbnails),
      virtualTourLink: toSafeUrl(raw.virtualTourLink),
      mandatoryServices: mapServices(raw.mandatoryServices),
      optionalServices: mapServices(raw.optionalServices),
      preferences: mapPreferences(raw.preferences),
      features: mapFeatures(raw.features),
      availableStartDates: toCalendarDates(raw.availableStartDates),
      availableEndDates: toCalendarDates(raw.availableEndDates),
      selectedPeriod: mapHousePrice(raw.selectedPeriod, options),
    },
    raw,
  );
}
