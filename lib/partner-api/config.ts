import 'server-only';
import { ConfigurationError } from '@/lib/env-schema';
import { BREAKER_POLICY } from '@/lib/upstream/policy';
import { checkPartnerEnv } from './env-schema';
import { loadPartnerProfile, type PartnerProfile } from './profile';

/**
 * The partner's address and credentials, read from the environment at run time and validated
 * once. This is the only module that reads the partner key, so the key cannot leak through any
 * other import (and never into a browser bundle: the module is server-only).
 * Without PARTNER_API_URL the site runs against the local sandbox with its demo credentials.
 * The variables' schema is in ./env-schema.ts, which the production server also checks before it
 * starts Next.js.
 */

const SANDBOX_DEFAULTS = {
  url: 'http://127.0.0.1:4010',
  key: 'demo-key',
  partnerId: 'demo-partner',
} as const;

export interface PartnerConfig {
  mode: 'sandbox' | 'partner';
  baseUrl: URL;
  key: string;
  partnerId: string;
  keyExpires: string | undefined;
  rateLimitPerMin: number;
  /** The most browsing calls one browser (its mark, else its address) may start in a minute; null for no limit. */
  callsPerClientMin: number | null;
  /** The most browsing calls all browsers behind one address may start in a minute together. */
  callsPerAddressMin: number | null;
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

/**
 * What all browsers behind one address may start together: two browsers' shares (60 at the
 * partner's 100 a minute, two thirds of the site's browsing calls). Two guests of one family or
 * office, each opening ten uncached houses in new tabs, spend about 48 between them; a script
 * that makes up a browser mark for every request still leaves a third to everyone else.
 */
export function addressSharePerMinute(clientShare: number): number {
  return clientShare * 2;
}

/** PARTNER_CALLS_PER_ADDRESS_MIN (0: none), else two browsers' shares; none where browsers have no share. */
function addressShare(explicit: number | undefined, perClient: number | undefined, limitPerMin: number): number | null {
  if (explicit !== undefined) return explicit || null;
  if (perClient === 0) return null;
  return addressSharePerMinute(perClient ?? clientSharePerMinute(limitPerMin));
}

export function parsePartnerConfig(env: Record<string, string | undefined>): PartnerConfig {
  const checked = checkPartnerEnv(env);
  // Names the variables and what is wrong with them, never their values.
  if (!checked.ok) throw new ConfigurationError(checked.problems, 'partner configuration');
  const e = checked.value;
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
    callsPerAddressMin: addressShare(e.PARTNER_CALLS_PER_ADDRESS_MIN, e.PARTNER_CALLS_PER_CLIENT_MIN, e.PARTNER_RATE_LIMIT_PER_MIN),
    timeoutMs: e.PARTNER_TIMEOUT_MS,
    deadlineMs: e.PARTNER_DEADLINE_MS,
    writeTimeoutMs: e.PARTNER_WRITE_TIMEOUT_MS,
    breaker: {
      consecutiveFailures: e.PARTNER_BREAKER_FAILURES ?? BREAKER_POLICY.consecutiveFailures,
      halfOpenAfterMs: e.PARTNER_BREAKER_OPEN_MS ?? BREAKER_POLICY.halfOpenAfterMs,
    },
    profile,
    cacheEnabled: e.PARTNER_CACHE === 'on',
  };
}

let cached: PartnerConfig | undefined;

export function getPartnerConfig(): PartnerConfig {
  cached ??= parsePartnerConfig(process.env);
  return cached;
}
