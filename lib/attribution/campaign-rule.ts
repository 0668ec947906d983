/**
 * Campaign tags a partner puts on the links that send guests to the site: the three usual
 * analytics tags and the partner's own campaign id (`cid`), and the one rule a tag must pass to be
 * offered by the link builder, kept with a booking, logged or used as a metrics label. No imports:
 * the booking records, the metrics, the link builder and the embeddable search box all load it.
 */

export const CAMPAIGN_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'cid'] as const;
export type CampaignParam = (typeof CAMPAIGN_PARAMS)[number];
export type CampaignTags = Partial<Record<CampaignParam, string>>;

/** Long enough for any real campaign name, short enough to keep links and QR codes small. */
export const MAX_CAMPAIGN_TAG_LENGTH = 64;

/**
 * Letters, digits and a few separators, starting with a letter or digit. Tags end up in analytics
 * reports, log lines and metrics labels, so anything that could read as markup, a quote or a line
 * break is refused rather than escaped.
 */
export const CAMPAIGN_TAG = /^[\p{L}\p{N}][\p{L}\p{N} ._~+\-/:]*$/u;

/** The tag trimmed when it may be kept; undefined when empty (not set); null when invalid. */
export function normalizeCampaignTag(value: string | null | undefined): string | null | undefined {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return undefined;
  return trimmed.length <= MAX_CAMPAIGN_TAG_LENGTH && CAMPAIGN_TAG.test(trimmed) ? trimmed : null;
}
