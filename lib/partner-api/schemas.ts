/**
 * Zod schemas of every partner API payload: the one source of truth for the sandbox, the
 * server-side client and the generated OpenAPI document. Holds no secret, so it carries no
 * `server-only` marker.
 *
 * Responses are tolerant on purpose: every response field is optional (the partner's
 * documentation says so, ids included) and may be null, unknown fields are stripped, and enums
 * accept values we have not seen yet (the partner documents only some of them). What an entry
 * without its id means is decided by the mappers, not here.
 * Fields the public documentation does not show are marked "sandbox" in their description;
 * see sandbox/README.md.
 */
import { z } from 'zod';
import { COST_TYPES } from '@/lib/booking/costs';

/** Known values first (documented in the JSON Schema), then any other string. */
function openEnum<const T extends readonly [string, ...string[]]>(values: T, description: string) {
  return z.union([z.enum(values), z.string()]).describe(description);
}

export const PRICE_GROUPS = ['PayInAdvance', 'Deposit', 'PayAtLocation', 'Total'] as const;
export const ITEM_TYPES = ['Normal', 'Discount'] as const;
export const PAYMENT_TYPES = ['Later', 'NowFullAmount', 'NowPartialPayment'] as const;
export const PAYMENT_BOOKING_TYPES = ['Normal', 'EarlyBooking', 'LastMinute'] as const;
export const PARTNER_LANGUAGES = ['NL', 'EN', 'DE', 'FR'] as const;

/** `YYYY-MM-DDTHH:MM:SS.SSSZ`, the documented response form. */
export const PARTNER_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** What we accept when reading: a calendar date or an ISO date-time. */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/)
  .describe('ISO 8601, YYYY-MM-DDTHH:MM:SS.SSSZ in responses');

const int = z.number().int();
const opt = <T extends z.ZodType>(schema: T) => schema.nullish();

// ---------------------------------------------------------------- shared models

export const TranslatedPropertySchema = z
  .object({ name: opt(z.string()), value: opt(z.number()) })
  .meta({ id: 'TranslatedProperty' });

export const TranslatedPropertyStringSchema = z
  .object({ name: opt(z.string()), value: opt(z.string()) })
  .meta({ id: 'TranslatedPropertyString' });

export const NumberOfPersonsSchema = z
  .object({
    total: opt(int),
    adults: opt(int),
    child0002: opt(int),
    child0304: opt(int),
    child0512: opt(int),
    child1317: opt(int),
  })
  .meta({ id: 'NumberOfPersonsModel' });

export const PriceResultSchema = z
  .object({
    startDate: opt(isoDate),
    endDate: opt(isoDate),
    fullPrice: opt(z.number()).describe('Total for the period without discounts, mandatory costs included'),
    discountedPrice: opt(z.number()),
    cancellationFundPossible: opt(z.boolean()),
    cancellationFund: opt(z.number()),
    numberOfPersons: opt(NumberOfPersonsSchema),
    numberOfPets: opt(int),
    voucherAmount: opt(z.number()),
  })
  .meta({ id: 'PriceResult' });

export const HouseServiceResultSchema = z
  .object({
    id: opt(int),
    serviceName: opt(z.string()),
    cost: opt(z.number()),
    costType: opt(openEnum(COST_TYPES, 'How cost applies')),
    groupName: opt(z.string()),
    keyword: opt(z.string()),
    hasDatePicker: opt(z.boolean()),
  })
  .meta({ id: 'HouseServiceResult' });

export const HouseFeatureResultSchema = z
  .object({ keyword: opt(z.string()), available: opt(z.boolean()), featureName: opt(z.string()) })
  .meta({ id: 'HouseFeatureResult' });

// ---------------------------------------------------------------- search and details

