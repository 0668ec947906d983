/**
 * The campaign a booking came from: the tags of the partner link the guest landed with
 * (`utm_source`, `utm_medium`, `utm_campaign` and the partner's campaign id `cid`). They are
 * facts about the link, never about the guest, so they may be kept with the booking record, its
 * log line and the metrics. Browser and server share this file: the browser keeps what the
 * landing address carried, the server reads what the browser sends (campaign-field.ts), both with
 * the rule the link builder checks tags by (campaign-rule.ts), so a tag the builder accepts is kept.
 */
import { CAMPAIGN_PARAMS, normalizeCampaignTag, type CampaignTags } from './campaign-rule';

export { CAMPAIGN_PARAMS, type CampaignParam, type CampaignTags } from './campaign-rule';

/**
 * The valid tags among whatever `value` holds, or undefined when there are none. Anything else is
 * dropped without a word: an unknown key, a non-string, a tag that is too long or has characters
 * outside the safe set. A guest never sees an error because of a link's tags.
 */
export function toCampaignTags(value: unknown): CampaignTags | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const source = value as Record<string, unknown>;
  const tags: CampaignTags = {};
  for (const param of CAMPAIGN_PARAMS) {
    const raw = source[param];
    const tag = typeof raw === 'string' ? normalizeCampaignTag(raw) : null;
    if (typeof tag === 'string') tags[param] = tag;
  }
  return Object.keys(tags).length > 0 ? tags : undefined;
}

/** The valid tags of an address's query (`?utm_source=…&cid=…`), or undefined when it has none. */
export function campaignFromQuery(query: string | URLSearchParams): CampaignTags | undefined {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const found: Record<string, string> = {};
  for (const param of CAMPAIGN_PARAMS) {
    const value = params.get(param);
    if (value !== null) found[param] = value;
  }
  return toCampaignTags(found);
}
