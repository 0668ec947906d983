/**
 * Whether a request's Accept-Encoding accepts `coding`: named, or `*`, without a q of 0. Shared
 * by the answers the site server compresses itself (stored pages, static files).
 */
export function acceptsCoding(header: string | string[] | undefined, coding: 'br' | 'gzip'): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== coding && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