export const SearchHouseResultSchema = z
  .object({
    houseId: opt(int),
    name: opt(z.string()),
    nrPersons: opt(TranslatedPropertySchema),
    bedrooms: opt(TranslatedPropertySchema),
    bathrooms: opt(TranslatedPropertySchema),
    numberOfPets: opt(TranslatedPropertySchema),
    numberOfBeds: opt(TranslatedPropertySchema),
    price: opt(PriceResultSchema),
    descriptionInterior: opt(z.string()),
    mainPicture: opt(z.string()),
    pictures: opt(z.array(z.string())),
    surface: opt(TranslatedPropertyStringSchema),
    houseTypeId: opt(int).describe('sandbox: the house type (see usedHouseTypes)'),
    parkId: opt(int).describe('sandbox: the park the house belongs to'),
  })
  .meta({ id: 'SearchHouseResult' });

export const HousesSearchResultSchema = z
  .object({ houseList: opt(z.array(SearchHouseResultSchema)), houseCount: opt(int) })
  .meta({ id: 'HousesSearchResult' });

export const HouseDetailsSchema = z
  .object({
    numberOfPersons: opt(NumberOfPersonsSchema),
    houseId: opt(int),
    name: opt(z.string()),
    nrPersons: opt(TranslatedPropertySchema),
    pictures: opt(z.array(z.string())),
    pictureThumbnails: opt(z.array(z.string())),
    bedrooms: opt(TranslatedPropertySchema),
    bathrooms: opt(TranslatedPropertySchema),
    numberOfBeds: opt(TranslatedPropertySchema),
    numberOfPets: opt(TranslatedPropertySchema),
    surface: opt(TranslatedPropertyStringSchema),
    parkingLot: opt(TranslatedPropertySchema),
    virtualTourLink: opt(z.string()),
    nationalIdentificationNumber: opt(z.string()),
    descriptionLocation: opt(z.string()),
    descriptionInterior: opt(z.string()),
    descriptionSurroundings: opt(z.string()),
    descriptionParkConditions: opt(z.string()),
    selectedPeriod: opt(PriceResultSchema),
    availableStartDates: opt(z.array(isoDate)),
    availableEndDates: opt(z.array(isoDate)),
    mandatoryServices: opt(z.array(HouseServiceResultSchema)),
    optionalServices: opt(z.array(HouseServiceResultSchema)),
    preferences: opt(z.array(HouseServiceResultSchema)),
    features: opt(z.array(HouseFeatureResultSchema)),
    houseTypeId: opt(int).describe('sandbox: the house type'),
    parkId: opt(int).describe('sandbox: the park the house belongs to'),
  })
  .meta({ id: 'HouseSearchResult' });

export const OptionalServicesResultSchema = z.array(HouseServiceResultSchema).meta({ id: 'OptionalServicesResult' });

// ---------------------------------------------------------------- units, types, parks

export const AvailableHouseUnitSchema = z
  .object({
    unitId: opt(int),
    unitNumber: opt(z.string()),
    houseId: opt(int),
    startDate: opt(isoDate),
    endDate: opt(isoDate),
    nrPets: opt(int).describe('pets allowed in the unit (the documented example)'),
    numberOfPets: opt(int).describe('pets allowed in the unit (the documented table)'),
    allowPets: opt(z.boolean()).describe('sandbox: as in HouseUnitInfo'),
    preferenceIds: opt(z.array(int)).describe('sandbox: as in HouseUnitInfo'),
  })
  .meta({ id: 'AvailableHouseUnit' });

export const AvailableHouseUnitsResultSchema = z.array(AvailableHouseUnitSchema).meta({ id: 'AvailableHouseUnits' });

export const HouseTypeSchema = z.object({ id: opt(int), name: opt(z.string()) }).meta({ id: 'HouseType' });
export const UsedHouseTypesResultSchema = z.array(HouseTypeSchema).meta({ id: 'UsedHouseTypes' });

export const ParkActiveHouseSchema = z
  .object({ id: opt(int), name: opt(z.string()), parkId: opt(int).describe('sandbox') })
  .meta({ id: 'ParkActiveHouse' });
export const ParkActiveHousesResultSchema = z.array(ParkActiveHouseSchema).meta({ id: 'ParkActiveHouses' });

export const FacilitySchema = z
  .object({ id: opt(int), name: opt(z.string()), keyword: opt(z.string()) })
  .meta({ id: 'Facility' });

