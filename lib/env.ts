import 'server-only';
import { randomBytes } from 'node:crypto';
import { checkSiteEnv, ConfigurationError, type SiteEnvValues } from './env-schema';
import { processSingleton } from './process-singleton';

/**
 * The site's own environment (the partner's lives in lib/partner-api/config.ts), validated once.
 * Nothing else reads process.env. The schema is in ./env-schema.ts, which the production server
 * also checks before it starts Next.js.
 */
export type SiteEnv = SiteEnvValues & { sessionSecret: string; sandboxMode: boolean };

let cached: SiteEnv | undefined;

function processSecret(): string {
  return processSingleton('generated-session-secret', () => randomBytes(32).toString('hex'));
}

export function parseSiteEnv(env: Record<string, string | undefined>): SiteEnv {
  const checked = checkSiteEnv(env);
  if (!checked.ok) throw new ConfigurationError(checked.problems);
  const e = checked.value;
  return {
    ...e,
    sandboxMode: !e.PARTNER_API_URL,
    // Sandbox mode may run without a configured secret: one is made per process (a process
    // singleton, since Next.js gives each route its own copy of this module, and a page must
    // open the cookie a route handler sealed).
    sessionSecret: e.SESSION_SECRET ?? processSecret(),
  };
}

export function getSiteEnv(): SiteEnv {
  cached ??= parseSiteEnv(process.env);
  return cached;
}

/** Served over https: cookies are then Secure (and may take the __Host- prefix). */
export function isSecureSite(): boolean {
  return new URL(getSiteEnv().SITE_URL).protocol === 'https:';
}
