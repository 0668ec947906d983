/**
 * Where the browser keeps the landing link's campaign tags until the booking request carries
 * them: sessionStorage, this tab only, gone when it closes.
 *
 * Not a cookie, first-party or otherwise: a cookie would go with every request, and a response
 * that set one could no longer be shared from the page store (search and house pages are served
 * to everyone from one stored copy), so the tags could only be caught in the browser anyway.
 * Nor next to the sealed booking-session cookie: that session begins only with the first hold,
 * long after the landing page. The tags reach the server once, in the pre-register request, and
 * from then on live with the hold and the booking record. A reload, Back and every step of the
 * flow in this tab find them here; a new landing link with tags replaces them (the latest
 * campaign wins), a page without tags leaves them alone.
 */
import { browserStorage } from '@/lib/browser-storage';
import { campaignFromQuery, toCampaignTags, type CampaignTags } from './campaign-tags';

export const CAMPAIGN_KEY = 'pbs.campaign.v1';

type TabStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Keeps the tags of this address's query, when it has any, and returns them. An address without
 * tags leaves the storage untouched, not even read: every page calls this as it comes to life, and
 * a tab's first use of its storage waits while the browser loads it.
 */
export function rememberCampaign(
  query: string,
  storage: () => TabStorage | null = () => browserStorage('tab'),
): CampaignTags | undefined {
  const tags = campaignFromQuery(query);
  if (!tags) return undefined;
  try {
    storage()?.setItem(CAMPAIGN_KEY, JSON.stringify(tags));
  } catch {
    // full or disabled: nothing to keep
  }
  return tags;
}

/** The tags this tab landed with, checked again (storage is editable by anyone at the keyboard). */
export function loadCampaign(storage: TabStorage | null = browserStorage('tab')): CampaignTags | undefined {
  try {
    const text = storage?.getItem(CAMPAIGN_KEY);
    return text ? toCampaignTags(JSON.parse(text)) : undefined;
  } catch {
    return undefined;
  }
}

/** The `campaign` field for a booking request body: present only when there are tags. */
export function campaignField(storage: TabStorage | null = browserStorage('tab')): { campaign?: CampaignTags } {
  const campaign = loadCampaign(storage);
  return campaign ? { campaign } : {};
}
