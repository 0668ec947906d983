/**
 * What the search box checks and where it sends the guest: the same limits the site's search
 * form uses, and the site's search deep link (`/{locale}/search?startDate&endDate&adults…`)
 * with the partner's campaign tags. Pure, so it is unit-tested without a browser.
 */
import type { CalendarDate } from '../lib/booking/dates';
import type { CampaignTags } from '../lib/attribution/campaign-rule';
import { appendCampaignTags, readCampaignTags } from '../lib/marketing/campaign';
import { MAX_PERSONS, PARTY_FIELDS, PARTY_LIMITS, type Party, type PartyField } from '../lib/booking/party';
import type { Locale } from '../lib/i18n/locales';
import { checkStayDates, type SearchFormErrors } from '../components/search/search-form-schema';

export interface EmbedFormValues {
  startDate: string;
  endDate: string;
  /** As typed: text from number inputs. */
  party: Record<PartyField, string>;
}

/**
 * Checks the form with the site's search form rules (its dates with the same check); an empty
 * result means the search may go. Counts are typed text here: anything but a whole number within
 * the limits is an error, and the persons counted are those the guest typed correctly.
 */
export function validateEmbedForm(values: EmbedFormValues, today: CalendarDate): { errors: SearchFormErrors; party: Party } {
  const errors: SearchFormErrors = checkStayDates(values.startDate, values.endDate, today);
  const party = {} as Party;
  for (const field of PARTY_FIELDS) {
    const raw = values.party[field].trim();
    const value = /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
    const { min, max } = PARTY_LIMITS[field];
    if (!(value >= min && value <= max)) errors[field] = 'count';
    party[field] = value;
  }
  const persons = PARTY_FIELDS.reduce((sum, field) => (field === 'pets' ? sum : sum + (party[field] || 0)), 0);
  if (errors.adults === undefined && persons > MAX_PERSONS) errors.adults = 'tooManyPersons';
  return { errors, party };
}

export interface EmbedTarget {
  /** The site's origin: where the box's script came from. */
  origin: string;
  locale: Locale;
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
export function buildEmbedSearchUrl(target: EmbedTarget, values: Pick<EmbedFormValues, 'startDate' | 'endDate'>, party: Party): string {
  const params = new URLSearchParams();
  if (values.startDate !== '' && values.endDate !== '') {
    params.set('startDate', values.startDate);
    params.set('endDate', values.endDate);
  }
  for (const field of PARTY_FIELDS) {
    if (field === 'adults' || party[field] !== 0) params.set(field, String(party[field]));
  }
  const type = positiveId(target.houseType);
  if (type !== undefined) params.set('type', type);
  const park = positiveId(target.park);
  if (park !== undefined) params.set('park', park);
  appendCampaignTags(params, readCampaignTags(target.campaign).tags);
  return `${target.origin}/${target.locale}/search?${params.toString()}`;
}
