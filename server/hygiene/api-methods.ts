/**
 * The methods each JSON route takes, for the site server to refuse any other with a 405 problem
 * that says which ones it takes (Next.js answers them with an empty 405 and no Allow header). A
 * test keeps this table equal to the handlers each route file exports. A GET route answers HEAD
 * too, and OPTIONS is left to Next.js, which lists the methods itself.
 */

type Method = 'GET' | 'POST';

const ROUTES: readonly { pattern: string; methods: readonly Method[] }[] = [
  { pattern: '/api/booking/close', methods: ['POST'] },
  { pattern: '/api/booking/finalize', methods: ['POST'] },
  { pattern: '/api/booking/pre-register', methods: ['POST'] },
  { pattern: '/api/health', methods: ['GET'] },
  { pattern: '/api/health/details', methods: ['GET'] },
  { pattern: '/api/houses/[houseId]', methods: ['GET'] },
  { pattern: '/api/houses/[houseId]/optional-services', methods: ['GET'] },
  { pattern: '/api/houses/[houseId]/price', methods: ['GET'] },
  { pattern: '/api/houses/[houseId]/arrival-prices', methods: ['GET'] },
  { pattern: '/api/houses/[houseId]/units', methods: ['GET'] },
  { pattern: '/api/metrics', methods: ['GET'] },
  { pattern: '/api/partners/link-check', methods: ['GET'] },
  { pattern: '/api/partners/report.csv', methods: ['GET'] },
  { pattern: '/api/partners/report/session', methods: ['POST'] },
  { pattern: '/api/search', methods: ['GET'] },
];

/** The methods a route handler can export, which the not-found catch-all answers. */
const USUAL_METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

export const API_ROUTE_METHODS: ReadonlyMap<string, readonly Method[]> = new Map(
  ROUTES.map(({ pattern, methods }) => [pattern, methods]),
);

/**
 * Each route's address split into segments and the methods it answers (GET implies HEAD), worked
 * out once: every request to /api asks, so none of it is redone per request.
 */
const MATCHERS = ROUTES.map(({ pattern, methods }) => ({
  segments: pattern.split('/'),
  allowed: methods.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])),
}));

function allowedAt(pathname: string): readonly string[] | undefined {
  const got = pathname.split('/');
  return MATCHERS.find(
    ({ segments }) =>
      segments.length === got.length && segments.every((part, i) => part.startsWith('[') || part === got[i]),
  )?.allowed;
}

/**
 * What the Allow header of a route lists when `method` is not one it takes (GET implies HEAD);
 * null when it takes the method, for OPTIONS, and for addresses that are no JSON route (those get
 * the not-found problem, unless the method is one no handler can take).
 */
export function refusedMethodAllow(method: string | undefined, url: string | undefined): string | null {
  const target = url ?? '';
  const query = target.indexOf('?');
  const pathname = (query < 0 ? target : target.slice(0, query)).replace(/\/$/, '');
  if (!(pathname === '/api' || pathname.startsWith('/api/')) || method === 'OPTIONS') return null;
  const allowed = allowedAt(pathname);
  if (!allowed) {
    // Next.js answers a method it has no handler name for (PROPFIND, TRACE) with an empty 400.
    return USUAL_METHODS.includes(method ?? 'GET') ? null : USUAL_METHODS.join(', ');
  }
  return allowed.includes(method ?? 'GET') ? null : allowed.join(', ');
}
