/**
 * The seeded catalogue: parks, houses (accommodation types) and their physical units. Built
 * once per sandbox from the seed alone, so the same seed gives a deep-equal catalogue.
 */
import {
  FEATURES,
  GROUP_TYPE_ID,
  HOUSE_TYPES,
  NAME_PREFIXES,
  NAME_SUFFIXES,
  VILLA_TYPE_ID,
  type HouseTypeDef,
} from './house-data';
import { FACILITIES, PARKS, type ParkDef } from './park-data';
import {
  CORE_OPTIONAL_IDS,
  MANDATORY_SERVICES,
  OPTIONAL_SERVICES,
  PET_FREE_KEYWORD,
  PREFERENCES,
} from './service-data';
import { describeHouse, type HouseDescriptions } from './descriptions';
import { LANGS, type Lang } from './i18n';
import { chance, intBetween, mulberry32, pick, shuffle, type Rng } from './prng';

export interface Unit {
  readonly id: number;
  readonly number: string;
  readonly houseId: number;
  readonly allowPets: boolean;
  readonly preferenceIds: readonly number[];
}

/** A service or preference as this house offers it: catalogue id plus this house's price. */
export interface Offer {
  readonly id: number;
  readonly costCents: number;
}

export interface House {
  readonly id: number;
  readonly parkId: number;
  readonly typeId: number;
  readonly name: Readonly<Record<Lang, string>>;
  readonly capacity: number;
  readonly bedrooms: number;
  readonly bathrooms: number;
  readonly beds: number;
  readonly surfaceM2: number;
  readonly maxPets: number;
  readonly parkingSpaces: number;
  readonly nationalId: string;
  readonly virtualTourLink: string;
  readonly pictureCount: number;
  /** Drives the colours of the generated pictures. */
  readonly hue: number;
  readonly nightlyCents: number;
  /** Persons included in the nightly rate; each further person pays extraPersonCents a night. */
  readonly baseOccupancy: number;
  readonly extraPersonCents: number;
  readonly petNightCents: number;
  readonly depositCents: number;
  readonly finalCleaningCents: number;
  readonly energyNightCents: number;
  readonly optional: readonly Offer[];
  readonly preferences: readonly Offer[];
  readonly features: readonly { keyword: string; available: boolean }[];
  readonly descriptions: Readonly<Record<Lang, HouseDescriptions>>;
  readonly units: readonly Unit[];
}

export interface Catalogue {
  readonly seed: number;
  readonly parks: readonly ParkDef[];
  readonly houses: readonly House[];
  readonly housesById: ReadonlyMap<number, House>;
  readonly unitsById: ReadonlyMap<number, Unit>;
}

const MIN_UNITS = 420;

function pickType(rng: Rng, index: number): HouseTypeDef {
  // The first houses cycle through every type so each type is always present.
  if (index < HOUSE_TYPES.length * 2) return HOUSE_TYPES[index % HOUSE_TYPES.length] as HouseTypeDef;
  const total = HOUSE_TYPES.reduce((sum, t) => sum + t.weight, 0);
  let roll = rng() * total;
  for (const t of HOUSE_TYPES) {
    roll -= t.weight;
    if (roll < 0) return t;
  }
  return HOUSE_TYPES[0] as HouseTypeDef;
}

function unitCount(rng: Rng, typeId: number): number {
  if (typeId === GROUP_TYPE_ID) return intBetween(rng, 2, 4);
  if (typeId === VILLA_TYPE_ID) return intBetween(rng, 3, 6);
  return intBetween(rng, 5, 10);
}

function nationalId(rng: Rng, park: ParkDef): string {
  const hex = () => intBetween(rng, 0, 0xffff).toString(16).toUpperCase().padStart(4, '0');
  if (park.country === 'NL')
    return `${String(intBetween(rng, 100, 1999)).padStart(4, '0')} ${hex()} ${hex()} ${hex()} ${hex()}`;
  if (park.country === 'BE') return `EXP-${intBetween(rng, 100000, 999999)}-${intBetween(rng, 10, 99)}`;
  return `DE-FeWo-${intBetween(rng, 10000, 99999)}`;
}