export const ParkDataSchema = z
  .object({
    id: opt(int),
    name: opt(z.string()),
    parkConditions: opt(z.string()),
    virtualTourLink: opt(z.string()),
    facilities: opt(z.array(FacilitySchema)),
  })
  .meta({ id: 'ParkData' });
export const ParkDataResultSchema = z.array(ParkDataSchema).meta({ id: 'ParkDataList' });

// ---------------------------------------------------------------- booking

export const PriceItemSpecificationSchema = z
  .object({
    itemName: opt(z.string()),
    itemValue: opt(z.string()).describe('An amount as a string, e.g. "289.00"'),
    extrainfo: opt(z.string()),
    group: opt(openEnum(PRICE_GROUPS, 'Payment category')),
    isHeader: opt(z.boolean()),
    itemType: opt(openEnum(ITEM_TYPES, 'Normal or Discount; other values possible')),
  })
  .meta({ id: 'PriceItemSpecification' });

export const HouseUnitInfoSchema = z
  .object({
    id: opt(int),
    allowPets: opt(z.boolean()),
    number: opt(z.string()),
    preferenceIds: opt(z.array(int)),
  })
  .meta({ id: 'HouseUnitInfo' });

export const PreBookingResultSchema = z
  .object({
    transactionId: opt(z.string()).describe('Becomes the reservation code once the reservation is finalized'),
    reservationNumber: opt(z.union([z.string(), z.number()])).describe(
      "not documented: the partner's own reservation number, where its answer carries one; shown instead of the transactionId",
    ),
    priceSpecifications: opt(z.array(PriceItemSpecificationSchema)),
    paymentBookingType: opt(openEnum(PAYMENT_BOOKING_TYPES, 'Booking price category')),
    fullPayAmount: opt(z.number()),
    firstPayAmount: opt(z.number()),
    cancellationFundPossible: opt(z.boolean()),
    cancellationFund: opt(z.number()),
    houseUnits: opt(z.array(HouseUnitInfoSchema)),
    holdExpiresAt: opt(isoDate).describe('sandbox: when an unfinalized hold lapses'),
    paymentUrl: opt(z.string()).describe('sandbox: where to send the guest for Now* payments'),
    reservationStatus: opt(z.string()).describe('sandbox: Held, Confirmed, AwaitingPayment'),
  })
  .meta({ id: 'PreBookingResult' });

/** Optional service chosen for a booking (shape undocumented; sandbox assumption). */
export const ExtraServiceSelectionSchema = z
  .object({
    id: int.positive(),
    quantity: int.min(1).max(99).default(1),
    date: isoDate.optional().describe('for services with hasDatePicker'),
  })
  .meta({ id: 'ExtraServiceSelection' });

/** The party's fields, for a body (`int`) or a query string (`queryInt`). */
function partyOf(n: z.ZodNumber | z.ZodCoercedNumber) {
  const count = (max: number) => n.min(0).max(max).optional();
  return {
    adults: count(30),
    child0002: count(30),
    child0304: count(30),
    child0512: count(30),
    child1317: count(30),
    animalNr: count(10),
  };
}
/** The house, the nights and the party: what a quote and a booking both name first. */
const stayBody = { houseID: int.positive(), startDate: isoDate, endDate: isoDate, ...partyOf(int) };

/** Body of priceSpecifications (sandbox assumption: a price quote for a selection). */
export const PriceQuoteModelSchema = z
  .object({
    ...stayBody,
    unitId: int.positive().nullish(),
    preferences: z.array(int).max(50).nullish(),
    extraServices: z.array(ExtraServiceSelectionSchema).max(50).nullish(),
    cancellationFund: z.boolean().nullish(),
  })
  .meta({ id: 'PriceQuoteModel' });

