/**
 * The checks shared by the price quote and pre-registration: the stay, the party, the unit,
 * preferences and optional services. Whether a unit must offer the chosen preferences and take
 * the pets depends on the preferences mode (preference-rules.ts). Every violation is collected
 * into one 400 keyed by the request's field names; an unknown house is a 404.
 */
import type { ExtraServiceSelection } from '@/lib/partner-api/schemas';
import type { House, Unit } from './catalogue';
import type { ParkDef } from './park-data';
import { OPTIONAL_SERVICES, PET_FREE_KEYWORD, PREFERENCES } from './service-data';
import { parseDay, type Day } from './dates';
import { FieldErrorCollector } from './http-errors';
import { persons, type Party } from './party';
import { checkStay, dayField, partyFrom, type PartyInput } from './params';
import { LAST_MINUTE_DAYS, type ExtraSelection, type Selection } from './pricing';
import type { SandboxState } from './state';
import { offeredDuring } from './views';

export interface BookingInput extends PartyInput {
  readonly houseID: number;
  readonly startDate: string;
  readonly endDate: string;
  readonly unitId?: number | null;
  readonly preferences?: readonly number[] | null;
  readonly extraServices?: readonly ExtraServiceSelection[] | null;
  readonly cancellationFund?: boolean | null;
}

export interface ValidBooking {
  readonly house: House;
  readonly park: ParkDef;
  readonly start: Day;
  readonly end: Day;
  readonly party: Party;
  readonly unit?: Unit;
  readonly selection: Selection;
}

function checkExtras(
  house: House,
  start: Day,
  end: Day,
  input: readonly ExtraServiceSelection[],
  errors: FieldErrorCollector,
): ExtraSelection[] {
  const out: ExtraSelection[] = [];
  input.forEach((extra, i) => {
    const def = OPTIONAL_SERVICES.find((s) => s.id === extra.id);
    if (!def || !house.optional.some((o) => o.id === extra.id)) {
      errors.add(`extraServices.${i}.id`, `Service ${extra.id} is not offered by this house`);
      return;
    }
    if (!offeredDuring(def, start, end))
      errors.add(`extraServices.${i}.id`, `Service ${extra.id} is not offered in this period`);
    let date: Day | undefined;
    if (extra.date) {
      date = parseDay(extra.date);
      if (date === undefined || date < start || date >= end)
        errors.add(`extraServices.${i}.date`, 'The date must be a night of the stay');
    }
    out.push({ id: extra.id, quantity: extra.quantity, ...(date !== undefined ? { date } : {}) });
  });
  return out;
}

/** The rules the partner leaves to the client: enforced mode refuses what advisory mode accepts. */
function checkUnitRules(
  party: Party,
  preferenceIds: readonly number[],
  unit: Unit | undefined,
  errors: FieldErrorCollector,
): void {
  const petFree = PREFERENCES.find((p) => p.keyword === PET_FREE_KEYWORD);
  if (party.pets > 0 && petFree && preferenceIds.includes(petFree.id))
    errors.add('preferences', 'The pet-free preference cannot be combined with pets');
  if (!unit) return;
  if (party.pets > 0 && !unit.allowPets) errors.add('animalNr', `Unit ${unit.number} does not allow pets`);
  const missing = preferenceIds.filter((p) => !unit.preferenceIds.includes(p));
  if (missing.length > 0)
    errors.add('preferences', `Unit ${unit.number} does not offer preference(s) ${missing.join(', ')}`);
}

export function validateBooking(state: SandboxState, input: BookingInput): ValidBooking {
  const house = state.requireHouse(input.houseID);
  const park = state.park(house);
  const today = state.today();
  const errors = new FieldErrorCollector();
  const party = partyFrom(input, errors);
  const start = dayField(input.startDate, 'startDate', errors);
  const end = dayField(input.endDate, 'endDate', errors);
  if (errors.empty) checkStay(start, end, today, errors);
  if (persons(party) > house.capacity)
    errors.add('adults', `A party of ${persons(party)} exceeds this house's capacity of ${house.capacity}`);
  if (party.pets > house.maxPets) errors.add('animalNr', `This house allows at most ${house.maxPets} pets`);
  const preferenceIds = [...new Set(input.preferences ?? [])];
  for (const id of preferenceIds) {
    if (!house.preferences.some((p) => p.id === id))
      errors.add('preferences', `Preference ${id} is not offered by this house`);
  }
  let unit: Unit | undefined;
  if (input.unitId !== undefined && input.unitId !== null) {
    unit = house.units.find((u) => u.id === input.unitId);
    if (!unit) errors.add('unitId', `Unit ${input.unitId} does not belong to this house`);
  }
  if (state.preferenceMode === 'enforced') checkUnitRules(party, preferenceIds, unit, errors);
  if (start === undefined || end === undefined) {
    errors.throwIfAny();
    throw new Error('unreachable: dates are required by the schema');
  }
  if (errors.empty) {
    const problem = state.availability.ruleProblem(house, start, end);
    if (problem) errors.add(problem.field, problem.message);
  }
  const extras = checkExtras(house, start, end, input.extraServices ?? [], errors);
  const cancellationFund = input.cancellationFund === true;
  if (cancellationFund && start - today <= LAST_MINUTE_DAYS) {
    errors.add(
      'cancellationFund',
      `A cancellation fund is only possible for arrivals more than ${LAST_MINUTE_DAYS} days ahead`,
    );
  }
  errors.throwIfAny();
  return {
    house,
    park,
    start,
    end,
    party,
    ...(unit ? { unit } : {}),
    selection: { ...(unit ? { unitId: unit.id } : {}), preferenceIds, extras, cancellationFund },
  };
}
