import { isLocale } from '../i18n/locales';

/**
 * The route pattern a request path belongs to, for the latency histogram's `route` label. Ids
 * and locales become placeholders and anything the site does not serve becomes `other`, so
 * arbitrary paths (a scanner's, a fuzzer's) cannot create new series.
 */

const API_ROUTES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/api\/search$/, '/api/search'],
  [/^\/api\/health$/, '/api/health'],
  [/^\/api\/health\/details$/, '/api/health/details'],
  [/^\/api\/metrics$/, '/api/metrics'],
  [/^\/api\/booking\/(pre-register|finalize|close)$/, '/api/booking/$1'],
  [/^\/api\/houses\/[^/]+$/, '/api/houses/[houseId]'],
  [/^\/api\/houses\/[^/]+\/(units|price|optional-services)$/, '/api/houses/[houseId]/$1'],
];

const PAGE_ROUTES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^$/, '/[locale]'],
  [/^\/search$/, '/[locale]/search'],
  [/^\/houses\/[^/]+$/, '/[locale]/houses/[houseId]'],
  [/^\/book\/[^/]+$/, '/[locale]/book/[houseId]'],
  [/^\/booking\/thank-you$/, '/[locale]/booking/thank-you'],
];

const METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function match(path: string, table: ReadonlyArray<readonly [RegExp, string]>): string | undefined {
  for (const [pattern, route] of table) {
    const found = pattern.exec(path);
    if (found) return route.replace('$1', found[1] ?? '');
  }
  return undefined;
}

/** `target` is the request target as received (path and query). */
export function routeOf(target: string | undefined): string {
  const raw = target ?? '/';
  const query = raw.indexOf('?');
  // Next.js asks for a page's server-component payload at the page's path plus `.rsc`.
  const path = (query < 0 ? raw : raw.slice(0, query)).replace(/\.rsc$/, '').replace(/\/+$/, '');
  if (path === '') return '/';
  if (path.startsWith('/api/')) return match(path, API_ROUTES) ?? 'other';
  if (path.startsWith('/_next/static/')) return '/_next/static';
  if (path === '/_next/image') return '/_next/image';
  const [, first = '', ...rest] = path.split('/');
  if (isLocale(first)) return match(rest.length === 0 ? '' : `/${rest.join('/')}`, PAGE_ROUTES) ?? 'other';
  if (/^\/[\w.-]+\.(svg|png|ico|txt|webmanifest|xml)$/.test(path)) return '/[static-file]';
  return 'other';
}

export function methodOf(method: string | undefined): string {
  const upper = (method ?? '').toUpperCase();
  return METHODS.has(upper) ? upper : 'other';
}