/** Price to a multiple of `step` cents, so amounts look like real tariffs. */
function vary(rng: Rng, cents: number, spread: number, step = 50): number {
  const factor = 1 - spread + rng() * spread * 2;
  return Math.max(step, Math.round((cents * factor) / step) * step);
}

/** Which units offer a preference: some, never none, and never all when there is a choice. */
function spreadPreference(rng: Rng, candidates: readonly number[], units: number): number[] {
  const chosen = candidates.filter(() => chance(rng, 0.45));
  if (chosen.length === 0 && candidates.length > 0) chosen.push(pick(rng, candidates));
  if (chosen.length === units && units > 1) chosen.pop();
  return chosen;
}

function buildUnits(
  rng: Rng,
  houseId: number,
  count: number,
  maxPets: number,
  prefIds: readonly number[],
  park: ParkDef,
  firstNumber: number,
  firstId: number,
): Unit[] {
  const allowPets = Array.from({ length: count }, () => maxPets > 0 && chance(rng, 0.6));
  if (maxPets > 0 && !allowPets.includes(true)) allowPets[0] = true;
  if (maxPets > 0 && count > 1 && !allowPets.includes(false)) allowPets[count - 1] = false;
  const prefsByUnit: number[][] = Array.from({ length: count }, () => []);
  for (const prefId of prefIds) {
    const isPetFree = PREFERENCES.find((p) => p.id === prefId)?.keyword === PET_FREE_KEYWORD;
    // A pet-free unit must never have hosted pets, so only units without allowPets qualify.
    const candidates = [...Array(count).keys()].filter((i) => !isPetFree || !allowPets[i]);
    for (const i of spreadPreference(rng, candidates, count)) prefsByUnit[i]?.push(prefId);
  }
  return prefsByUnit.map((preferenceIds, i) => ({
    id: firstId + i,
    number: `${park.letter}${firstNumber + i}`,
    houseId,
    allowPets: allowPets[i] ?? false,
    preferenceIds,
  }));
}

