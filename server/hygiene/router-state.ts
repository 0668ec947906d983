import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

export type RouterStateCheck = (header: string) => unknown;

/**
 * The check Next.js itself runs on the `next-router-state-tree` header of a client-side
 * navigation, which throws (and so answers 500) when a client sends one it cannot parse. Should
 * a Next.js release move it, a plain parse stands in: the header is URI-encoded JSON, an array.
 */
export function loadRouterStateCheck(dir: string): RouterStateCheck {
  try {
    const nextInternal = createRequire(path.join(dir, 'package.json'))(
      'next/dist/server/app-render/parse-and-validate-flight-router-state',
    ) as { parseAndValidateFlightRouterState?: RouterStateCheck };
    if (typeof nextInternal.parseAndValidateFlightRouterState === 'function') {
      return nextInternal.parseAndValidateFlightRouterState;
    }
  } catch {
    // fall through to the plain parse
  }
  return (header) => {
    const state: unknown = JSON.parse(decodeURIComponent(header));
    if (header.length > 40_000 || !Array.isArray(state)) throw new Error('invalid router state');
    return state;
  };
}

/** True when a request carries a router-state header that Next.js would fail on. */
export function hasMalformedRouterState(req: IncomingMessage, check: RouterStateCheck): boolean {
  const header = req.headers['next-router-state-tree'];
  if (header === undefined) return false;
  try {
    check(Array.isArray(header) ? header.join(',') : header);
    return false;
  } catch {
    return true;
  }
}
