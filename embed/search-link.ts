/**
 * What the search box checks and where it sends the guest: the same limits the site's search
 * form uses, and the site's search deep link (`/{locale}/search?startDate&endDate&adults…`)
 * with the partner's campaign tags. Pure, so it is unit-tested without a browser.
 */
import { addDays, countNights, formatCalendarDate, getDaysInMonth, isCalendarDate, type CalendarDate } from '../lib/booking/dates';
import { appendCampaignTags, readCampaignTags, type CampaignTags } from '../lib/marketing/campaign';
import type { EmbedErrorKey } from './messages';
import {
  EMBED_FIRST_ARRIVAL_DAYS,
  EMBED_MAX_MONTHS_AHEAD,
  EMBED_MAX_PERSONS,
  EMBED_MAX_STAY_NIGHTS,
  EMBED_PARTY_FIELDS,
  EMBED_PARTY_LIMITS,
  type EmbedLocale,
  type EmbedParty,
} from './site-rules';

export interface EmbedFormValues {
  startDate: string;
  endDate: string;
  /** As typed: text from number inputs. */
  party: Record<keyof EmbedParty, string>;
}

export type EmbedFieldName = 'startDate' | 'endDate' | keyof EmbedParty;
export type EmbedErrors = Partial<Record<EmbedFieldName, EmbedErrorKey>>;

/** The last arrival the site takes: the end of the month EMBED_MAX_MONTHS_AHEAD after today's. */
export function getLastArrival(today: CalendarDate): CalendarDate {
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 + EMBED_MAX_MONTHS_AHEAD;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return formatCalendarDate(year, month, getDaysInMonth(year, month));
}

export function getDateLimits(today: CalendarDate) {
  const firstArrival = addDays(today, EMBED_FIRST_ARRIVAL_DAYS);
  const lastArrival = getLastArrival(today);
  return { firstArrival, lastArrival, lastDeparture: addDays(lastArrival, 1) };
}

/** Checks the form like the site's search form; an empty result means the search may go. */
export function validateEmbedForm(values: EmbedFormValues, today: CalendarDate): { errors: EmbedErrors; party: EmbedParty } {
  const errors: EmbedErrors = {};
  const { startDate, endDate } = values;
  const { firstArrival, lastArrival } = getDateLimits(today);
  const startOk = startDate === '' || isCalendarDate(startDate);
  const endOk = endDate === '' || isCalendarDate(endDate);
  if (!startOk) errors.startDate = 'invalidDate';
  if (!endOk) errors.endDate = 'invalidDate';
  if (startOk && endOk) {
    if (startDate !== '' && endDate === '') errors.endDate = 'endRequired';
    if (startDate === '' && endDate !== '') errors.startDate = 'startRequired';
    if (startDate !== '' && startDate < firstArrival) errors.startDate = 'startTooEarly';
    else if (startDate !== '' && startDate > lastArrival) errors.startDate = 'startTooLate';
    if (startDate !== '' && endDate !== '') {
      const nights = countNights(startDate, endDate);
      if (nights < 1) errors.endDate = 'endBeforeStart';
      else if (nights > EMBED_MAX_STAY_NIGHTS) errors.endDate = 'stayTooLong';
    }
  }
  const party = {} as EmbedParty;
  for (const field of EMBED_PARTY_FIELDS) {
    const raw = values.party[field].trim();
    const value = /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
    const { min, max } = EMBED_PARTY_LIMITS[field];
    if (!(value >= min && value <= max)) errors[field] = 'count';
    party[field] = value;
  }
  const persons = EMBED_PARTY_FIELDS.reduce((sum, field) => (field === 'pets' ? sum : sum + (party[field] || 0)), 0);
  if (errors.adults === undefined && persons > EMBED_MAX_PERSONS) errors.adults = 'tooManyPersons';
  return { errors, party };
}

export interface EmbedTarget {
  /** The site's origin: where the box's script came from. */
  origin: string;
  locale: EmbedLocale;
  /** House type id and park id from the box's attributes; anything but a positive whole number is left out. */
  houseType?: string | null;
  park?: string | null;
  campaign: CampaignTags;
}

function positiveId(value: string | null | undefined): string | undefined {
  const text = (value ?? '').trim();
  return /^[1-9]\d{0,9}$/.test(text) ? text : undefined;
}

/**
 * The search deep link for valid values. The adults are always named (the guest chose them in
 * the box, so the site should not say it assumed them); other counts only when not zero.
 */
export function buildEmbedSearchUrl(target: EmbedTarget, values: Pick<EmbedFormValues, 'startDate' | 'endDate'>, party: EmbedParty): string {
  const params = new URLSearchParams();
  if (values.startDate !== '' && values.endDate !== '') {
    params.set('startDate', values.startDate);
    params.set('endDate', values.endDate);
  }
  for (const field of EMBED_PARTY_FIELDS) {
    if (field === 'adults' || party[field] !== 0) params.set(field, String(party[field]));
  }
  const type = positiveId(target.houseType);
  if (type !== undefined) params.set('type', type);
  const park = positiveId(target.park);
  if (park !== undefined) params.set('park', park);
  appendCampaignTags(params, readCampaignTags(target.campaign).tags);
  return `${target.origin}/${target.locale}/search?${params.toString()}`;
}
