/**
 * The search box's texts, taken from the site's own messages when the box is built
 * (embed/build.ts), so a guest reads the same words in the box as on the site. Only the few
 * texts the site has no equivalent for live in the `partners.embed` messages.
 */
import { PARTY_FIELDS, type PartyField } from '../lib/booking/party';
import { LOCALES, type Locale } from '../lib/i18n/locales';
import { SEARCH_FORM_ERRORS, type SearchFormError } from '../components/search/search-form-schema';

export interface EmbedMessages {
  title: string;
  startDate: string;
  endDate: string;
  anyDates: string;
  party: string;
  limits: string;
  labels: Record<PartyField, string>;
  hints: Record<PartyField, string>;
  submit: string;
  fixErrors: string;
  errors: Record<SearchFormError, string>;
}

/** The site's brand as the served script declares it (app/embed/search.js): all optional. */
export interface EmbedBrand {
  /** The site's name in each locale. */
  name?: Partial<Record<Locale, string>>;
  /** The button's colour and its text colour (#rgb or #rrggbb). */
  primary?: string;
  onPrimary?: string;
}

/** The message files of one locale, as loaded from messages/{locale}/*.json. */
export interface SiteMessageFiles {
  common: unknown;
  search: unknown;
  partners: unknown;
}

function at(source: unknown, path: string): string {
  let value: unknown = source;
  for (const key of path.split('.')) {
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  if (typeof value !== 'string' || value === '') throw new Error(`Missing message ${path}`);
  return value;
}

function perField(source: unknown, prefix: string): Record<PartyField, string> {
  const out = {} as Record<PartyField, string>;
  for (const field of PARTY_FIELDS) out[field] = at(source, `${prefix}.${field}`);
  return out;
}

/** Picks the box's texts from one locale's site messages; throws when one is missing. */
export function pickEmbedMessages({ common, search, partners }: SiteMessageFiles): EmbedMessages {
  const errors = {} as Record<SearchFormError, string>;
  for (const key of SEARCH_FORM_ERRORS) errors[key] = at(search, `searchForm.errors.${key}`);
  return {
    title: at(search, 'searchPage.heading'),
    startDate: at(search, 'searchForm.startDate'),
    endDate: at(search, 'searchForm.endDate'),
    anyDates: at(search, 'searchForm.anyDates'),
    party: at(common, 'party.title'),
    limits: at(common, 'party.limits'),
    labels: perField(common, 'party.labels'),
    hints: perField(common, 'party.hints'),
    submit: at(search, 'searchForm.submit'),
    fixErrors: at(partners, 'partners.embed.fixErrors'),
    errors,
  };
}

export function pickAllEmbedMessages(
  load: (locale: Locale) => SiteMessageFiles,
): Record<Locale, EmbedMessages> {
  const out = {} as Record<Locale, EmbedMessages>;
  for (const locale of LOCALES) out[locale] = pickEmbedMessages(load(locale));
  return out;
}

/** Fills `{name}` placeholders; the picked texts use no other ICU syntax. */
export function fillMessage(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
