/**
 * Lenient input binding: keys match case-insensitively (the docs spell houseID/houseId and
 * firstname/firstName both ways), dates may be calendar dates or ISO date-times, and every
 * problem is reported per field in one 400.
 */
import type { z } from 'zod';
import { BOOKING_HORIZON_DAYS, MAX_NIGHTS } from './availability';
import { parseDay, type Day } from './dates';
import { badRequest, type FieldErrorCollector, type FieldErrors } from './http-errors';
import { DEFAULT_PARTY, type Party } from './party';

export type RawInput = Record<string, unknown>;

/** Renames keys to their canonical spelling when they differ only in case; first value wins. */
export function bindKeys(input: RawInput, canonical: readonly string[]): RawInput {
  const byLower = new Map(canonical.map((k) => [k.toLowerCase(), k]));
  const out: RawInput = {};
  for (const [key, value] of Object.entries(input)) {
    const name = byLower.get(key.toLowerCase()) ?? key;
    if (out[name] === undefined || out[name] === null) out[name] = value;
  }
  return out;
}

/** Canonical key names of a zod object schema. */
export function keysOf(schema: { shape: Record<string, unknown> }): string[] {
  return Object.keys(schema.shape);
}

function issuesToErrors(error: z.ZodError, raw: RawInput): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    const top = issue.path[0];
    const missing =
      issue.path.length === 1 && typeof top === 'string' && (raw[top] === undefined || raw[top] === null);
    (errors[field] ??= []).push(missing ? 'Required' : issue.message);
  }
  return errors;
}

/** Binds keys, then validates; a failure is a 400 with errors keyed by field name. */
export function parseInput<S extends z.ZodObject>(schema: S, raw: RawInput): z.output<S> {
  const bound = bindKeys(raw, keysOf(schema));
  const result = schema.safeParse(bound);
  if (!result.success) throw badRequest(issuesToErrors(result.error, bound));
  return result.data;
}

export function dayField(
  value: string | null | undefined,
  field: string,
  errors: FieldErrorCollector,
): Day | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const day = parseDay(value);
  if (day === undefined) errors.add(field, 'Not a valid date (YYYY-MM-DD or ISO 8601)');
  return day;
}

/** The party fields as a request carries them: each may be missing. */
export interface PartyInput {
  readonly adults?: number | null;
  readonly child0002?: number | null;
  readonly child0304?: number | null;
  readonly child0512?: number | null;
  readonly child1317?: number | null;
  readonly animalNr?: number | null;
}

/** Applies the documented defaults per missing field: 2 adults, 0 children, 0 pets. */
export function partyFrom(input: PartyInput, errors: FieldErrorCollector): Party {
  const party: Party = {
    adults: input.adults ?? DEFAULT_PARTY.adults,
    child0002: input.child0002 ?? 0,
    child0304: input.child0304 ?? 0,
    child0512: input.child0512 ?? 0,
    child1317: input.child1317 ?? 0,
    pets: input.animalNr ?? 0,
  };
  if (party.adults < 1) errors.add('adults', 'At least one adult must travel');
  return party;
}

/** Structural checks of a stay that hold for every house; park rules are checked separately. */
export function checkStay(
  start: Day | undefined,
  end: Day | undefined,
  today: Day,
  errors: FieldErrorCollector,
): void {
  if (start !== undefined) {
    if (start <= today) errors.add('startDate', 'The arrival date must be after today');
    else if (start > today + BOOKING_HORIZON_DAYS)
      errors.add('startDate', `Stays can be booked at most ${BOOKING_HORIZON_DAYS} days ahead`);
  }
  if (start !== undefined && end !== undefined) {
    if (end <= start) errors.add('endDate', 'The departure date must be after the arrival date');
    else if (end - start > MAX_NIGHTS) errors.add('endDate', `A stay can be at most ${MAX_NIGHTS} nights`);
  }
  if (start === undefined && end !== undefined) errors.add('startDate', 'Required when endDate is given');
}
