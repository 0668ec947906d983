import 'server-only';
import { isPetFreeKeyword } from '@/lib/booking/preferences';
import { fromPartnerDate, toPartnerDateTime } from './dates';
import { DATE_FIELDS, type DateFormat, type OperationProfile, type PartnerProfile } from './profile';

/**
 * The profile applied at the wire: requests are built under our names (those of ./schemas.ts)
 * with calendar dates, and leave under the partner's names and date format; answers arrive under
 * the partner's names and are renamed to ours before the schema reads them.
 */

/** A calendar date or date-time in the operation's date format; anything else as it is. */
export function formatPartnerDate(value: unknown, format: DateFormat): unknown {
  if (typeof value !== 'string') return value;
  const day = fromPartnerDate(value);
  if (day === null) return value;
  return format === 'date' ? day : toPartnerDateTime(day);
}

type QueryValue = string | number | boolean | undefined | null;

/** The query under the partner's names; absent and empty values are left out. */
export function toPartnerQuery(
  settings: OperationProfile,
  query: Readonly<Record<string, QueryValue>> | undefined,
): [string, string][] {
  const out: [string, string][] = [];
  for (const [ours, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    const written = DATE_FIELDS.has(ours) ? formatPartnerDate(value, settings.dateFormat ?? 'date') : value;
    out.push([settings.query[ours] ?? ours, String(written)]);
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A body under the partner's names and date format; nested names are matched as `parent.field`. */
export function toPartnerBody(settings: OperationProfile, body: unknown): unknown {
  const format = settings.dateFormat ?? 'date-time';
  const write = (value: unknown, at: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => write(item, at));
    if (!isPlainObject(value)) return DATE_FIELDS.has(at) ? formatPartnerDate(value, format) : value;
    const out: Record<string, unknown> = {};
    for (const [ours, field] of Object.entries(value)) {
      const path = at === '' ? ours : `${at}.${ours}`;
      out[settings.body[path] ?? ours] = write(field, path);
    }
    return out;
  };
  return write(body, '');
}

/**
 * An answer with the partner's field names (the profile's response aliases) renamed to ours.
 * A renamed field takes the place of one of our name the partner also sent, unless its value
 * is null or missing.
 */
export function fromPartnerAnswer(settings: OperationProfile, answer: unknown): unknown {
  const aliases = settings.response;
  if (Object.keys(aliases).length === 0) return answer;
  const read = (value: unknown, at: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => read(item, at));
    if (!isPlainObject(value)) return value;
    const out: Record<string, unknown> = {};
    const renamed: [string, unknown][] = [];
    for (const [theirs, field] of Object.entries(value)) {
      const path = at === '' ? theirs : `${at}.${theirs}`;
      const ours = aliases[path];
      if (ours === undefined) out[theirs] = read(field, path);
      else renamed.push([ours, read(field, path)]);
    }
    for (const [ours, field] of renamed) {
      if (field !== null && field !== undefined) out[ours] = field;
      else if (!(ours in out)) out[ours] = field;
    }
    return out;
  };
  return read(answer, '');
}

/**
 * Preferences whose keyword is one of the profile's pet-free keywords are marked pet-free, so the
 * booking rules recognise them whatever the partner calls that preference. Keywords compare as
 * lib/booking/preferences.ts compares them (case, spaces, hyphens and underscores ignored).
 */
export function markPetFree<P extends { keyword?: string; petFree?: true }>(
  preferences: readonly P[],
  profile: Pick<PartnerProfile, 'petFreeKeywords'>,
): P[] {
  return preferences.map((preference) =>
    profile.petFreeKeywords.some((keyword) => isPetFreeKeyword(preference.keyword, keyword))
      ? { ...preference, petFree: true }
      : preference,
  );
}
