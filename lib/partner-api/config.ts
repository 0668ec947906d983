import 'server-only';
import { z } from 'zod';
import { BREAKER_POLICY } from '@/lib/upstream/policy';
import { loadPartnerProfile, type PartnerProfile } from './profile';

/**
 * The partner's address and credentials, read from the environment at run time and validated
 * once. This is the only module that reads the partner key, so the key cannot leak through any
 * other import (and never into a browser bundle: the module is server-only).
 * Without PARTNER_API_URL the site runs against the local sandbox with its demo credentials.
 */

const SANDBOX_DEFAULTS = {
  url: 'http://127.0.0.1:4010',
  key: 'demo-key',
  partnerId: 'demo-partner',
} as const;

const EnvSchema = z
  .object({
    PARTNER_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    PARTNER_API_KEY: z.string().min(1).optional(),
    PARTNER_ID: z.string().min(1).optional(),
    PARTNER_API_KEY_EXPIRES: z.iso.date().optional(),
    PARTNER_RATE_LIMIT_PER_MIN: z.coerce.number().int().min(1).max(100_000).default(100),
    /**
     * Browsing calls one client's requests may start in a minute (0: no limit). By default a
     * third of the site's share of the quota, and at least 10 (see clientSharePerMinute).
     */
    PARTNER_CALLS_PER_CLIENT_MIN: z.coerce.number().int().min(0).max(100_000).optional(),
    PARTNER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4_000),
    PARTNER_DEADLINE_MS: z.coerce.number().int().min(100).max(120_000).default(9_000),
    /**
     * Timeout of pre-register and finalize. Longer than a read's: a write that times out after
     * it was sent may still have held or booked, and the guest cannot know which, so it gets
     * every chance to answer.
     */
    PARTNER_WRITE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(15_000),
    /** Consecutive partner failures (5xx, timeouts, resets) that open the circuit. */
    PARTNER_BREAKER_FAILURES: z.coerce
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(BREAKER_POLICY.consecutiveFailures),
    /** How long the open circuit refuses calls before one trial call. */
    PARTNER_BREAKER_OPEN_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(600_000)
      .default(BREAKER_POLICY.halfOpenAfterMs),
    /** A JSON file of the partner profile (methods, paths, names, date formats), merged over the sandbox's. */
    PARTNER_PROFILE: z.string().min(1).optional(),
    /** JSON object of operation → path; the older, path-only form of PARTNER_PROFILE. */
    PARTNER_PATHS: z.string().optional(),
    SANDBOX_URL: z.url().optional(),
    /** `off` disables the response cache (for the benchmark's comparison run only). */
    PARTNER_CACHE: z.enum(['on', 'off']).default('on'),
  })
  .superRefine((env, ctx) => {
    if (env.PARTNER_API_URL && (!env.PARTNER_API_KEY || !env.PARTNER_ID)) {
      ctx.addIssue({
        code: 'custom',
        message: 'PARTNER_API_KEY and PARTNER_ID are required with PARTNER_API_URL',
      });
    }
  });

export interface PartnerConfig {
  mode: 'sandbox' | 'partner';
  baseUrl: URL;
  key: string;
  partnerId: string;
  keyExpires: string | undefined;
  rateLimitPerMin: number;
  /** The most browsing calls one client may start in a minute; null for no limit. */
  callsPerClientMin: number | null;
  timeoutMs: number;
  deadlineMs: number;
  writeTimeoutMs: number;
  breaker: { consecutiveFailures: number; halfOpenAfterMs: number };
  /** How to talk to the partner: see ./profile.ts. */
  profile: PartnerProfile;
  cacheEnabled: boolean;
}

/**
 * A client's share of the browsing calls in a minute: a third of the 90 % of the quota the site
 * uses (30 at the partner's 100 a minute), and at least 10. A guest clicking through uncached
 * searches and houses starts a few calls a page and stays far below it; a script asking for
 * distinct searches reaches it within seconds and then leaves two thirds to everyone else.
 */
export function clientSharePerMinute(partnerLimitPerMin: number): number {
  return Math.max(10, Math.floor((partnerLimitPerMin * 0.9) / 3));
}

export function parsePartnerConfig(env: Record<string, string | undefined>): PartnerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    // Name the variables, never their values.
    const names = parsed.error.issues.map((i) => i.path.join('.') || i.message).join(', ');
    throw new Error(`Invalid partner configuration: ${names}`);
  }
  const e = parsed.data;
  // Throws a PartnerProfileError that lists every problem of the profile, one per line.
  const profile = loadPartnerProfile(e);
  const sandbox = !e.PARTNER_API_URL;
  return {
    mode: sandbox ? 'sandbox' : 'partner',
    baseUrl: new URL(sandbox ? (e.SANDBOX_URL ?? SANDBOX_DEFAULTS.url) : e.PARTNER_API_URL!),
    key: sandbox ? SANDBOX_DEFAULTS.key : e.PARTNER_API_KEY!,
    partnerId: sandbox ? SANDBOX_DEFAULTS.partnerId : e.PARTNER_ID!,
    keyExpires: e.PARTNER_API_KEY_EXPIRES,
    rateLimitPerMin: e.PARTNER_RATE_LIMIT_PER_MIN,
    callsPerClientMin:
      e.PARTNER_CALLS_PER_CLIENT_MIN === undefined
        ? clientSharePerMinute(e.PARTNER_RATE_LIMIT_PER_MIN)
        : e.PARTNER_CALLS_PER_CLIENT_MIN || null,
    timeoutMs: e.PARTNER_TIMEOUT_MS,
    deadlineMs: e.PARTNER_DEADLINE_MS,
    writeTimeoutMs: e.PARTNER_WRITE_TIMEOUT_MS,
    breaker: { consecutiveFailures: e.PARTNER_BREAKER_FAILURES, halfOpenAfterMs: e.PARTNER_BREAKER_OPEN_MS },
    profile,
    cacheEnabled: e.PARTNER_CACHE === 'on',
  };
}

let cached: PartnerConfig | undefined;

export function getPartnerConfig(): PartnerConfig {
  cached ??= parsePartnerConfig(process.env);
  return cached;
}
