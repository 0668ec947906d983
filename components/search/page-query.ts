/**
 * The search page's own address: its parameters without `page` (the search, sort and filter a
 * guest chose), and the address of one page of its results. "Show more" and the `rel=next/prev`
 * links keep every other parameter as the guest's address had it, so a corrected criterion is
 * reported on every page the same way.
 */
export type SearchParamsRecord = Record<string, string | string[] | undefined>;

/** The query string (no `?`) of every parameter but `omit`, in the address's order. */
export function toQuery(params: SearchParamsRecord, omit?: string): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (key === omit) continue;
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(key, v);
  }
  return query.toString();
}

export const toBaseQuery = (params: SearchParamsRecord): string => toQuery(params, 'page');

/** The parameters of a query string, repeated ones as arrays (how Next.js hands them to a page). */
export function fromQuery(query: string): SearchParamsRecord {
  const params: SearchParamsRecord = {};
  for (const [key, value] of new URLSearchParams(query)) {
    const seen = params[key];
    params[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return params;
}

/** The address of `page` of the results; page 1 has no `page` parameter. */
export function searchPageHref(path: string, baseQuery: string, page: number, fragment?: string): string {
  const query = new URLSearchParams(baseQuery);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return `${path}${text ? `?${text}` : ''}${fragment ? `#${fragment}` : ''}`;
}

/**
 * The search page's own address (for the locale-aware Link) without the named parameters and
 * without `page`: the same search, sort and other filters, with those filters removed.
 */
export function searchHrefWithout(baseQuery: string, names: readonly string[]): string {
  const query = new URLSearchParams(baseQuery);
  for (const name of [...names, 'page']) query.delete(name);
  const text = query.toString();
  return text ? `/search?${text}` : '/search';
}
