import { handle, json } from '@/lib/http/json';
import { parseLocale, repeatedParams, searchParamsObject } from '@/lib/http/params';
import { fieldProblem, problem, validationProblem } from '@/lib/http/problem';
import { searchHouses } from '@/lib/partner-api';
import { keepParkResults, parseSearchRequest } from '@/lib/pages/search';

export const dynamic = 'force-dynamic';

export function GET(req: Request) {
  return handle('api.search', async () => {
    const url = new URL(req.url);
    // The criteria's own repeats are reported with the criteria below.
    const repeated = repeatedParams(url, ['locale']);
    if (repeated) return fieldProblem(repeated);
    const params = searchParamsObject(url);
    const language = parseLocale(params);
    if (!language.success) return validationProblem(language.error);
    const { locale } = language.data;
    const { parsed, parks } = await parseSearchRequest(url.searchParams, locale);
    const { criteria, issues } = parsed;
    if (issues.length > 0) {
      const errors: Record<string, string[]> = {};
      for (const issue of issues) (errors[issue.param] ??= []).push(issue.code);
      return problem({
        status: 400,
        code: 'invalid_input',
        title: 'The search criteria are not valid.',
        errors,
      });
    }
    const found = await searchHouses(criteria, locale);
    const stale = found.stale;
    // The same park filter as the search page: the partner's search takes no park.
    const data =
      criteria.park === undefined ? found.data : await keepParkResults(found.data, criteria.park, parks);
    return json({ criteria, houses: data.houses, count: data.count, stale }, { stale, maxAge: 30 });
  });
}
