/**
 * The rule a campaign tag must pass to be kept with a booking, logged or used as a metrics label:
 * the same as the link builder's (lib/marketing/campaign.ts, which campaign-rule.test.ts holds it
 * to). It lives here, without imports, because the booking records and the metrics depend on
 * it, and lib/marketing depends on the booking side: importing from there would close a cycle.
 */

export const CAMPAIGN_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'cid'] as const;
export type CampaignParam = (typeof CAMPAIGN_PARAMS)[number];
export type CampaignTags = Partial<Record<CampaignParam, string>>;

export const MAX_CAMPAIGN_TAG_LENGTH = 64;

/**
 * Letters, digits and a few separators, starting with a letter or digit. Tags end up in log lines
 * and metrics labels, so anything that could read as markup, a quote or a line break is refused.
 */
const CAMPAIGN_TAG = /^[\p{L}\p{N}][\p{L}\p{N} ._~+\-/:]*$/u;

/** The tag trimmed when it may be kept; undefined when empty (not set); null when invalid. */
export function normalizeCampaignTag(value: string | null | undefined): string | null | undefined {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return undefined;
  return trimmed.length <= MAX_CAMPAIGN_TAG_LENGTH && CAMPAIGN_TAG.test(trimmed) ? trimmed : null;
}
