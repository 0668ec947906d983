/**
 * The request target as the site reads it: a path, in origin form, with the characters RFC 3986
 * calls unreserved spelt plainly; anything else is refused before Next.js sees it.
 */

/**
 * True when the path (not the query) of a request target is not valid percent-encoding, or
 * encodes a control character (`/en/book/%00`): no address of the site has one, and Next.js's
 * router fails on some of them with a 500.
 */
export function hasMalformedPath(target: string | undefined): boolean {
  const raw = target ?? '/';
  // A target that is not a path (`*`, `en`, `x:y`): the site serves paths only.
  if (!raw.startsWith('/')) return true;
  const query = raw.indexOf('?');
  let decoded: string;
  try {
    decoded = decodeURIComponent(query < 0 ? raw : raw.slice(0, query));
  } catch {
    return true;
  }
  for (let i = 0; i < decoded.length; i++) {
    const code = decoded.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * A request target in absolute form (`GET http://host/path HTTP/1.1`, which proxies may send and
 * browsers never do), whatever its scheme, as its path and query. The site answers for SITE_URL
 * alone, and Next.js would otherwise build redirects to the host the target names (a 308 to any
 * site, `ftp:` and `ws:` ones included).
 */
export function originFormTarget(target: string | undefined): string | undefined {
  if (target === undefined || target.startsWith('/') || !/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) return target;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return '/';
  }
}

/**
 * The path with its percent-encoded letters, digits and `-._~` spelt plainly, as RFC 3986 says
 * they mean the same (`/%65n/help` is `/en/help`). Next.js reads such a path as an address outside
 * the site and proxies the request to this very server, a second full pass per request that also
 * piles listeners on the answer; spelt plainly, it is one request like any other, with one page
 * store key. Other escapes (`%2F`, `%20`, non-ASCII) stay as they are; the query is not touched.
 */
export function plainUnreserved(target: string | undefined): string | undefined {
  if (target === undefined || !target.includes('%')) return target;
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  const plain = path.replace(/%([0-9A-Fa-f]{2})/g, (escape: string, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : escape;
  });
  return query < 0 ? plain : plain + target.slice(query);
}
