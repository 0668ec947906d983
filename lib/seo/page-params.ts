/**
 * What a page's identity is: the parameters its bytes depend on. Everything else an address may
 * carry is not the page's business:
 *
 * - tracking and click-id parameters (TRACKING_PARAMS): ad platforms, newsletters and analytics
 *   append them, a unique one to every click. The site reads the campaign tags among them in the
 *   browser only (lib/attribution/campaign-capture.tsx), after the page has hydrated, so no page
 *   needs them on the server;
 * - any parameter the page does not read.
 *
 * The site server looks a stored page up, and renders it, under the address with only the page's
 * own parameters (pageTarget), so every guest of one campaign link is served the same stored
 * bytes, with no click id in them. The browser keeps the address the guest arrived at, with its
 * tags. Shared caches in front key the same way (docs/deployment.md).
 *
 * Plain module (no framework import): the site server, the pages' metadata and the language
 * switcher in the browser use the same rule, so the server's page and the browser's render of it
 * agree on every link.
 */
import { CRITERIA_PARAMS, SEARCH_FILTER_PARAMS } from '@/lib/booking/deep-link';
import { LOCALES } from '@/lib/i18n/locales';

/**
 * Click ids and campaign tags that no page reads. `cid` is the partner's campaign id, a campaign
 * tag like the `utm_` ones (lib/attribution/campaign-rule.ts), not a page parameter.
 */
export const TRACKING_PARAMS: readonly string[] = [
  // Google Ads, Display & Video, Search Ads 360, Merchant listings
  'gclid',
  'gclsrc',
  'gbraid',
  'wbraid',
  'dclid',
  'gad_source',
  'gad_campaignid',
  'srsltid',
  // Google Analytics cross-domain linking
  '_ga',
  '_gl',
  // Meta, Microsoft, TikTok, X, LinkedIn, Yandex, Instagram, Pinterest, Reddit, Snapchat
  'fbclid',
  'msclkid',
  'ttclid',
  'twclid',
  'li_fat_id',
  'yclid',
  'igshid',
  'epik',
  'rdt_cid',
  'ScCid',
  // Newsletters: Mailchimp, HubSpot, Marketo, Klaviyo
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  '_kx',
  // The partner's own campaign id
  'cid',
];

/** Every parameter whose name starts with one of these is a campaign tag (`utm_source`, `utm_id`…). */
export const TRACKING_PARAM_PREFIXES: readonly string[] = ['utm_'];

const TRACKING = new Set(TRACKING_PARAMS);

export function isTrackingParam(name: string): boolean {
  return TRACKING.has(name) || TRACKING_PARAM_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/** The addresses whose answers may be stored and shared (server/page-store/shareable.ts). */
export type PageRoute = 'home' | 'search' | 'house' | 'search-api';

/**
 * The search page's own view of its results, next to the criteria: sort order, the pets filter
 * and how many pages of results are shown (components/search/result-options.ts).
 */
export const SEARCH_VIEW_PARAMS = ['sort', 'petsAllowed', 'page'] as const;

/**
 * The parameters each shareable address reads. Home and house pages read the deep-link criteria
 * (the home page's form starts from them; the house page takes the stay and party and reports
 * what it corrected); the search page the criteria, its filters on the houses found and its view;
 * the search API the criteria, the filters and the answer's language.
 */
export const PAGE_PARAMS: Readonly<Record<PageRoute, ReadonlySet<string>>> = {
  home: new Set<string>(CRITERIA_PARAMS),
  search: new Set<string>([...CRITERIA_PARAMS, ...SEARCH_FILTER_PARAMS, ...SEARCH_VIEW_PARAMS]),
  house: new Set<string>(CRITERIA_PARAMS),
  'search-api': new Set<string>(['locale', ...CRITERIA_PARAMS, ...SEARCH_FILTER_PARAMS]),
};

const PAGE_PATH = new RegExp(`^/(?:${LOCALES.join('|')})(?:(/search)|(/houses/[^/]+))?$`);

/** Which shareable address a path is, or null for every other path. */
export function pageRoute(pathname: string): PageRoute | null {
  if (pathname === '/api/search') return 'search-api';
  const match = PAGE_PATH.exec(pathname);
  if (!match) return null;
  return match[1] ? 'search' : match[2] ? 'house' : 'home';
}

/** A query segment's parameter name, decoded as URLSearchParams (and so Next.js) decodes it. */
function segmentName(segment: string): string {
  const equals = segment.indexOf('=');
  const raw = equals < 0 ? segment : segment.slice(0, equals);
  // Most names are plain; only an escape or a `+` needs decoding.
  if (!raw.includes('%') && !raw.includes('+')) return raw;
  for (const [name] of new URLSearchParams(raw)) return name;
  return raw;
}

/** `target` with only the query segments whose name passes `keep`, each as it was spelled. */
function keepSegments(target: string, keep: (name: string) => boolean): string {
  const query = target.indexOf('?');
  if (query < 0) return target;
  const kept: string[] = [];
  for (const segment of target.slice(query + 1).split('&')) {
    if (segment !== '' && keep(segmentName(segment))) kept.push(segment);
  }
  const path = target.slice(0, query);
  return kept.length > 0 ? `${path}?${kept.join('&')}` : path;
}

/**
 * The address a shareable answer is stored and rendered under: the path and the page's own
 * parameters, in the order and spelling they were asked with (two spellings of one search stay
 * two pages: the page's links repeat the address as given). Tracking and unknown parameters are
 * dropped. Any other address is returned as it is.
 */
export function pageTarget(target: string): string {
  const query = target.indexOf('?');
  if (query < 0) return target;
  const route = pageRoute(target.slice(0, query));
  if (route === null) return target;
  const own = PAGE_PARAMS[route];
  return keepSegments(target, (name) => own.has(name));
}

/** A site path without its tracking parameters (for canonical and language addresses). */
export function withoutTrackingParams(path: string): string {
  return keepSegments(path, (name) => !isTrackingParam(name));
}

/**
 * The query a link to the same page in another language keeps: on a shareable page its own
 * parameters, which is what the server rendered it with, so the browser's render of the link
 * matches the server's whatever else the guest's address carries; elsewhere every parameter but
 * tracking ones.
 */
export function samePageQuery(pathname: string, params: Iterable<[string, string]>): string {
  const route = pageRoute(pathname);
  const keep =
    route === null
      ? (name: string) => !isTrackingParam(name)
      : (name: string) => PAGE_PARAMS[route].has(name);
  const query = new URLSearchParams();
  for (const [name, value] of params) if (keep(name)) query.append(name, value);
  return query.toString();
}
