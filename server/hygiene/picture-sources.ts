import { readFileSync } from 'node:fs';
import { OPERATIONS, PATH_VARIANTS } from '@/lib/partner-api/operations';
import documentedProfile from '@/profiles/partner-documented.json';

/*
 * The picture optimizer (/_next/image) fetches only from the partner's picture origins, which by
 * default is the partner API's own origin. On that origin the API's own addresses are no pictures:
 * without this check anyone could make the site send them requests (a flood of them, each with
 * another query string, past the partner quota's governor, which only sees the site's own calls),
 * and in sandbox mode reach the sandbox's test hooks. The site server refuses those addresses
 * before Next.js fetches anything.
 *
 * Read from the environment like next.config.mjs reads the picture origins, when the server
 * starts, and without the partner configuration module, which only Next.js's server may load.
 */

export interface PartnerApiAddresses {
  readonly origin: string;
  /** Lower-case path prefixes that are the API's, never a picture's. */
  readonly prefixes: readonly string[];
}

type Env = Record<string, string | undefined>;

function strings(values: unknown): string[] {
  return Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * Operation paths a PARTNER_PROFILE file or PARTNER_PATHS sets (in partner mode without a
 * PARTNER_PROFILE, the documented profile's, which the site then speaks); what cannot be read
 * adds none.
 */
function configuredPaths(env: Env, readText: (file: string) => string): string[] {
  const out: string[] = [];
  try {
    const profile = (
      env.PARTNER_PROFILE
        ? JSON.parse(readText(env.PARTNER_PROFILE))
        : env.PARTNER_API_URL
          ? documentedProfile
          : {}
    ) as { operations?: Record<string, { path?: unknown }> };
    out.push(...strings(Object.values(profile.operations ?? {}).map((op) => op?.path)));
  } catch {
    // The partner configuration reports an unreadable profile when the site starts.
  }
  try {
    if (env.PARTNER_PATHS) out.push(...strings(Object.values(JSON.parse(env.PARTNER_PATHS) as object)));
  } catch {
    // Likewise for PARTNER_PATHS.
  }
  return out;
}

/** The longest leading run of whole path segments the paths share, ending in "/". */
function sharedDirectory(paths: readonly string[]): string {
  const [first, ...rest] = paths;
  if (first === undefined) return '/';
  let shared = first.slice(0, first.lastIndexOf('/') + 1);
  for (const path of rest) {
    while (!path.startsWith(shared)) shared = shared.slice(0, shared.lastIndexOf('/', shared.length - 2) + 1);
  }
  return shared || '/';
}

export function partnerApiAddresses(
  env: Env,
  readText: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): PartnerApiAddresses {
  const sandbox = !env.PARTNER_API_URL;
  const base = new URL(env.PARTNER_API_URL || env.SANDBOX_URL || 'http://127.0.0.1:4010');
  const root = base.pathname.replace(/\/$/, '');
  const variants = sandbox ? Object.values(PATH_VARIANTS).flat() : [];
  const paths = [...Object.values(OPERATIONS).map((op) => op.path), ...configuredPaths(env, readText)]
    // Up to a path parameter ({houseId}): everything below it is the operation too.
    .map((path) => path.split('{')[0]!.toLowerCase());
  // The directory the operations share below the API's base (/bungalow/api/v1/booking/), so an
  // operation the profile does not name is refused too; each path by itself when they share
  // nothing, since the partner's pictures may live elsewhere on the same origin.
  const shared = sharedDirectory(paths);
  const prefixes = [
    ...(shared === '/' ? paths : [shared]).map((path) => `${root.toLowerCase()}${path}`),
    ...variants.map((path) => `${root}${path}`.toLowerCase()),
    ...(sandbox ? ['/__sandbox'] : []),
  ];
  return { origin: base.origin, prefixes };
}

/** Whether an absolute picture address is one of the partner API's own, however it is spelt. */
export function isPartnerApiAddress(target: string, api: PartnerApiAddresses): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (url.origin !== api.origin) return false;
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape stays as written.
  }
  path = path.replace(/\/{2,}/g, '/').toLowerCase();
  return api.prefixes.some((prefix) => path.startsWith(prefix));
}

/** The addresses a /_next/image request asks for (every `url` parameter), or none for other requests. */
export function imageTargets(requestUrl: string | undefined): string[] {
  if (!requestUrl?.startsWith('/_next/image?')) return [];
  return new URLSearchParams(requestUrl.slice('/_next/image?'.length)).getAll('url');
}
