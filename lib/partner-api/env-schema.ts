import { z } from 'zod';
import { checkEnv, wholeNumber, type ConfigCheck, type Env } from '@/lib/env-schema';

/*
 * The partner's variables as a schema. Kept apart from ./config.ts, which is server-only and the
 * one module that reads the partner key from the environment: the production server
 * (scripts/site-server.ts) runs outside Next.js's bundles, where a server-only module cannot be
 * loaded, and checks these before it starts Next.js. This module is handed the variables and
 * reads no environment itself.
 */

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

const PartnerEnvSchema = z.object({
  PARTNER_API_URL: z.url({ protocol: /^https?$/, error: 'an http(s) URL' }).optional(),
  PARTNER_API_KEY: z.string().min(1, 'must not be empty').optional(),
  PARTNER_ID: z.string().min(1, 'must not be empty').optional(),
  PARTNER_API_KEY_EXPIRES: z.iso.date('a date as YYYY-MM-DD').optional(),
  PARTNER_RATE_LIMIT_PER_MIN: wholeNumber(1, 100_000).default(100),
  /**
   * Browsing calls one browser may start in a minute (0: no limit): a browser is its mark
   * (lib/visitor/mark.ts), or its address when it has none. By default a third of the site's
   * share of the quota, and at least 10 (see clientSharePerMinute).
   */
  PARTNER_CALLS_PER_CLIENT_MIN: wholeNumber(0, 100_000).optional(),
  /**
   * Browsing calls all browsers behind one address may start in a minute together (0: no cap).
   * By default two browsers' shares (see addressSharePerMinute).
   */
  PARTNER_CALLS_PER_ADDRESS_MIN: wholeNumber(0, 100_000).optional(),
  PARTNER_TIMEOUT_MS: wholeNumber(100, 60_000).default(4_000),
  PARTNER_DEADLINE_MS: wholeNumber(100, 120_000).default(9_000),
  /**
   * Timeout of pre-register and finalize. Longer than a read's: a write that times out after
   * it was sent may still have held or booked, and the guest cannot know which, so it gets
   * every chance to answer.
   */
  PARTNER_WRITE_TIMEOUT_MS: wholeNumber(1_000, 120_000).default(15_000),
  /**
   * Consecutive partner failures (5xx, timeouts, resets) that open the circuit. Unset: the
   * breaker policy's own (./config.ts fills it in, as that policy is server-only).
   */
  PARTNER_BREAKER_FAILURES: wholeNumber(1, 1000).optional(),
  /** How long the open circuit refuses calls before one trial call; unset as above. */
  PARTNER_BREAKER_OPEN_MS: wholeNumber(100, 600_000).optional(),
  /** A JSON file of the partner profile (methods, paths, names, date formats), merged over the sandbox's. */
  PARTNER_PROFILE: z.string().min(1, 'must name a file').optional(),
  /** JSON object of operation → path; the older, path-only form of PARTNER_PROFILE. */
  PARTNER_PATHS: z.string().optional(),
  /**
   * User name of the partner's API reference (HTTP Basic; the password is the API key). Set, it
   * makes `npm run partner:check` compare the profile with that reference. Empty = unset.
   */
  PARTNER_SWAGGER_USER: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^[^:]+$/, 'a user name without ":"')
      .optional(),
  ),
  /** Address of that reference; default `swagger/v1/swagger.json` under the partner's (or sandbox's) URL. */
  PARTNER_SWAGGER_URL: z.preprocess(
    emptyAsUnset,
    z.url({ protocol: /^https?$/, error: 'an http(s) URL' }).optional(),
  ),
  SANDBOX_URL: z.url('a URL').optional(),
  /** `off` disables the response cache (for the benchmark's comparison run only). */
  PARTNER_CACHE: z.enum(['on', 'off'], 'on or off').default('on'),
});

export type PartnerEnvValues = z.infer<typeof PartnerEnvSchema>;

/** The credentials a real partner needs. */
function crossProblems(env: Env): string[] {
  if (!env.PARTNER_API_URL) return [];
  return (['PARTNER_API_KEY', 'PARTNER_ID'] as const)
    .filter((name) => env[name] === undefined)
    .map((name) => `${name}: required with PARTNER_API_URL`);
}

/** The partner's variables (the profile they name is checked by ./profile.ts), every problem told. */
export function checkPartnerEnv(env: Env): ConfigCheck<PartnerEnvValues> {
  return checkEnv(PartnerEnvSchema, env, crossProblems);
}
