import 'server-only';
import { isPetFreeKeyword } from '@/lib/booking/preferences';
import { fromPartnerDate, toPartnerDateTime } from './dates';
import { PartnerError } from './errors';
import { DATE_FIELDS, type DateFormat, type OperationProfile, type PartnerProfile } from './profile';
import type { FieldPart } from './profile-fields';
import { isRecord } from '@/lib/validation/guards';

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

/** Nothing to send: a field the partner does not take may be left out only when it holds this. */
function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    value === false ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * An operation's fields under the partner's names and date format (the map `part` names them;
 * nested names are matched as `parent.field`). A field the profile names null is one the partner
 * does not take: it is left out when it holds nothing, and a request that holds something in it
 * is not sent, rather than sent without what the guest chose.
 */
export function toPartnerFields(settings: OperationProfile, part: FieldPart, fields: unknown): unknown {
  const names = settings[part];
  const format = settings.dateFormat ?? (part === 'query' ? 'date' : 'date-time');
  const write = (value: unknown, at: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => write(item, at));
    if (!isRecord(value)) return DATE_FIELDS.has(at) ? formatPartnerDate(value, format) : value;
    const out: Record<string, unknown> = {};
    for (const [ours, field] of Object.entries(value)) {
      const path = at === '' ? ours : `${at}.${ours}`;
      const theirs = names[path];
      if (theirs === null) {
        if (isEmpty(field)) continue;
        throw new PartnerError('invalid_input', `The partner takes no ${path}`, {
          notSent: true,
          fields: [path],
        });
      }
      out[theirs ?? ours] = write(field, path);
    }
    return out;
  };
  return write(fields ?? {}, '');
}

/** A body under the partner's names and date format. */
export function toPartnerBody(settings: OperationProfile, body: unknown): unknown {
  return toPartnerFields(settings, 'body', body);
}

type Scalar = string | number | boolean;
const isScalar = (value: unknown): value is Scalar =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * Fields (already under the partner's names) as a query string's parameters, the way a GET read
 * takes them: numbers as text, `true`/`false`, a list of values joined by commas. Absent and empty
 * values are left out. A field of objects has no query form: the request is not sent (the
 * profile check refuses such a profile at start-up, so this does not happen with a checked one).
 */
export function toQueryPairs(fields: unknown): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, value] of Object.entries(isRecord(fields) ? fields : {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.every(isScalar)) {
      if (value.length > 0) out.push([name, value.map(String).join(',')]);
    } else if (isScalar(value)) {
      out.push([name, String(value)]);
    } else {
      throw new PartnerError('invalid_input', `${name} cannot be written in a query string`, {
        notSent: true,
        fields: [name],
      });
    }
  }
  return out;
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
    if (!isRecord(value)) return value;
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
