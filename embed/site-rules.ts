/**
 * The site's search rules as the embeddable search box needs them. The site's own modules that
 * hold them also build zod schemas, which would multiply the box's size, so the numbers are
 * repeated here; embed/site-rules.test.ts fails as soon as they differ from the site's.
 */
export const EMBED_LOCALES = ['en', 'de', 'fr', 'nl'] as const;
export type EmbedLocale = (typeof EMBED_LOCALES)[number];

export const EMBED_PARTY_FIELDS = ['adults', 'child0002', 'child0304', 'child0512', 'child1317', 'pets'] as const;
export type EmbedPartyField = (typeof EMBED_PARTY_FIELDS)[number];
export type EmbedParty = Record<EmbedPartyField, number>;

export const EMBED_PARTY_LIMITS: Readonly<Record<EmbedPartyField, { min: number; max: number }>> = {
  adults: { min: 1, max: 20 },
  child0002: { min: 0, max: 10 },
  child0304: { min: 0, max: 10 },
  child0512: { min: 0, max: 10 },
  child1317: { min: 0, max: 10 },
  pets: { min: 0, max: 4 },
};

export const EMBED_DEFAULT_PARTY: Readonly<EmbedParty> = {
  adults: 2,
  child0002: 0,
  child0304: 0,
  child0512: 0,
  child1317: 0,
  pets: 0,
};

/** Adults and children together; pets never count. */
export const EMBED_MAX_PERSONS = 20;
export const EMBED_MAX_STAY_NIGHTS = 28;
/** Arrivals are taken from tomorrow on, up to the end of the month this many months ahead. */
export const EMBED_FIRST_ARRIVAL_DAYS = 1;
export const EMBED_MAX_MONTHS_AHEAD = 18;
