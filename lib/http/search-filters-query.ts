import 'server-only';
import { z } from 'zod';
import { SEARCH_FILTER_PARAMS, type SearchFilterParam } from '@/lib/booking/deep-link';
import { readFilterValue, type SearchFilters } from '@/lib/booking/search-filter-params';

/**
 * The search filters of the JSON API's query. The same values as the search page takes (one rule,
 * readFilterValue); where the page leaves a bad value out and says so, the API refuses it with the
 * field error `invalid_filter`. An empty value means "not chosen", as from a GET form.
 */
function filterSchema(param: SearchFilterParam) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return undefined;
      const value = readFilterValue(param, raw);
      if (value === null) {
        ctx.addIssue({ code: 'custom', message: 'invalid_filter' });
        return z.NEVER;
      }
      return value;
    });
}

const SearchFiltersQuerySchema = z.object({
  minBedrooms: filterSchema('minBedrooms'),
  minBathrooms: filterSchema('minBathrooms'),
  minSurface: filterSchema('minSurface'),
  maxPrice: filterSchema('maxPrice'),
});

/** The filters named in the query, or each bad one's field errors. */
export function parseSearchFiltersQuery(
  params: Record<string, string>,
): { ok: true; filters: SearchFilters } | { ok: false; errors: Record<string, string[]> } {
  const picked = Object.fromEntries(SEARCH_FILTER_PARAMS.map((param) => [param, params[param]]));
  const parsed = SearchFiltersQuerySchema.safeParse(picked);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues)
      (errors[issue.path.map(String).join('.')] ??= []).push(issue.message);
    return { ok: false, errors };
  }
  // Filters not named stay out of the object, as the page's reading leaves them out.
  const filters: SearchFilters = {};
  for (const param of SEARCH_FILTER_PARAMS) {
    const value = parsed.data[param];
    if (value !== undefined) filters[param] = value;
  }
  return { ok: true, filters };
}
