import { parseCriteria } from '@/lib/booking/deep-link';
import { handle, json } from '@/lib/http/json';
import { localeOf, searchParamsObject } from '@/lib/http/params';
import { problem } from '@/lib/http/problem';
import { getParks, searchHouses } from '@/lib/partner-api';
import { keepParkResults } from '@/lib/pages/search';

export const dynamic = 'force-dynamic';

export function GET(req: Request) {
  return handle('api.search', async () => {
    const url = new URL(req.url);
    const params = searchParamsObject(url);
    const { criteria, issues } = parseCriteria(url.searchParams);
    if (issues.length > 0) {
      const errors: Record<string, string[]> = {};
      for (const issue of issues) (errors[issue.param] ??= []).push(issue.code);
      return problem({ status: 400, code: 'invalid_input', title: 'The search criteria are not valid.', errors });
    }
    const locale = localeOf(params);
    const found = await searchHouses(criteria, locale);
    const stale = found.stale;
    // The same park filter as the search page: the partner's search takes no park.
    const data =
      criteria.park === undefined
        ? found.data
        : await keepParkResults(found.data, criteria.park, await getParks(locale).catch(() => []));
    return json({ criteria, houses: data.houses, count: data.count, stale }, { stale, maxAge: 30 });
  });
}
