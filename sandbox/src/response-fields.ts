/**
 * Which response fields the sandbox sends. `full` sends everything the sandbox knows, including
 * fields it invented where the partner's documentation is silent (park and type ids, a payment
 * URL, hold and reservation status, per-unit pets and preferences). `seed` sends only the fields
 * the partner's documentation shows, so a client tested against it cannot quietly depend on an
 * invention. The choice is applied to the finished answer of an operation; availability, prices
 * and reservations work the same in both modes.
 */
import type { OperationName } from '@/lib/partner-api/operations';

export const FIELD_MODES = ['full', 'seed'] as const;
export type FieldMode = (typeof FIELD_MODES)[number];
export const DEFAULT_FIELD_MODE: FieldMode = 'full';

export function isFieldMode(value: unknown): value is FieldMode {
  return (FIELD_MODES as readonly unknown[]).includes(value);
}

/** Reads SANDBOX_FIELDS (unset or empty = `full`); any other value is refused with one clear line. */
export function fieldModeFromEnv(raw: string | undefined): FieldMode {
  if (raw === undefined || raw === '') return DEFAULT_FIELD_MODE;
  if (isFieldMode(raw)) return raw;
  throw new Error(`SANDBOX_FIELDS must be "full" or "seed", got "${raw}"`);
}

/**
 * A documented shape: each field is kept as it is (`true`) or reduced to its own documented
 * shape. A shape applies to an object, or to every element of an array of objects.
 */
export interface Shape {
  readonly [field: string]: true | Shape;
}

const TRANSLATED_PROPERTY: Shape = { name: true, value: true };

const NUMBER_OF_PERSONS: Shape = {
  total: true,
  adults: true,
  child0002: true,
  child0304: true,
  child0512: true,
  child1317: true,
};

const PRICE_RESULT: Shape = {
  startDate: true,
  endDate: true,
  fullPrice: true,
  discountedPrice: true,
  cancellationFundPossible: true,
  cancellationFund: true,
  numberOfPersons: NUMBER_OF_PERSONS,
  numberOfPets: true,
  voucherAmount: true,
};

const HOUSE_SERVICE: Shape = {
  id: true,
  serviceName: true,
  cost: true,
  costType: true,
  groupName: true,
  keyword: true,
  hasDatePicker: true,
};

const HOUSE_FEATURE: Shape = { keyword: true, available: true, featureName: true };

const PRICE_ITEM: Shape = {
  itemName: true,
  itemValue: true,
  extrainfo: true,
  group: true,
  isHeader: true,
  itemType: true,
};

/** The units of a booking answer: here the documentation does show pets and preference ids. */
const HOUSE_UNIT_INFO: Shape = { id: true, allowPets: true, number: true, preferenceIds: true };

/** The booking answer model. The hold's expiry, a status and a payment URL are not part of it. */
const PRE_BOOKING_RESULT: Shape = {
  transactionId: true,
  priceSpecifications: PRICE_ITEM,
  paymentBookingType: true,
  fullPayAmount: true,
  firstPayAmount: true,
  cancellationFundPossible: true,
  cancellationFund: true,
  houseUnits: HOUSE_UNIT_INFO,
};

const HOUSE_FACTS: Shape = {
  houseId: true,
  name: true,
  nrPersons: TRANSLATED_PROPERTY,
  bedrooms: TRANSLATED_PROPERTY,
  bathrooms: TRANSLATED_PROPERTY,
  numberOfPets: TRANSLATED_PROPERTY,
  numberOfBeds: TRANSLATED_PROPERTY,
  surface: TRANSLATED_PROPERTY,
  descriptionInterior: true,
  pictures: true,
};

/**
 * What the documentation shows of each operation's answer. Operations it only names get what
 * its one-line description mentions: park houses "id and name", park data "park conditions,
 * virtual tour link, facilities with id, name and keyword", house types by name only. The
 * price quote is answered with the booking answer model, so that model's fields apply.
 */
export const DOCUMENTED_FIELDS: Readonly<Record<OperationName, Shape>> = {
  searchHouses: {
    houseList: { ...HOUSE_FACTS, price: PRICE_RESULT, mainPicture: true },
    houseCount: true,
  },
  houseDetails: {
    ...HOUSE_FACTS,
    numberOfPersons: NUMBER_OF_PERSONS,
    pictureThumbnails: true,
    parkingLot: TRANSLATED_PROPERTY,
    virtualTourLink: true,
    nationalIdentificationNumber: true,
    descriptionLocation: true,
    descriptionSurroundings: true,
    descriptionParkConditions: true,
    selectedPeriod: PRICE_RESULT,
    availableStartDates: true,
    availableEndDates: true,
    mandatoryServices: HOUSE_SERVICE,
    optionalServices: HOUSE_SERVICE,
    preferences: HOUSE_SERVICE,
    features: HOUSE_FEATURE,
  },
  optionalServices: HOUSE_SERVICE,
  // The help page's example names the pets field nrPets (its table says numberOfPets); the
  // example is what goes over the wire, so only nrPets is kept.
  availableHouseUnits: {
    unitId: true,
    unitNumber: true,
    houseId: true,
    startDate: true,
    endDate: true,
    nrPets: true,
  },
  usedHouseTypes: { name: true },
  parkActiveHouses: { id: true, name: true },
  parkData: {
    parkConditions: true,
    virtualTourLink: true,
    facilities: { id: true, name: true, keyword: true },
  },
  priceSpecifications: PRE_BOOKING_RESULT,
  preRegisterReservation: PRE_BOOKING_RESULT,
  finalizeReservation: PRE_BOOKING_RESULT,
};

/** `value` reduced to `shape`: undocumented fields dropped at every level, values untouched. */
export function keepDocumented(value: unknown, shape: Shape): unknown {
  if (Array.isArray(value)) return value.map((item) => keepDocumented(item, shape));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [field, fieldValue] of Object.entries(value)) {
    const rule = Object.hasOwn(shape, field) ? shape[field] : undefined;
    if (rule === undefined) continue;
    out[field] = rule === true ? fieldValue : keepDocumented(fieldValue, rule);
  }
  return out;
}

/** A successful JSON answer rewritten to the documented fields; any other answer unchanged. */
export async function documentedResponse(response: Response, shape: Shape): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !type.includes('application/json')) return response;
  const body: unknown = JSON.parse(await response.text());
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(keepDocumented(body, shape)), { status: response.status, headers });
}
