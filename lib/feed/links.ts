/**
 * The tagged links of the house feed: each house's page in the feed's language, carrying the
 * affiliate's tags from the feed's own address. The four campaign tags bookings keep, plus the
 * two analytics tags affiliates use to tell placements and keywords apart, all checked by the rule
 * the link builder checks tags by, so a link in the feed is one the site takes unchanged.
 */
import { normalizeCampaignTag, type CampaignParam } from '@/lib/attribution/campaign-rule';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@/lib/i18n/locales';

export const FEED_TAG_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'cid',
] as const satisfies readonly (CampaignParam | 'utm_content' | 'utm_term')[];
export type FeedTagParam = (typeof FEED_TAG_PARAMS)[number];
export type FeedTags = Partial<Record<FeedTagParam, string>>;

export interface FeedQuery {
  locale: Locale;
  tags: FeedTags;
}

/**
 * The language and tags of a feed address; other parameters are ignored. An invalid tag or
 * language is refused by name rather than dropped: a feed loaded without its tags would send
 * guests whose bookings nobody can attribute.
 */
export function readFeedQuery(
  params: URLSearchParams,
): { ok: true; query: FeedQuery } | { ok: false; invalid: string[] } {
  const invalid: string[] = [];
  const lang = params.get('lang');
  let locale: Locale = DEFAULT_LOCALE;
  if (lang !== null && lang !== '') {
    if (isLocale(lang)) locale = lang;
    else invalid.push('lang');
  }
  const tags: FeedTags = {};
  for (const param of FEED_TAG_PARAMS) {
    const value = normalizeCampaignTag(params.get(param));
    if (value === null) invalid.push(param);
    else if (value !== undefined) tags[param] = value;
  }
  return invalid.length > 0 ? { ok: false, invalid } : { ok: true, query: { locale, tags } };
}

/** The house page `{origin}/{locale}/houses/{id}` with the tags in FEED_TAG_PARAMS order. */
export function taggedHouseLink(origin: string, locale: Locale, houseId: number, tags: FeedTags): string {
  const params = new URLSearchParams();
  for (const param of FEED_TAG_PARAMS) {
    const value = tags[param];
    if (value !== undefined && value !== '') params.set(param, value);
  }
  const query = params.toString();
  return `${origin.replace(/\/+$/, '')}/${locale}/houses/${houseId}${query ? `?${query}` : ''}`;
}
