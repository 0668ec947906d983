import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { getSiteEnv } from '@/lib/env';

/**
 * Who may read the operator endpoints (health detail and metrics): whoever sends
 * `Authorization: Bearer <HEALTH_TOKEN>`. Without a configured token they do not exist (404), in
 * sandbox mode too, so no deployment exposes them by forgetting a setting.
 */

/** Compares in time independent of where the strings differ and of the secret's length. */
export function tokensMatch(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function bearerToken(header: string | null): string | null {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

function refusal(status: 401 | 404): Response {
  const headers = new Headers({ 'content-type': 'application/problem+json', 'cache-control': 'no-store' });
  if (status === 401) headers.set('www-authenticate', 'Bearer realm="operator"');
  const body =
    status === 401
      ? { type: 'about:blank', title: 'An operator token is required.', status, code: 'unauthorized' }
      : { type: 'about:blank', title: 'Not found.', status, code: 'not_found' };
  return new Response(JSON.stringify(body), { status, headers });
}

/** null when the request may see operator data; otherwise the answer that refuses it. */
export function checkOperatorAccess(req: Request, token: string | undefined): Response | null {
  if (token === undefined) return refusal(404);
  const given = bearerToken(req.headers.get('authorization'));
  return given !== null && tokensMatch(given, token) ? null : refusal(401);
}

/** checkOperatorAccess with the configured HEALTH_TOKEN. */
export function refuseNonOperator(req: Request): Response | null {
  return checkOperatorAccess(req, getSiteEnv().HEALTH_TOKEN);
}
