import { SEARCH_FILTER_PARAMS, getParty, parseCriteria } from '@/lib/booking/deep-link';
import { hasSearchFilters } from '@/lib/booking/search-filter-params';
import { applySearchFilters, countUnknown } from '@/lib/booking/search-filters';
import { handle, json } from '@/lib/http/json';
import { parseLocale, repeatedParams, searchParamsObject } from '@/lib/http/params';
import { fieldProblem, problem, validationProblem } from '@/lib/http/problem';
import { parseSearchFiltersQuery } from '@/lib/http/search-filters-query';
import { searchHouses } from '@/lib/partner-api';
import { keepParkResults, parseSearchRequest } from '@/lib/pages/search';

export const dynamic = 'force-dynamic';

/** Each criterion's issue codes, as field errors. */
function criteriaErrors(issues: ReadonlyArray<{ param: string; code: string }>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[issue.param] ??= []).push(issue.code);
  return errors;
}

export function GET(req: Request) {
  return handle('api.search', async () => {
    const url = new URL(req.url);
    // The criteria's own repeats are reported with the criteria below.
    const repeated = repeatedParams(url, ['locale', ...SEARCH_FILTER_PARAMS]);
    if (repeated) return fieldProblem(repeated);
    const params = searchParamsObject(url);
    const language = parseLocale(params);
    if (!language.success) return validationProblem(language.error);
    const { locale } = language.data;
    const filtersQuery = parseSearchFiltersQuery(params);
    if (!filtersQuery.ok) {
      // Bad filters and bad criteria are reported together; reading the criteria alone asks the partner nothing.
      return fieldProblem({
        ...criteriaErrors(parseCriteria(url.searchParams).issues),
        ...filtersQuery.errors,
      });
    }
    const { filters } = filtersQuery;
    const { parsed, parks } = await parseSearchRequest(url.searchParams, locale);
    const { criteria, issues } = parsed;
    if (issues.length > 0) {
      return problem({
        status: 400,
        code: 'invalid_input',
        title: 'The search criteria are not valid.',
        errors: criteriaErrors(issues),
      });
    }
    const found = await searchHouses(criteria, locale);
    const stale = found.stale;
    // The same park filter as the search page: the partner's search takes no park.
    const data =
      criteria.park === undefined ? found.data : await keepParkResults(found.data, criteria.park, parks);
    // The filters narrow the answer the partner gave for the criteria; they never change the question.
    const party = getParty(criteria);
    const houses = applySearchFilters(data.houses, filters, party);
    return json(
      {
        criteria,
        filters,
        houses,
        // Without filters the partner's own count, as before; with them, the houses that pass.
        count: hasSearchFilters(filters) ? houses.length : data.count,
        // Per filter, the houses left out because they do not say the value it needs.
        unknown: countUnknown(data.houses, filters, party),
        stale,
      },
      { stale, maxAge: 30 },
    );
  });
}
