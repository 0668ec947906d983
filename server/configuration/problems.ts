/**
 * The whole configuration checked before Next.js starts: the site server refuses to start at any
 * problem, and tells every one of them on a line of its own.
 */
import { checkSiteEnv } from '@/lib/env-schema';
import { checkPartnerEnv } from '@/lib/partner-api/env-schema';
import { loadPartnerProfile, PartnerProfileError, partnerProfileNotice } from '@/lib/partner-api/profile';
import { brandConfigurationProblems } from '@/lib/site-content/load';
import { readImageMissesPerMinute } from '../static/image-miss-limit';
import { readPageStoreSettings, readTimeouts, readTrustedHops, TIMEOUT_ENV } from './settings';

const INVALID = 'Invalid site configuration: ';

/** The variable a problem is about: the first word after the prefix. */
function variableOf(problem: string): string {
  return (
    /^[A-Z][A-Z0-9_]*/.exec(problem.startsWith(INVALID) ? problem.slice(INVALID.length) : problem)?.[0] ?? ''
  );
}

/**
 * Everything wrong with the configuration, one line a problem naming the variable and what is
 * wrong (never its value, which may be a secret); empty when the site can start. This server's
 * own settings, the site's and the partner's variables (lib/env-schema.ts,
 * lib/partner-api/env-schema.ts) and the partner profile, all before Next.js starts: Next.js
 * checks the last ones in its instrumentation hook, and a failure there only logs and leaves a
 * server that answers every request with a 500. A variable this server reads itself is told once,
 * in this server's words.
 */
export function configurationProblems(env: Record<string, string | undefined>): string[] {
  const own: string[] = [];
  const attempt = (read: () => unknown) => {
    try {
      read();
    } catch (err) {
      own.push(err instanceof Error ? err.message : String(err));
    }
  };
  // One variable at a time, as each reader stops at the first problem it finds.
  for (const name of Object.values(TIMEOUT_ENV)) attempt(() => readTimeouts({ [name]: env[name] }));
  attempt(() => readTrustedHops(env));
  attempt(() => readPageStoreSettings({ PAGE_STORE: env.PAGE_STORE }));
  attempt(() => readPageStoreSettings({ PAGE_STORE_MB: env.PAGE_STORE_MB }));
  attempt(() => readImageMissesPerMinute(env));

  const site = checkSiteEnv(env);
  const partner = checkPartnerEnv(env);
  const others = [
    ...(site.ok ? [] : site.problems),
    ...(partner.ok ? [] : partner.problems),
    ...brandConfigurationProblems(env),
  ];
  try {
    loadPartnerProfile({
      PARTNER_PROFILE: env.PARTNER_PROFILE,
      PARTNER_PATHS: env.PARTNER_PATHS,
      PARTNER_API_URL: env.PARTNER_API_URL,
    });
  } catch (err) {
    if (!(err instanceof PartnerProfileError)) throw err;
    others.push(...err.problems);
  }
  const told = new Set(own.map(variableOf));
  return [
    ...own,
    ...others.filter((problem) => !told.has(variableOf(problem))).map((problem) => INVALID + problem),
  ];
}

/**
 * A configuration that starts but will fail guests in a way no single variable shows. In sandbox
 * mode each instance makes up its own session secret: instances that share a store (REDIS_URL)
 * then cannot open each other's booking cookies, and a booking whose steps land on two of them
 * is lost ("no reservation to confirm"). In partner mode without PARTNER_PROFILE the site speaks
 * the documented profile, which only the partner check can confirm.
 */
export function configurationWarnings(env: Record<string, string | undefined>): string[] {
  const warnings =
    env.REDIS_URL && !env.SESSION_SECRET
      ? [
          'REDIS_URL is set without SESSION_SECRET: every instance seals the booking cookie with a secret of its own, so a booking whose steps reach two instances fails; give them all the same SESSION_SECRET',
        ]
      : [];
  const profile = partnerProfileNotice(env);
  return profile === null ? warnings : [...warnings, profile];
}
