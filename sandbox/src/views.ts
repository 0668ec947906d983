/** Turns catalogue records into the partner's response shapes, in the request's language. */
import type {
  AvailableHouseUnit,
  HouseFeatureResult,
  HouseServiceResult,
  HouseUnitInfo,
  SearchHouseResult,
} from '@/lib/partner-api/schemas';
import type { House, Unit } from './catalogue';
import { FEATURES } from './house-data';
import type { ParkDef } from './park-data';
import { MANDATORY_SERVICES, OPTIONAL_SERVICES, PREFERENCES, type ServiceDef } from './service-data';
import { formatDay, monthAndDate, type Day } from './dates';
import { LABELS, type Lang } from './i18n';
import { money } from './pricing';

export function pictureUrls(house: House, baseUrl: string): { pictures: string[]; thumbnails: string[] } {
  const n = Array.from({ length: house.pictureCount }, (_, i) => i + 1);
  return {
    pictures: n.map((i) => `${baseUrl}/pictures/${house.id}/${i}.png`),
    thumbnails: n.map((i) => `${baseUrl}/pictures/${house.id}/${i}-thumb.png`),
  };
}

/** The facts shared by the search result and the details. */
export function houseFacts(house: House, lang: Lang) {
  return {
    houseId: house.id,
    name: house.name[lang],
    nrPersons: { name: LABELS.nrPersons[lang], value: house.capacity },
    bedrooms: { name: LABELS.bedrooms[lang], value: house.bedrooms },
    bathrooms: { name: LABELS.bathrooms[lang], value: house.bathrooms },
    numberOfPets: { name: LABELS.numberOfPets[lang], value: house.maxPets },
    numberOfBeds: { name: LABELS.numberOfBeds[lang], value: house.beds },
    surface: { name: LABELS.surface[lang], value: `${house.surfaceM2} m²` },
    houseTypeId: house.typeId,
    parkId: house.parkId,
  };
}

/** `pictures` holds the further pictures; the first one is `mainPicture` (as the docs describe it). */
export function searchHouseResult(house: House, lang: Lang, baseUrl: string): SearchHouseResult {
  const { pictures } = pictureUrls(house, baseUrl);
  return {
    ...houseFacts(house, lang),
    descriptionInterior: house.descriptions[lang].interior,
    mainPicture: pictures[0] ?? null,
    pictures: pictures.slice(1),
  };
}

function serviceResult(
  def: ServiceDef | (typeof PREFERENCES)[number],
  costCents: number,
  lang: Lang,
  group: string,
  hasDatePicker: boolean,
): HouseServiceResult {
  return {
    id: def.id,
    serviceName: def.name[lang],
    cost: money(costCents),
    costType: def.costType,
    groupName: group,
    keyword: def.keyword,
    hasDatePicker,
  };
}

export function mandatoryServices(house: House, park: ParkDef, lang: Lang): HouseServiceResult[] {
  const m = MANDATORY_SERVICES;
  const out = [
    serviceResult(m.finalCleaning, house.finalCleaningCents, lang, m.finalCleaning.group[lang], false),
    serviceResult(m.energy, house.energyNightCents, lang, m.energy.group[lang], false),
    serviceResult(m.touristTax, park.touristTaxCents, lang, m.touristTax.group[lang], false),
  ];
  // Charged only when pets come along, so listed only where pets are allowed.
  if (house.maxPets > 0)
    out.push(serviceResult(m.petCleaning, m.petCleaning.baseCents, lang, m.petCleaning.group[lang], false));
  return out;
}

/** A seasonal service is offered for a stay when any night of it falls in its months. */
export function offeredDuring(def: ServiceDef, start: Day, end: Day): boolean {
  if (!def.months) return true;
  for (let d = start; d < end; d++) if (def.months.includes(monthAndDate(d).month)) return true;
  return false;
}

export function optionalServices(
  house: House,
  lang: Lang,
  range?: { start: Day; end: Day },
): HouseServiceResult[] {
  const out: HouseServiceResult[] = [];
  for (const offer of house.optional) {
    const def = OPTIONAL_SERVICES.find((s) => s.id === offer.id);
    if (!def || (range && !offeredDuring(def, range.start, range.end))) continue;
    out.push(serviceResult(def, offer.costCents, lang, def.group[lang], def.hasDatePicker));
  }
  return out;
}

export function preferences(house: House, lang: Lang): HouseServiceResult[] {
  return house.preferences.flatMap((offer) => {
    const def = PREFERENCES.find((p) => p.id === offer.id);
    return def ? [serviceResult(def, offer.costCents, lang, LABELS.preferencesGroup[lang], false)] : [];
  });
}

export function features(house: House, lang: Lang): HouseFeatureResult[] {
  return house.features.map((f) => ({
    keyword: f.keyword,
    available: f.available,
    featureName: FEATURES.find((d) => d.keyword === f.keyword)?.name[lang] ?? f.keyword,
  }));
}

export function unitInfo(unit: Unit): HouseUnitInfo {
  return {
    id: unit.id,
    allowPets: unit.allowPets,
    number: unit.number,
    preferenceIds: [...unit.preferenceIds],
  };
}

/** Both pet field spellings of the docs are sent: the pets this unit accepts. */
export function availableUnit(unit: Unit, house: House, start: Day, end: Day): AvailableHouseUnit {
  const pets = unit.allowPets ? house.maxPets : 0;
  return {
    unitId: unit.id,
    unitNumber: unit.number,
    houseId: house.id,
    startDate: formatDay(start),
    endDate: formatDay(end),
    nrPets: pets,
    numberOfPets: pets,
    allowPets: unit.allowPets,
    preferenceIds: [...unit.preferenceIds],
  };
}
