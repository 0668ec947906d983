import type { z } from 'zod';
import { OPERATIONS, type OperationName } from './operations';
import {
  AvailableHouseUnitsResultSchema,
  HouseDetailsSchema,
  HousesSearchResultSchema,
  OptionalServicesResultSchema,
  ParkActiveHousesResultSchema,
  ParkDataResultSchema,
  PreBookingResultSchema,
  UsedHouseTypesResultSchema,
} from './schemas';

/**
 * What each operation sends and reads, under our names (those of ./schemas.ts): the fields a
 * partner profile may rename, the placeholders its path must hold, and the answer's schema its
 * aliases are checked against. Not server-only, like ./profile.ts.
 */

const PARTY = ['adults', 'child0002', 'child0304', 'child0512', 'child1317', 'animalNr'] as const;
const STAY = ['startDate', 'endDate'] as const;
const SELECTION = [
  'houseID',
  ...STAY,
  ...PARTY,
  'unitId',
  'preferences',
  'extraServices',
  'extraServices.id',
  'extraServices.quantity',
  'extraServices.date',
  'cancellationFund',
] as const;
const GUEST = [
  'transactionId',
  'countryCode',
  'language',
  'firstname',
  'insertion',
  'lastName',
  'address',
  'houseNr',
  'zipCode',
  'city',
  'email',
  'phoneNumber',
  'mobilePhone',
  'faxNumber',
] as const;

/** Which of the profile's name maps names an operation's fields: a read's parameters, or a body. */
export type FieldPart = 'query' | 'body';

export interface OperationFields {
  /**
   * The map that names the fields: `query` for the reads' parameters, `body` for the quote's and
   * the bookings' models. Where the fields go is the method's choice (GET: the query string,
   * POST: a JSON body), whichever map names them.
   */
  part: FieldPart;
  /** Our field names; a nested one is `parent.field`. */
  fields: readonly string[];
  /** Placeholders the path must hold: the operation cannot be asked without them. */
  placeholders: readonly string[];
  /** The answer's schema, to check that an alias names a field we read. */
  answer: z.ZodType;
}

const reads = <S extends z.ZodType>(fields: readonly string[], answer: S, placeholders: readonly string[] = []) =>
  ({ part: 'query', fields, placeholders, answer }) as const satisfies OperationFields;
const model = <S extends z.ZodType>(fields: readonly string[], answer: S) =>
  ({ part: 'body', fields, placeholders: [] as readonly string[], answer }) as const satisfies OperationFields;

/**
 * Our request names per operation (the site sends nothing else) and the schema of each answer,
 * the one the site reads it with.
 */
export const OPERATION_FIELDS = {
  searchHouses: reads([...STAY, ...PARTY, 'houseTypeId'], HousesSearchResultSchema),
  houseDetails: reads([...STAY, ...PARTY], HouseDetailsSchema, ['houseId']),
  optionalServices: reads(['houseId', ...STAY], OptionalServicesResultSchema),
  availableHouseUnits: reads(['houseId', ...STAY, ...PARTY], AvailableHouseUnitsResultSchema),
  usedHouseTypes: reads([], UsedHouseTypesResultSchema),
  parkActiveHouses: reads(['parkId'], ParkActiveHousesResultSchema),
  parkData: reads(['parkId'], ParkDataResultSchema),
  priceSpecifications: model(SELECTION, PreBookingResultSchema),
  preRegisterReservation: model([...SELECTION, ...GUEST], PreBookingResultSchema),
  finalizeReservation: model(['transactionId', 'paymentType', 'thankYouPageUrl'], PreBookingResultSchema),
} as const satisfies Readonly<Record<OperationName, OperationFields>>;

/** The schema an operation's answer is read with. */
export type AnswerOf<Op extends OperationName> = z.output<(typeof OPERATION_FIELDS)[Op]['answer']>;

/** Request fields that carry a date, written in the operation's date format. */
export const DATE_FIELDS: ReadonlySet<string> = new Set(['startDate', 'endDate', 'extraServices.date']);

/** Fields that hold a list of objects: a query string has no way to write them. */
export const OBJECT_LIST_FIELDS: ReadonlySet<string> = new Set(['extraServices']);

export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];
