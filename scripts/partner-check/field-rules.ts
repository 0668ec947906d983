import type { OperationName } from '@/lib/partner-api/operations';
import type { MissingField } from './types';
import { isRecord } from '@/lib/validation/guards';

/** The fields the site reads from each answer, the feature each one carries, and how to find them. */

export interface FieldRule {
  /**
   * Dotted path in the parsed answer; lists are stepped through (present when any item has it).
   * `a|b` names one field the partner may send under either name.
   */
  field: string;
  /** What the site loses without it. */
  feature: string;
  /** Without it no guest can book: the check fails. */
  required?: boolean;
  /** Sent only in some situations, so one answer without it proves nothing: listed, not warned about. */
  sometimes?: boolean;
  /** Another field the site reads the same fact from; when that one is present nothing is lost. */
  coveredBy?: string;
}

export interface OperationRules {
  /** Without a usable answer no guest can book (the booking pages read it). */
  essential: boolean;
  /** What the site loses when the whole operation fails. */
  feature: string;
  fields: readonly FieldRule[];
}

/** The fields the site reads, per operation, and the feature each one carries. */
export const FIELD_RULES: Readonly<Partial<Record<OperationName, OperationRules>>> = {
  searchHouses: {
    essential: true,
    feature: 'search',
    fields: [
      { field: 'houseList', feature: 'search results', required: true },
      { field: 'houseList.houseId', feature: 'links from the results to a house', required: true },
      { field: 'houseList.price', feature: 'prices in the search results' },
      { field: 'houseList.mainPicture', feature: 'result pictures' },
      { field: 'houseList.nrPersons', feature: 'capacity in the results' },
      { field: 'houseList.parkId', feature: 'park box and park filter' },
      { field: 'houseList.houseTypeId', feature: 'house-type filter' },
    ],
  },
  houseDetails: {
    essential: true,
    feature: 'house page and booking',
    fields: [
      {
        field: 'selectedPeriod',
        feature: 'rent for the stay (without it every stay is "not available")',
        required: true,
      },
      { field: 'preferences', feature: 'preferences step' },
      { field: 'mandatoryServices', feature: 'mandatory costs in the overview' },
      { field: 'availableStartDates', feature: 'arrival calendar' },
      { field: 'availableEndDates', feature: 'departure calendar' },
      { field: 'pictures', feature: 'house pictures' },
      { field: 'features', feature: 'feature list' },
      { field: 'descriptionInterior', feature: 'house description' },
      { field: 'parkId', feature: 'park box' },
      { field: 'houseTypeId', feature: 'house type on the house page' },
    ],
  },
  optionalServices: {
    essential: true,
    feature: 'extras step',
    fields: [
      { field: 'id', feature: 'choosing an extra' },
      { field: 'serviceName', feature: 'names of extras' },
      { field: 'cost', feature: 'prices of extras' },
      { field: 'costType', feature: 'how an extra is priced (per stay, night, person, piece)' },
      { field: 'hasDatePicker', feature: 'a date per extra' },
    ],
  },
  availableHouseUnits: {
    essential: true,
    feature: 'unit choice and preference check',
    fields: [
      { field: 'unitId', feature: 'choice of a unit' },
      { field: 'unitNumber', feature: 'unit number shown to the guest' },
      { field: 'preferenceIds', feature: 'preference filter per unit' },
      { field: 'allowPets', feature: 'pets per unit', coveredBy: 'nrPets|numberOfPets' },
      { field: 'nrPets|numberOfPets', feature: 'pets per unit' },
    ],
  },
  priceSpecifications: {
    essential: false,
    feature: 'price preview before the guest details',
    fields: [
      { field: 'priceSpecifications', feature: 'cost lines in the price preview' },
      { field: 'fullPayAmount', feature: 'amount to pay in full' },
      { field: 'firstPayAmount', feature: 'first instalment of a partial payment', sometimes: true },
      { field: 'cancellationFundPossible', feature: 'cancellation fund choice' },
    ],
  },
  usedHouseTypes: {
    essential: false,
    feature: 'house-type filter',
    fields: [
      { field: 'id', feature: 'house-type filter' },
      { field: 'name', feature: 'house-type names' },
    ],
  },
  parkData: {
    essential: false,
    feature: 'park box and park list',
    fields: [
      { field: 'id', feature: 'park box (linking a house to its park)' },
      { field: 'name', feature: 'park names' },
      { field: 'parkConditions', feature: 'park conditions' },
      { field: 'facilities', feature: 'park facilities' },
    ],
  },
  parkActiveHouses: {
    essential: false,
    feature: 'refusing unknown house ids without a partner call, sitemap',
    fields: [
      { field: 'id', feature: 'refusing unknown house ids without a partner call, sitemap' },
      { field: 'parkId', feature: 'park box (house to park link)' },
    ],
  },
};

/** Fields only a booking write returns: a read-only check cannot see them. */
export const WRITE_ONLY_FIELDS: readonly { operation: OperationName; field: string; feature: string }[] = [
  {
    operation: 'preRegisterReservation',
    field: 'transactionId',
    feature: 'holding a stay (the booking itself)',
  },
  { operation: 'preRegisterReservation', field: 'holdExpiresAt', feature: 'hold countdown' },
  { operation: 'preRegisterReservation', field: 'houseUnits', feature: 'held unit number' },
  { operation: 'finalizeReservation', field: 'transactionId', feature: 'reservation code after finalize' },
  { operation: 'finalizeReservation', field: 'paymentUrl', feature: 'pay now link' },
  {
    operation: 'finalizeReservation',
    field: 'reservationStatus',
    feature: 'booking status on the thank-you page',
  },
];

/** The values at a dotted path, lists stepped through; null and missing values are left out. */
export function valuesAt(value: unknown, fieldPath: string): unknown[] {
  if (fieldPath.includes('|'))
    return fieldPath.split('|').flatMap((alternative) => valuesAt(value, alternative));
  let current: unknown[] = [value];
  for (const segment of fieldPath.split('.')) {
    current = current
      .flatMap((item) => (Array.isArray(item) ? item : [item]))
      .filter(isRecord)
      .map((item) => item[segment])
      .filter((item) => item !== undefined && item !== null);
  }
  return current;
}

/** Items that field presence is judged on: the answer's list (or the list the first field sits in). */
function itemCount(answer: unknown, rules: OperationRules): number | undefined {
  if (Array.isArray(answer)) return answer.length;
  const first = rules.fields[0]?.field ?? '';
  if (first.includes('.')) return valuesAt(answer, first.split('.')[0]!).flat().length;
  return undefined;
}

/** Which of the operation's read fields an answer carries, and what each missing one costs. */
export function readFields(
  answer: unknown,
  rules: OperationRules,
): { items: number | undefined; present: string[]; missing: MissingField[] } {
  const present: string[] = [];
  const missing: MissingField[] = [];
  for (const rule of rules.fields) {
    if (valuesAt(answer, rule.field).length > 0) present.push(rule.field);
    else {
      const covered =
        rule.coveredBy && valuesAt(answer, rule.coveredBy).length > 0 ? rule.coveredBy : undefined;
      missing.push({
        field: rule.field,
        feature: rule.feature,
        ...(rule.sometimes ? { sometimes: true as const } : {}),
        ...(covered ? { coveredBy: covered } : {}),
      });
    }
  }
  return { items: itemCount(answer, rules), present, missing };
}
