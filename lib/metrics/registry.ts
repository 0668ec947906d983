import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { processSingleton } from '@/lib/process-singleton';

/**
 * The site's Prometheus metrics, one set per process.
 *
 * Next.js loads a separate copy of every module for pages and for route handlers, and the site
 * server (scripts/site-server.ts) loads a third, so a registry kept in module scope would split
 * the counts between copies and `/api/metrics` would show only its own. The set is therefore a
 * process singleton (lib/process-singleton.ts): the first copy to ask creates it, every later
 * copy finds it. No `server-only` marker, because the site server imports this file outside Next.js;
 * prom-client itself only runs on Node.
 *
 * Label values come from closed sets (operation names, error codes, route patterns), never from
 * request input, so an attacker cannot grow the number of series.
 */

const KEY_EXPIRY_METRIC = 'partner_key_expiry_days';

export type CacheReadResult = 'hit' | 'stale' | 'miss' | 'fallback';
export type BookingStep = 'pre_register' | 'finalize';
/**
 * What the site server did with a request for a shareable page: served it from its page store
 * (hit), rendered and stored it (stored), rendered it for this guest only because its data was
 * not all fresh from the cache or it could not be shared (rendered), or rendered it for a guest
 * with a booking session, who never shares a page (session).
 */
export type PageCacheResult = 'hit' | 'stored' | 'rendered' | 'session';
/** Who answered a request for a resized picture: this process's memory, or Next.js. */
export type ResizedImageSource = 'memory' | 'framework';

export interface SiteMetrics {
  readonly registry: Registry;
  /** Calls that reached the partner, by operation and outcome (`ok` or the error code). */
  readonly partnerCalls: Counter<'operation' | 'outcome'>;
  /** Calls the site refused to send (pause, spent quota, open circuit, unreachable store). */
  readonly partnerRefusals: Counter<'operation' | 'reason'>;
  /** Partner answers 429. */
  readonly partnerRateLimited: Counter<'operation'>;
  readonly cacheReads: Counter<'operation' | 'result'>;
  readonly quotaTokens: Gauge;
  readonly paused: Gauge;
  readonly circuitState: Gauge<'state'>;
  readonly keyExpiryDays: Gauge;
  readonly bookingSteps: Counter<'step' | 'outcome'>;
  readonly requestDuration: Histogram<'route' | 'method' | 'status'>;
  readonly pageCache: Counter<'result'>;
  readonly pageCacheBytes: Gauge;
  readonly resizedImages: Counter<'source'>;
  readonly resizedImageBytes: Gauge;
}

function createSiteMetrics(): SiteMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    partnerCalls: new Counter({
      name: 'partner_calls_total',
      help: 'Calls sent to the partner API, by operation and outcome (ok or the error code)',
      labelNames: ['operation', 'outcome'],
      registers,
    }),
    partnerRefusals: new Counter({
      name: 'partner_calls_refused_total',
      help: 'Partner calls refused before sending (rate_limited: 429 pause; quota_exhausted; unavailable: open circuit or shared store down)',
      labelNames: ['operation', 'reason'],
      registers,
    }),
    partnerRateLimited: new Counter({
      name: 'partner_rate_limited_total',
      help: 'Partner answers with status 429',
      labelNames: ['operation'],
      registers,
    }),
    cacheReads: new Counter({
      name: 'partner_cache_reads_total',
      help: 'Partner reads by where the answer came from: hit (fresh), stale (served while refreshing), miss (partner), fallback (stale because the partner failed)',
      labelNames: ['operation', 'result'],
      registers,
    }),
    quotaTokens: new Gauge({
      name: 'partner_quota_tokens_remaining',
      help: 'Whole tokens left in the partner quota bucket (-1 when the shared store cannot be asked)',
      registers,
    }),
    paused: new Gauge({
      name: 'partner_paused',
      help: '1 while partner calls are paused after a 429, else 0',
      registers,
    }),
    circuitState: new Gauge({
      name: 'partner_circuit_state',
      help: "This instance's partner circuit: 1 for the current state, 0 for the others",
      labelNames: ['state'],
      registers,
    }),
    // Registered only once an expiry date is known (setKeyExpiryDays): a gauge without labels
    // would otherwise show 0, which reads as "the key expires today".
    keyExpiryDays: new Gauge({
      name: KEY_EXPIRY_METRIC,
      help: 'Whole days until the partner API key expires (absent when no expiry date is configured)',
      registers: [],
    }),
    bookingSteps: new Counter({
      name: 'booking_steps_total',
      help: 'Booking steps by outcome (held, confirmed, awaiting_payment, unknown, or the refusal or error code)',
      labelNames: ['step', 'outcome'],
      registers,
    }),
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    pageCache: new Counter({
      name: 'page_cache_requests_total',
      help: 'Requests for shareable pages (home, search, house) by result: hit (served from the page store), stored (rendered and stored), rendered (rendered, not storable), session (booking session, never shared)',
      labelNames: ['result'],
      registers,
    }),
    pageCacheBytes: new Gauge({
      name: 'page_cache_bytes',
      help: "Bytes held by this instance's page store (counted as twice the HTML, for its gzip form)",
      registers,
    }),
    resizedImages: new Counter({
      name: 'resized_image_requests_total',
      help: 'Requests for resized pictures (/_next/image) by who answered: memory (kept by the site server) or framework (Next.js, from its disk cache or by resizing)',
      labelNames: ['source'],
      registers,
    }),
    resizedImageBytes: new Gauge({
      name: 'resized_image_bytes',
      help: 'Bytes of resized pictures this instance keeps in memory',
      registers,
    }),
  };
}

export function getSiteMetrics(): SiteMetrics {
  return processSingleton('metrics', createSiteMetrics);
}

/** Counts one booking step's outcome; `outcome` must come from a closed set of codes. */
/** Whole days until the partner key expires, or null to leave the series out of the metrics. */
export function setKeyExpiryDays(days: number | null): void {
  const { registry, keyExpiryDays } = getSiteMetrics();
  const listed = registry.getSingleMetric(KEY_EXPIRY_METRIC) !== undefined;
  if (days === null) {
    if (listed) registry.removeSingleMetric(KEY_EXPIRY_METRIC);
    return;
  }
  if (!listed) registry.registerMetric(keyExpiryDays);
  keyExpiryDays.set(days);
}

export function recordBookingStep(step: BookingStep, outcome: string): void {
  getSiteMetrics().bookingSteps.inc({ step, outcome });
}

export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  getSiteMetrics().requestDuration.observe({ route, method, status: String(status) }, seconds);
}

export function countPageCache(result: PageCacheResult): void {
  getSiteMetrics().pageCache.inc({ result });
}

export function setPageCacheBytes(bytes: number): void {
  getSiteMetrics().pageCacheBytes.set(bytes);
}

export function countResizedImage(source: ResizedImageSource, keptBytes: number): void {
  const metrics = getSiteMetrics();
  metrics.resizedImages.inc({ source });
  metrics.resizedImageBytes.set(keptBytes);
}

/** The exposition text and its content type. */
export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  const { registry } = getSiteMetrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}
