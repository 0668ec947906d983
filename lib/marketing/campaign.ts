/**
 * Campaign tags a partner puts on the links that send guests to the site: the three usual
 * analytics tags and the partner's own campaign id (`cid`). They ride along in the query next to
 * the search criteria, which ignore them. No imports: the embeddable search box bundles this file.
 */
export const CAMPAIGN_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'cid'] as const;
export type CampaignParam = (typeof CAMPAIGN_PARAMS)[number];
export type CampaignTags = Partial<Record<CampaignParam, string>>;

/** Long enough for any real campaign name, short enough to keep links and QR codes small. */
export const MAX_CAMPAIGN_TAG_LENGTH = 64;

/**
 * Letters, digits and a few separators. Tags end up in analytics reports and log lines, so
 * anything that could read as markup, a quote or a line break is refused rather than escaped.
 */
const CAMPAIGN_TAG = /^[\p{L}\p{N}][\p{L}\p{N} ._~+\-/:]*$/u;

/** The tag trimmed when it may be used, else null (empty text counts as "not set", not invalid). */
export function normalizeCampaignTag(value: string | null | undefined): string | null | undefined {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return undefined;
  return trimmed.length <= MAX_CAMPAIGN_TAG_LENGTH && CAMPAIGN_TAG.test(trimmed) ? trimmed : null;
}

/** The tags that are set and valid, in CAMPAIGN_PARAMS order, plus the names of the invalid ones. */
export function readCampaignTags(values: CampaignTags): { tags: CampaignTags; invalid: CampaignParam[] } {
  const tags: CampaignTags = {};
  const invalid: CampaignParam[] = [];
  for (const param of CAMPAIGN_PARAMS) {
    const value = normalizeCampaignTag(values[param]);
    if (value === null) invalid.push(param);
    else if (value !== undefined) tags[param] = value;
  }
  return { tags, invalid };
}

/** Appends the tags in CAMPAIGN_PARAMS order (after the criteria, so links read criteria first). */
export function appendCampaignTags(params: URLSearchParams, tags: CampaignTags): URLSearchParams {
  for (const param of CAMPAIGN_PARAMS) {
    const value = tags[param];
    if (value !== undefined && value !== '') params.set(param, value);
  }
  return params;
}
