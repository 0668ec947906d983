/**
 * Reading a partner's link the way the site will: which page it opens, in which language, and
 * what the site's deep-link rules make of its criteria (the corrections a guest will see).
 * Pure; the partner reads that complete the check (is the house active, is the stay bookable)
 * are in ./check-link.ts.
 */
import type { CalendarDate } from '@/lib/booking/dates';
import { CRITERIA_PARAMS, SEARCH_FILTER_PARAMS, parseCriteria, type ParsedCriteria } from '@/lib/booking/deep-link';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { CAMPAIGN_PARAMS, type CampaignParam, type CampaignTags } from '@/lib/attribution/campaign-rule';
import { readCampaignTags } from './campaign';
import type { LinkPage } from './partner-link';

/** Longer than any link the builder makes with every option, far shorter than a URL can be. */
export const MAX_CHECKED_LINK_LENGTH = 2048;

export const LINK_PROBLEM_CODES = [
  'link_missing',
  'link_too_long',
  'link_invalid',
  'link_foreign_origin',
  'link_unknown_page',
] as const;
export type LinkProblemCode = (typeof LINK_PROBLEM_CODES)[number];

export interface SiteLink {
  page: LinkPage;
  locale: Locale;
  /** House or park id (house and park pages). */
  targetId?: number;
  params: URLSearchParams;
}

/** Parameters the site's pages read besides the criteria and the campaign tags. */
const PAGE_PARAMS: Readonly<Record<LinkPage, readonly string[]>> = {
  search: ['sort', 'petsAllowed', 'page', ...SEARCH_FILTER_PARAMS],
  house: [],
  park: [],
};

const ID = /^[1-9]\d{0,9}$/;

/**
 * The page a link opens on this site. Relative links (`/nl/search?…`) are read against the
 * site's origin; a link to any other origin is refused, so the check never fetches or vouches
 * for another site.
 */
export function readSiteLink(raw: string | null, siteOrigin: string): { ok: true; link: SiteLink } | { ok: false; code: LinkProblemCode } {
  const text = (raw ?? '').trim();
  if (text === '') return { ok: false, code: 'link_missing' };
  if (text.length > MAX_CHECKED_LINK_LENGTH) return { ok: false, code: 'link_too_long' };
  let url: URL;
  try {
    url = new URL(text, siteOrigin);
  } catch {
    return { ok: false, code: 'link_invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, code: 'link_invalid' };
  if (url.origin !== new URL(siteOrigin).origin || url.username !== '' || url.password !== '') {
    return { ok: false, code: 'link_foreign_origin' };
  }
  const segments = url.pathname.split('/').filter(Boolean);
  const [locale, kind, id, ...rest] = segments;
  if (!isLocale(locale) || rest.length > 0) return { ok: false, code: 'link_unknown_page' };
  if (kind === 'search' && id === undefined) return { ok: true, link: { page: 'search', locale, params: url.searchParams } };
  if ((kind === 'houses' || kind === 'parks') && id !== undefined && ID.test(id) && Number(id) <= 2_147_483_647) {
    return {
      ok: true,
      link: { page: kind === 'houses' ? 'house' : 'park', locale, targetId: Number(id), params: url.searchParams },
    };
  }
  return { ok: false, code: 'link_unknown_page' };
}

export interface LinkReading extends ParsedCriteria {
  campaign: { tags: CampaignTags; invalid: CampaignParam[] };
  /** Parameters no page of the site reads: typos, or tags the site does not keep. */
  ignoredParams: string[];
}

/** What the site's rules make of the link's query (as the page it opens reads it). */
export function readLinkCriteria(link: SiteLink, today: CalendarDate, houseTypeIds?: readonly number[]): LinkReading {
  const parsed = parseCriteria(link.params, { today, ...(houseTypeIds && houseTypeIds.length > 0 ? { houseTypeIds } : {}) });
  // House and park pages have no house type or park filter: those are ignored there, not corrected.
  const issues = link.page === 'search' ? parsed.issues : parsed.issues.filter((issue) => issue.param !== 'type' && issue.param !== 'park');
  const criteria = { ...parsed.criteria };
  if (link.page !== 'search') {
    delete criteria.type;
    delete criteria.park;
  }
  const campaignValues: CampaignTags = {};
  for (const param of CAMPAIGN_PARAMS) {
    const value = link.params.get(param);
    if (value !== null) campaignValues[param] = value;
  }
  const known = new Set<string>([...CRITERIA_PARAMS, ...CAMPAIGN_PARAMS, ...PAGE_PARAMS[link.page]]);
  if (link.page !== 'search') {
    known.delete('type');
    known.delete('park');
  }
  const ignoredParams = [...new Set([...link.params.keys()])].filter((key) => !known.has(key));
  return { criteria, issues, explicit: parsed.explicit, campaign: readCampaignTags(campaignValues), ignoredParams };
}
