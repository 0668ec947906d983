/**
 * The landing link's campaign tags kept by the page itself, as its HTML is read: the same work
 * as `rememberCampaign` (campaign-storage.ts), written as a line of script the site server puts
 * in front of a page's own scripts (server/page-store/scripts-after-paint.ts). Those scripts
 * start only after the first paint, and a guest who taps a result before they have run would
 * otherwise leave the landing page with its tags unread.
 *
 * Built from the same rule (campaign-rule.ts) and storage key, so both keep exactly the same
 * tags; campaign-inline.test.ts runs this code beside `rememberCampaign` on the same addresses.
 * Anything that fails (no storage, a full one) leaves the page alone, as `rememberCampaign` does.
 */
import { CAMPAIGN_PARAMS, CAMPAIGN_TAG, MAX_CAMPAIGN_TAG_LENGTH } from './campaign-rule';
import { CAMPAIGN_KEY } from './campaign-storage';
import { scriptJson } from '@/lib/script-json';

/** The script's code (no `<script>` tag): reads `location.search`, writes this tab's storage. */
export const CAMPAIGN_CAPTURE_CODE =
  'try{var q=new URLSearchParams(location.search),t={},n=0,' +
  `r=new RegExp(${scriptJson(CAMPAIGN_TAG.source)},${scriptJson(CAMPAIGN_TAG.flags)});` +
  `${scriptJson(CAMPAIGN_PARAMS)}.forEach(function(k){var v=q.get(k);v=v===null?"":v.trim();` +
  `if(v&&v.length<=${MAX_CAMPAIGN_TAG_LENGTH}&&r.test(v)){t[k]=v;n++}});` +
  `if(n)sessionStorage.setItem(${scriptJson(CAMPAIGN_KEY)},JSON.stringify(t))}catch(e){}`;
