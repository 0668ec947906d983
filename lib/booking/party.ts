/**
 * The travelling party: adults, children per age group (the partner's four groups), and pets.
 * The limits are ours (the partner documents none); they keep requests sane and the steppers short.
 */
export const CHILD_GROUPS = ['child0002', 'child0304', 'child0512', 'child1317'] as const;
export type ChildGroup = (typeof CHILD_GROUPS)[number];

/** Every party field, in the order of the deep-link table. */
export const PARTY_FIELDS = ['adults', ...CHILD_GROUPS, 'pets'] as const;
export type PartyField = (typeof PARTY_FIELDS)[number];

export type Party = Record<PartyField, number>;

export const MIN_ADULTS = 1;
/** As many as the person cap: the largest houses sleep 20, and a group of adults books them too. */
export const MAX_ADULTS = 20;
export const MIN_CHILDREN_PER_GROUP = 0;
export const MAX_CHILDREN_PER_GROUP = 10;
export const MIN_PETS = 0;
export const MAX_PETS = 4;
export const MAX_PERSONS = 20;

export const PARTY_LIMITS: Readonly<Record<PartyField, { min: number; max: number }>> = {
  adults: { min: MIN_ADULTS, max: MAX_ADULTS },
  child0002: { min: MIN_CHILDREN_PER_GROUP, max: MAX_CHILDREN_PER_GROUP },
  child0304: { min: MIN_CHILDREN_PER_GROUP, max: MAX_CHILDREN_PER_GROUP },
  child0512: { min: MIN_CHILDREN_PER_GROUP, max: MAX_CHILDREN_PER_GROUP },
  child1317: { min: MIN_CHILDREN_PER_GROUP, max: MAX_CHILDREN_PER_GROUP },
  pets: { min: MIN_PETS, max: MAX_PETS },
};

/** The partner's own default party (2 adults, nobody else), used when a link names none. */
export const DEFAULT_PARTY: Readonly<Party> = {
  adults: 2,
  child0002: 0,
  child0304: 0,
  child0512: 0,
  child1317: 0,
  pets: 0,
};

export const PARTY_ERROR_KEYS = ['party.errors.count', 'party.errors.too_many_persons'] as const;
export type PartyErrorKey = (typeof PARTY_ERROR_KEYS)[number];

export function isChildGroup(field: string): field is ChildGroup {
  return (CHILD_GROUPS as readonly string[]).includes(field);
}

export function countChildren(party: Pick<Party, ChildGroup>): number {
  return CHILD_GROUPS.reduce((sum, group) => sum + party[group], 0);
}

/** Persons are adults plus every child; pets never count towards capacity. */
export function countPersons(party: Pick<Party, 'adults' | ChildGroup>): number {
  return party.adults + countChildren(party);
}

export function isPartyWithinLimits(party: Party): boolean {
  return (
    PARTY_FIELDS.every((field) => {
      const value = party[field];
      return Number.isInteger(value) && value >= PARTY_LIMITS[field].min && value <= PARTY_LIMITS[field].max;
    }) && countPersons(party) <= MAX_PERSONS
  );
}
