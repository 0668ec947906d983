import { PET_FREE_KEYWORD } from '@/lib/booking/preferences';
import { OPERATIONS, type OperationName } from './operations';
import { OPERATION_FIELDS, OPERATION_NAMES } from './profile-fields';

/**
 * The partner profile's shape and the sandbox's profile, which is the default: a partner's
 * profile lists only what differs from it. Not server-only, like ./profile.ts.
 */

export const DATE_FORMATS = ['date', 'date-time'] as const;
/** `date` = `YYYY-MM-DD`; `date-time` = `YYYY-MM-DDT00:00:00.000Z` (UTC midnight of the day). */
export type DateFormat = (typeof DATE_FORMATS)[number];
export const METHODS = ['GET', 'POST'] as const;
export type Method = (typeof METHODS)[number];
/** What the partner's search takes for a house type: the type's id, or its name. */
export const TYPE_FILTERS = ['id', 'name'] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number];

/** Our field name → the partner's; null when the partner's operation takes no such field. */
export type NameMap = Record<string, string | null>;

export interface OperationProfile {
  /** GET sends the fields in the query string, POST in a JSON body. */
  method: Method;
  path: string;
  /** How the request's dates are written; operations without dates have none. */
  dateFormat?: DateFormat;
  /** Our query parameter name → the partner's (the reads' fields, whichever the method). */
  query: NameMap;
  /** Our body field name → the partner's; `extraServices.id` names a field inside each extra service. */
  body: NameMap;
  /** The partner's answer field (a dotted path, arrays stepped through) → the name our schema reads. */
  response: Record<string, string>;
  /** searchHouses only: whether the search's house type parameter carries the type's id or its name. */
  typeFilter?: TypeFilter;
}

export interface PartnerProfile {
  /** Free text for the reader of a profile file. */
  description?: string;
  /** Preference keywords (case and surrounding spaces ignored) that mean "pet-free accommodation". */
  petFreeKeywords: string[];
  operations: Record<OperationName, OperationProfile>;
}

/**
 * Dates as the client has always written them: calendar dates in the reads' queries, UTC-midnight
 * date-times for optional services (its help page spells that form out) and in request bodies.
 */
const DEFAULT_DATE_FORMATS: Partial<Record<OperationName, DateFormat>> = {
  searchHouses: 'date',
  houseDetails: 'date',
  availableHouseUnits: 'date',
  optionalServices: 'date-time',
  priceSpecifications: 'date-time',
  preRegisterReservation: 'date-time',
};

/** Each of our names sent as itself (a nested `parent.field` as `field`). */
const sameNames = (names: readonly string[]): NameMap =>
  Object.fromEntries(names.map((name) => [name, name.slice(name.lastIndexOf('.') + 1)]));

/** The sandbox's profile: what the client sends when nothing is configured. */
export function createDefaultProfile(): PartnerProfile {
  const operations = Object.fromEntries(
    OPERATION_NAMES.map((op): [OperationName, OperationProfile] => {
      const { part, fields } = OPERATION_FIELDS[op];
      const dateFormat = DEFAULT_DATE_FORMATS[op];
      return [
        op,
        {
          method: OPERATIONS[op].method,
          path: OPERATIONS[op].path,
          ...(dateFormat ? { dateFormat } : {}),
          query: part === 'query' ? sameNames(fields) : {},
          body: part === 'body' ? sameNames(fields) : {},
          response: {},
          ...(op === 'searchHouses' ? { typeFilter: 'id' as const } : {}),
        },
      ];
    }),
  ) as Record<OperationName, OperationProfile>;
  return { petFreeKeywords: [PET_FREE_KEYWORD], operations };
}
