/**
 * Campaign tags on the links the link builder and the embeddable search box write. They ride along
 * in the query next to the search criteria, which ignore them. The tags and their rule are the
 * booking side's (lib/attribution/campaign-rule.ts), so a tag a link carries is one a booking keeps.
 */
import {
  CAMPAIGN_PARAMS,
  normalizeCampaignTag,
  type CampaignParam,
  type CampaignTags,
} from '@/lib/attribution/campaign-rule';

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
