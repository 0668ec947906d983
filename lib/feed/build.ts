import 'server-only';
import { DEFAULT_PARTY } from '@/lib/booking/party';
import type { Locale } from '@/lib/i18n/locales';
import { getActiveHouses, getParkList, searchHouses } from '@/lib/partner-api';
import { PartnerError } from '@/lib/partner-api/errors';
import { getGateway } from '@/lib/partner-api/gateway';
import { processSingleton } from '@/lib/process-singleton';
import { shapeFeedHouses, type FeedData } from './rows';

/**
 * The feed's data per language, built from three partner reads (the active houses, the search
 * without dates, which gives each house's next default stay with its price, and the parks) and
 * kept in the shared store, so every instance serves the same build for an hour. Affiliates'
 * tools fetch feeds often and in every language, so the builds are also bounded: at most
 * FEED_CALL_BUDGET partner calls an hour, for the whole fleet, counted in the store's shared
 * windows before a build starts. Over the budget the last build is served, however old; with none
 * the caller is told how long to wait.
 */

export const FEED_MAX_AGE_MS = 3_600_000;
/** Partner calls the feed may spend in an hour: every language built once. */
export const FEED_CALL_BUDGET = 12;
const CALLS_PER_BUILD = 3;
/** The last build is kept long after it is due, to serve while the budget is spent. */
const KEEP_MS = 7 * 24 * FEED_MAX_AGE_MS;

export function feedCacheKey(locale: Locale): string {
  return `feed:houses:v1:${locale}`;
}

export type FeedAnswer = { data: FeedData; stale: boolean } | { retryAfterSeconds: number };

function isFeedData(value: unknown): value is FeedData {
  return typeof value === 'object' && value !== null && Array.isArray((value as FeedData).houses);
}

/** A build without the search's prices is asked again after this long rather than an hour. */
const PARTIAL_MAX_AGE_MS = 10 * 60_000;

/**
 * The parks only name them and the search only adds prices, pictures and capacity: a feed
 * without those beats none. Without the active-house list the search's houses are listed.
 */
async function build(locale: Locale, now: number): Promise<{ data: FeedData; complete: boolean }> {
  const [active, search, parks] = await Promise.all([
    getActiveHouses(locale).catch(() => null),
    searchHouses({ ...DEFAULT_PARTY }, locale).catch(() => null),
    getParkList(locale).catch(() => ({ parks: [] })),
  ]);
  if (active === null && search === null) throw new PartnerError('unavailable', 'No house list for the feed');
  const houses = shapeFeedHouses(active ?? [], search?.data.houses ?? [], parks.parks);
  return { data: { locale, builtAt: new Date(now).toISOString(), houses }, complete: search !== null };
}

const building = processSingleton('feed.building', () => new Map<Locale, Promise<FeedAnswer>>());

async function buildOrLast(locale: Locale, last: FeedData | undefined, now: number): Promise<FeedAnswer> {
  const { store } = getGateway();
  const wait = await store.admitWindows(
    [
      {
        key: 'feed:houses:builds',
        limit: Math.floor(FEED_CALL_BUDGET / CALLS_PER_BUILD),
        windowMs: FEED_MAX_AGE_MS,
      },
    ],
    now,
  );
  if (wait !== null) return last ? { data: last, stale: true } : { retryAfterSeconds: wait };
  try {
    const { data, complete } = await build(locale, now);
    // An incomplete build is due again sooner: it is stored as if built earlier.
    const storedAt = complete ? now : now - FEED_MAX_AGE_MS + PARTIAL_MAX_AGE_MS;
    await store.setEntry(feedCacheKey(locale), { value: data, storedAt }, KEEP_MS);
    return { data, stale: false };
  } catch (err) {
    if (last) return { data: last, stale: true };
    throw err;
  }
}

/** The feed's data for `locale`: the store's build when under an hour old, else a new one within the budget. */
export async function feedData(locale: Locale, now = Date.now()): Promise<FeedAnswer> {
  const entry = await getGateway().store.getEntry(feedCacheKey(locale));
  const last = entry && isFeedData(entry.value) ? entry.value : undefined;
  if (entry && last && now - entry.storedAt < FEED_MAX_AGE_MS) return { data: last, stale: false };
  // Asks that arrive while this instance builds share the build (and its one share of the budget).
  const running = building.get(locale);
  if (running) return running;
  const started = buildOrLast(locale, last, now).finally(() => building.delete(locale));
  building.set(locale, started);
  return started;
}
