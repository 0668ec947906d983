/**
 * The party's zod schemas, for request bodies, the booking session and the site's JSON API. Apart
 * from the party's limits and counting (party.ts), which the search form and the house page use
 * without loading zod.
 */
import { lazySchema, z } from '@/lib/validation/zod-browser';
import { DEFAULT_PARTY, MAX_PERSONS, PARTY_LIMITS, countPersons, type PartyErrorKey, type PartyField } from './party';

/** One schema per party field, built by `count`: the one place that lists the fields for zod. */
function partyShape<T extends z.ZodType>(count: (field: PartyField) => T): Record<PartyField, T> {
  return {
    adults: count('adults'),
    child0002: count('child0002'),
    child0304: count('child0304'),
    child0512: count('child0512'),
    child1317: count('child1317'),
    pets: count('pets'),
  };
}

function countSchema(field: PartyField) {
  const { min, max } = PARTY_LIMITS[field];
  const error = 'party.errors.count' satisfies PartyErrorKey;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

/** The party as sent in JSON bodies (route handlers, the booking session). */
export const PartySchema = lazySchema(() =>
  z.strictObject(partyShape(countSchema)).superRefine((party, ctx) => {
    if (countPersons(party) > MAX_PERSONS) {
      ctx.addIssue({ code: 'custom', message: 'party.errors.too_many_persons' satisfies PartyErrorKey });
    }
  }),
);

/**
 * The party in a URL query (the site's JSON API): each count as text, an absent one at its
 * default, then the limits of PartySchema. The loose 0–30 bound first only turns text into a
 * number; the party's own limits decide.
 */
export const PartyQuerySchema = lazySchema(() =>
  z
    .object(partyShape((field) => z.coerce.number().int().min(0).max(30).default(DEFAULT_PARTY[field])))
    .pipe(PartySchema),
);
