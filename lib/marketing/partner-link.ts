/**
 * Links a partner puts on its own pages: the site's deep links (search, a house, a park) with
 * the stay, the party, a house type and the partner's campaign tags. Built only from values the
 * site's own deep-link rules accept unchanged, so a guest who follows one sees no corrections.
 */
import { countNights, isCalendarDate, type CalendarDate, type StayDates } from '@/lib/booking/dates';
import {
  MAX_STAY_NIGHTS,
  isArrivalTooSoon,
  serializeCriteria,
  type SearchCriteria,
} from '@/lib/booking/deep-link';
import { PARTY_FIELDS, isPartyWithinLimits, type Party } from '@/lib/booking/party';
import type { Locale } from '@/lib/i18n/locales';
import type { CampaignParam, CampaignTags } from '@/lib/attribution/campaign-rule';
import { appendCampaignTags, readCampaignTags } from './campaign';

export const LINK_PAGES = ['search', 'house', 'park'] as const;
export type LinkPage = (typeof LINK_PAGES)[number];

export interface PartnerLinkOptions {
  /** The site's own origin (SITE_URL), never the request's Host. */
  origin: string;
  locale: Locale;
  page: LinkPage;
  /** The house or park the link opens (house and park pages). */
  targetId?: number | undefined;
  /** Both dates, or none for "the next available stays". */
  stay?: StayDates | null | undefined;
  party: Party;
  /** House type id (search and park links). */
  houseType?: number | undefined;
  /** Park filter of a search link; a park link (`page: 'park'`) sets it from `targetId`. */
  parkId?: number | undefined;
  campaign: CampaignTags;
}

export type PartnerLinkProblem =
  | 'target_required'
  | 'invalid_dates'
  | 'start_in_past'
  | 'end_before_start'
  | 'stay_too_long'
  | 'invalid_party'
  | 'invalid_house_type'
  | `invalid_${CampaignParam}`;

function isId(value: number | undefined): value is number {
  return value !== undefined && Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647;
}

/** Why these options cannot make a link the site takes as it is; empty when they can. */
export function checkPartnerLinkOptions(
  options: PartnerLinkOptions,
  today: CalendarDate,
): PartnerLinkProblem[] {
  const problems: PartnerLinkProblem[] = [];
  if (options.page !== 'search' && !isId(options.targetId)) problems.push('target_required');
  const stay = options.stay;
  if (stay) {
    if (!isCalendarDate(stay.startDate) || !isCalendarDate(stay.endDate)) problems.push('invalid_dates');
    else if (isArrivalTooSoon(stay.startDate, today)) problems.push('start_in_past');
    else if (countNights(stay.startDate, stay.endDate) < 1) problems.push('end_before_start');
    else if (countNights(stay.startDate, stay.endDate) > MAX_STAY_NIGHTS) problems.push('stay_too_long');
  }
  if (!isPartyWithinLimits(options.party)) problems.push('invalid_party');
  if (options.page !== 'house' && options.houseType !== undefined && !isId(options.houseType)) {
    problems.push('invalid_house_type');
  }
  for (const param of readCampaignTags(options.campaign).invalid) problems.push(`invalid_${param}`);
  return problems;
}

/** A park link is the search filtered by that park: it offers the park's houses with prices for the stay. */
function pathOf(options: PartnerLinkOptions): string {
  return options.page === 'house'
    ? `/${options.locale}/houses/${options.targetId}`
    : `/${options.locale}/search`;
}

/**
 * The link for checked options (see checkPartnerLinkOptions). The adults are always named, so
 * the site shows the party as chosen rather than as assumed; other counts only when not zero.
 */
export function buildPartnerLink(options: PartnerLinkOptions): string {
  const criteria: Partial<SearchCriteria> = {};
  if (options.stay) {
    criteria.startDate = options.stay.startDate;
    criteria.endDate = options.stay.endDate;
  }
  for (const field of PARTY_FIELDS) criteria[field] = options.party[field];
  if (options.page !== 'house' && isId(options.houseType)) criteria.type = options.houseType;
  const park =
    options.page === 'park' ? options.targetId : options.page === 'search' ? options.parkId : undefined;
  if (isId(park)) criteria.park = park;
  // The site's own serializer (its parameter order and names), with the adults put back when
  // they are the default it leaves out.
  const params = new URLSearchParams();
  for (const [key, value] of serializeCriteria({ ...criteria, adults: undefined })) {
    if (key !== 'startDate' && key !== 'endDate' && !params.has('adults'))
      params.set('adults', String(options.party.adults));
    params.append(key, value);
  }
  if (!params.has('adults')) params.set('adults', String(options.party.adults));
  appendCampaignTags(params, readCampaignTags(options.campaign).tags);
  const query = params.toString();
  return `${options.origin.replace(/\/+$/, '')}${pathOf(options)}${query ? `?${query}` : ''}`;
}

export interface EmbedSnippetOptions {
  origin: string;
  locale: Locale;
  houseType?: number | undefined;
  parkId?: number | undefined;
  campaign: CampaignTags;
  accentColor?: string | undefined;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The HTML a partner pastes into its page for the search box with these options. */
export function buildEmbedSnippet(options: EmbedSnippetOptions): string {
  const origin = options.origin.replace(/\/+$/, '');
  const { tags } = readCampaignTags(options.campaign);
  const attributes: [string, string | undefined][] = [
    ['locale', options.locale],
    ['house-type', isId(options.houseType) ? String(options.houseType) : undefined],
    ['park', isId(options.parkId) ? String(options.parkId) : undefined],
    ['utm-source', tags.utm_source],
    ['utm-medium', tags.utm_medium],
    ['campaign', tags.utm_campaign],
    ['campaign-id', tags.cid],
    [
      'accent-color',
      options.accentColor && /^#[0-9a-f]{6}$/i.test(options.accentColor) ? options.accentColor : undefined,
    ],
  ];
  const attrs = attributes
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  return `<script src="${escapeAttribute(origin)}/embed/search.js" defer></script>\n<holiday-search${attrs}></holiday-search>`;
}
