import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROUTE_METHODS, refusedMethodAllow } from './api-methods';

const API_DIR = path.resolve(__dirname, '../../app/api');

/** Every route file under app/api with the HTTP handlers it exports, by its URL pattern. */
function exportedHandlers(): Map<string, string[]> {
  const routes = new Map<string, string[]>();
  for (const file of readdirSync(API_DIR, { recursive: true, encoding: 'utf8' })) {
    if (path.basename(file) !== 'route.ts') continue;
    const pattern = `/api/${path.dirname(file).split(path.sep).join('/')}`.replace(/\/\.$/, '');
    const source = readFileSync(path.join(API_DIR, file), 'utf8');
    const methods = [
      ...source.matchAll(/export (?:async )?(?:function|const) (GET|POST|PUT|PATCH|DELETE|HEAD)\b/g),
    ];
    routes.set(pattern, methods.map((m) => m[1]!).sort());
  }
  return routes;
}

describe('the methods each JSON route takes', () => {
  it('are listed for every route file under app/api, as its handlers export them', () => {
    const exported = exportedHandlers();
    // The catch-all answers every method with the not-found problem: it has no methods to refuse.
    exported.delete('/api/[[...rest]]');
    expect(Object.fromEntries(API_ROUTE_METHODS)).toEqual(Object.fromEntries(exported));
  });

  it('refuse other methods, naming the ones the route takes, and leave OPTIONS and unknown addresses alone', () => {
    expect(refusedMethodAllow('PUT', '/api/booking/finalize')).toBe('POST');
    expect(refusedMethodAllow('GET', '/api/houses/1001/units?adults=2')).toBeNull();
    expect(refusedMethodAllow('HEAD', '/api/search')).toBeNull();
    expect(refusedMethodAllow('DELETE', '/api/houses/1001/')).toBe('GET, HEAD');
    expect(refusedMethodAllow('OPTIONS', '/api/search')).toBeNull();
    expect(refusedMethodAllow('PUT', '/api/unknown')).toBeNull();
    expect(refusedMethodAllow('PUT', '/en/search')).toBeNull();
  });

  it('refuse a method outside the usual set (PROPFIND, TRACE) on every API address, the API root and unknown ones included', () => {
    expect(refusedMethodAllow('PROPFIND', '/api/search')).toBe('GET, HEAD');
    expect(refusedMethodAllow('PROPFIND', '/api/nope')).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
    expect(refusedMethodAllow('TRACE', '/api')).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
    expect(refusedMethodAllow('GET', '/api')).toBeNull();
    expect(refusedMethodAllow('PROPFIND', '/apix')).toBeNull();
  });
});
