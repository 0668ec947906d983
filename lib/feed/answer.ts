import 'server-only';
import { getSiteEnv } from '@/lib/env';
import { fieldProblem, problem } from '@/lib/http/problem';
import { feedData } from './build';
import { readFeedQuery } from './links';
import { feedCsv, feedRows } from './rows';

export type FeedFormat = 'json' | 'csv';

/**
 * Affiliates' tools and shared caches may keep a feed for the hour its data is built for. The
 * tagged links follow the query, which is part of every cache's key already: nothing else varies.
 */
const CACHE_CONTROL = 'public, max-age=3600';

/** /feeds/houses.json and /feeds/houses.csv: the houses with this query's tagged links (docs/marketing.md). */
export async function answerFeed(req: Request, format: FeedFormat): Promise<Response> {
  const read = readFeedQuery(new URL(req.url).searchParams);
  if (!read.ok) return fieldProblem(Object.fromEntries(read.invalid.map((param) => [param, ['invalid']])));
  const { locale, tags } = read.query;
  const answer = await feedData(locale);
  if ('retryAfterSeconds' in answer) {
    return problem({
      status: 503,
      code: 'unavailable',
      title: 'The feed is being prepared. Please retry later.',
      retryAfterSeconds: answer.retryAfterSeconds,
    });
  }
  const { data, stale } = answer;
  const rows = feedRows(data, getSiteEnv().SITE_URL, tags);
  const headers = {
    'cache-control': CACHE_CONTROL,
    'last-modified': new Date(data.builtAt).toUTCString(),
    'access-control-allow-origin': '*',
    'x-content-type-options': 'nosniff',
  };
  if (format === 'csv') {
    return new Response(feedCsv(rows), {
      headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' },
    });
  }
  const body = {
    locale: data.locale,
    builtAt: data.builtAt,
    ...(stale ? { stale: true } : {}),
    houses: rows,
  };
  return Response.json(body, { headers });
}