export function buildCatalogue(seed: number): Catalogue {
  const rng = mulberry32(seed);
  const houseCount = intBetween(rng, 64, 72);
  const parkOrder = shuffle(
    rng,
    Array.from({ length: houseCount }, (_, i) => PARKS[i % PARKS.length] as ParkDef),
  );
  const names = shuffle(
    rng,
    NAME_PREFIXES.flatMap((p) => NAME_SUFFIXES.map((s) => `${p}${s}`)),
  );
  const nextNumber = new Map<number, number>(PARKS.map((p) => [p.id, 101]));
  const houses: House[] = [];
  let nextUnitId = 10_001;
  const unitCounts: number[] = [];
  const drafts = parkOrder.map((park, i) => {
    const type = pickType(rng, i);
    const units = unitCount(rng, type.id);
    unitCounts.push(units);
    return { park, type, rng: mulberry32(Math.floor(rng() * 2 ** 32)) };
  });
  // Top up so the catalogue always has enough units, whatever the seed rolled.
  for (let i = 0; unitCounts.reduce((a, b) => a + b, 0) < MIN_UNITS; i = (i + 1) % unitCounts.length) {
    unitCounts[i] = (unitCounts[i] ?? 0) + 1;
  }
  drafts.forEach(({ park, type, rng: r }, i) => {
    const id = 1001 + i;
    const capacity = intBetween(r, type.minCapacity, type.maxCapacity);
    const bedrooms = Math.max(1, Math.ceil(capacity / 2) - (capacity > 8 && chance(r, 0.5) ? 1 : 0));
    const bathrooms = 1 + Math.floor(capacity / 6);
    const maxPets = pick(r, [0, 0, 0, 1, 1, 1, 1, 2, 2, 2]);
    const parkingSpaces = pick(r, [0, 1, 1, 1, 2]) + (capacity >= 12 ? 2 : 0);
    const noun = names[i % names.length] ?? 'Heiderust';
    const name = {} as Record<Lang, string>;
    for (const lang of LANGS) name[lang] = `${type.name[lang]} ${noun} ${capacity}`;
    const prefPool = PREFERENCES.filter(
      (p) => (p.keyword !== PET_FREE_KEYWORD || maxPets > 0) && (!p.waterOnly || park.water),
    );
    const preferences = shuffle(r, prefPool)
      .slice(0, intBetween(r, 3, Math.min(6, prefPool.length)))
      .sort((a, b) => a.id - b.id)
      .map((p) => ({ id: p.id, costCents: vary(r, p.baseCents, 0.2) }));
    // Pet-free must be offered wherever pets are, so the conflict rule is always exercisable.
    const petFree = PREFERENCES.find((p) => p.keyword === PET_FREE_KEYWORD);
    if (maxPets > 0 && petFree && !preferences.some((p) => p.id === petFree.id)) {
      preferences.unshift({ id: petFree.id, costCents: petFree.baseCents });
    }
    const extras = OPTIONAL_SERVICES.filter((s) => !CORE_OPTIONAL_IDS.includes(s.id) && chance(r, 0.5));
    const optional = OPTIONAL_SERVICES.filter(
      (s) => CORE_OPTIONAL_IDS.includes(s.id) || extras.includes(s),
    ).map((s) => ({ id: s.id, costCents: vary(r, s.baseCents, 0.15) }));
    const features = FEATURES.map((f) => ({
      keyword: f.keyword,
      available: f.keyword === 'parking' ? parkingSpaces > 0 : chance(r, 0.5),
    }));
    // Guarantee a mix, so clients always meet both available and unavailable features.
    const wifi = features[1];
    if (wifi && features.every((f) => f.available)) wifi.available = false;
    if (wifi && !features.some((f) => f.available)) wifi.available = true;
    const units = buildUnits(
      r,
      id,
      unitCounts[i] ?? 1,
      maxPets,
      preferences.map((p) => p.id),
      park,
      nextNumber.get(park.id) ?? 101,
      nextUnitId,
    );
    nextUnitId += units.length;
    nextNumber.set(park.id, (nextNumber.get(park.id) ?? 101) + units.length);
    const surfaceM2 = 18 + capacity * 9 + intBetween(r, 0, 14);
    const facilities = FACILITIES.filter((f) => park.facilityIds.includes(f.id));
    const baseOccupancy = capacity <= 4 ? capacity : capacity - 2;
    houses.push({
      id,
      parkId: park.id,
      typeId: type.id,
      name,
      capacity,
      bedrooms,
      bathrooms,
      beds: capacity + (chance(r, 0.3) ? 1 : 0),
      surfaceM2,
      maxPets,
      parkingSpaces,
      nationalId: nationalId(r, park),
      virtualTourLink: `https://tour.sandbox.example/${park.letter.toLowerCase()}/${id}`,
      pictureCount: intBetween(r, 4, 8),
      hue: Math.floor(r() * 360),
      nightlyCents: vary(r, type.baseCents + type.perPersonCents * capacity, 0.12, 100),
      baseOccupancy,
      extraPersonCents: vary(r, 1000, 0.2, 50),
      petNightCents: maxPets > 0 ? 500 : 0,
      depositCents:
        type.id === GROUP_TYPE_ID
          ? 50_000
          : type.id === VILLA_TYPE_ID
            ? 25_000
            : chance(r, 0.25)
              ? 15_000
              : 0,
      finalCleaningCents: MANDATORY_SERVICES.finalCleaning.baseCents - 1000 + 750 * bedrooms,
      energyNightCents: MANDATORY_SERVICES.energy.baseCents - 100 + 75 * bedrooms,
      optional,
      preferences,
      features,
      descriptions: describeHouse({
        name,
        capacity,
        bedrooms,
        bathrooms,
        surfaceM2,
        maxPets,
        parkingSpaces,
        park,
        facilities,
        availableFeatures: new Set(features.filter((f) => f.available).map((f) => f.keyword)),
        variant: intBetween(r, 0, 59),
      }),
      units,
    });
  });
  return {
    seed,
    parks: PARKS,
    houses,
    housesById: new Map(houses.map((h) => [h.id, h])),
    unitsById: new Map(houses.flatMap((h) => h.units.map((u) => [u.id, u] as const))),
  };
}