/** Body of preRegisterReservation. Fields up to faxNumber are documented; the rest are sandbox. */
export const BookingModelSchema = z
  .object({
    transactionId: z.string().nullish(),
    ...stayBody,
    countryCode: z.string().max(2).nullish(),
    language: z.string().max(2).nullish(),
    firstname: z.string().max(100).nullish(),
    insertion: z.string().max(50).nullish(),
    lastName: z.string().min(1).max(100),
    address: z.string().min(1).max(200),
    houseNr: z.string().min(1).max(20),
    zipCode: z.string().min(1).max(20),
    city: z.string().min(1).max(100),
    email: z.string().min(3).max(254),
    phoneNumber: z.string().min(3).max(30),
    mobilePhone: z.string().max(30).nullish(),
    faxNumber: z.string().max(30).nullish(),
    unitId: int.positive().nullish().describe('sandbox: the chosen house unit'),
    preferences: z.array(int).max(50).nullish().describe('sandbox: chosen preference ids'),
    extraServices: z.array(ExtraServiceSelectionSchema).max(50).nullish().describe('sandbox'),
    cancellationFund: z.boolean().nullish().describe('sandbox: take the cancellation fund'),
  })
  .meta({ id: 'BookingModel' });

export const FinalizeBookingModelSchema = z
  .object({
    transactionId: z.string().min(1).max(100),
    paymentType: z.enum(PAYMENT_TYPES),
    thankYouPageUrl: z.string().max(2000).nullish(),
  })
  .meta({ id: 'FinalizeBookingModel' });

// ---------------------------------------------------------------- errors

export const RateLimitErrorSchema = z
  .object({ status: z.literal('error'), message: z.string(), code: z.literal(429) })
  .meta({ id: 'RateLimitError' });

/** Error body for other statuses (undocumented; sandbox assumption). */
export const ErrorBodySchema = z
  .object({
    status: z.literal('error'),
    code: int,
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'ErrorBody' });

// ---------------------------------------------------------------- query parameters

const queryInt = z.coerce.number().int();
const queryDate = z.string().regex(/^\d{4}-\d{2}-\d{2}/);

const stayQuery = { startDate: queryDate.optional(), endDate: queryDate.optional() };

export const PartyQuerySchema = z.object(partyOf(queryInt));

export const SearchHousesQuerySchema = PartyQuerySchema.extend({
  ...stayQuery,
  houseTypeId: queryInt.positive().optional().describe('sandbox: filter by house type'),
  parkId: queryInt.positive().optional().describe('sandbox: filter by park'),
});

export const HouseDetailsQuerySchema = PartyQuerySchema.extend(stayQuery);

export const OptionalServicesQuerySchema = z.object({ houseId: queryInt.positive(), ...stayQuery });

export const AvailableHouseUnitsQuerySchema = PartyQuerySchema.extend({ houseId: queryInt.positive(), ...stayQuery });

export const ParkQuerySchema = z.object({ parkId: queryInt.positive().optional() });

// ---------------------------------------------------------------- types

export type TranslatedProperty = z.infer<typeof TranslatedPropertySchema>;
export type PriceResult = z.infer<typeof PriceResultSchema>;
export type HouseServiceResult = z.infer<typeof HouseServiceResultSchema>;
export type HouseFeatureResult = z.infer<typeof HouseFeatureResultSchema>;
export type SearchHouseResult = z.infer<typeof SearchHouseResultSchema>;
export type HousesSearchResult = z.infer<typeof HousesSearchResultSchema>;
export type HouseDetails = z.infer<typeof HouseDetailsSchema>;
export type AvailableHouseUnit = z.infer<typeof AvailableHouseUnitSchema>;
export type HouseType = z.infer<typeof HouseTypeSchema>;
export type ParkActiveHouse = z.infer<typeof ParkActiveHouseSchema>;
export type ParkData = z.infer<typeof ParkDataSchema>;
export type PriceItemSpecification = z.infer<typeof PriceItemSpecificationSchema>;
export type HouseUnitInfo = z.infer<typeof HouseUnitInfoSchema>;
export type PreBookingResult = z.infer<typeof PreBookingResultSchema>;
export type ExtraServiceSelection = z.infer<typeof ExtraServiceSelectionSchema>;
export type PriceQuoteModel = z.infer<typeof PriceQuoteModelSchema>;
export type BookingModel = z.infer<typeof BookingModelSchema>;
export type FinalizeBookingModel = z.infer<typeof FinalizeBookingModelSchema>;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export type PartnerLanguage = (typeof PARTNER_LANGUAGES)[number];
