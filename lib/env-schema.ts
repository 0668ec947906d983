import { z } from 'zod';

/*
 * The site's environment as a schema, and how a problem with it is told. Kept apart from
 * lib/env.ts, which is server-only: the production server (server/) runs outside
 * Next.js's bundles, where a server-only module cannot be loaded, and checks the whole
 * configuration with this before it starts Next.js. This module reads no environment itself.
 */

export type Env = Readonly<Record<string, string | undefined>>;

/** Every problem as `NAME: what is wrong`, or the values. */
export type ConfigCheck<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/**
 * A configuration that cannot run, one problem a line, each line on its own saying what it is
 * about (`Invalid site configuration: SESSION_SECRET: at least 32 characters`).
 */
export class ConfigurationError extends Error {
  constructor(
    readonly problems: readonly string[],
    what = 'site configuration',
  ) {
    super(problems.map((problem) => `Invalid ${what}: ${problem}`).join('\n'));
    this.name = 'ConfigurationError';
  }
}

/**
 * zod's issues as `NAME: message`, once each (a value can break two rules that say the same).
 * The messages are the schema's own; no value is ever part of one, as some are secrets.
 */
function issueLines(issues: readonly z.core.$ZodIssue[]): string[] {
  const lines = issues.map((issue) => {
    const name = issue.path.map(String).join('.');
    return name ? `${name}: ${issue.message}` : issue.message;
  });
  return [...new Set(lines)];
}

/**
 * A set of variables checked by its schema and by its rules across variables (`crossProblems`,
 * on the raw values, so they are told together with the variables' own problems: zod skips an
 * object's refinements once a field has failed). Every problem is told, or the values are given.
 */
export function checkEnv<T>(
  schema: z.ZodType<T>,
  env: Env,
  crossProblems: (env: Env) => string[],
): ConfigCheck<T> {
  const parsed = schema.safeParse(env);
  const problems = [...(parsed.success ? [] : issueLines(parsed.error.issues)), ...crossProblems(env)];
  return parsed.success && problems.length === 0 ? { ok: true, value: parsed.data } : { ok: false, problems };
}

/** A whole number in a range, read from its text, with a message that says so. */
export function wholeNumber(min: number, max: number) {
  const message = `a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

const HTTP_URL = 'an http(s) URL';

const emptyIsUnset = (v: unknown) => (v === '' ? undefined : v);

/** One of `values`, in any case and with spaces around it; `fallback` when empty or unset. */
function switchOf<const T extends readonly [string, string]>(values: T, fallback: T[number]) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim().toLowerCase() : undefined),
    z.enum(values, values.join(' or ')).default(fallback),
  );
}

const SiteEnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], 'development, production or test')
    .default('development'),
  SITE_URL: z.url({ protocol: /^https?$/, error: HTTP_URL }).default('http://localhost:3000'),
  SESSION_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  /** A previous secret still accepted for opening cookies during rotation. */
  SESSION_SECRET_PREVIOUS: z.string().min(32, 'at least 32 characters').optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'a redis:// or rediss:// URL' }).optional(),
  LOG_LEVEL: z
    .enum(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'one of fatal, error, warn, info, debug, trace, silent',
    )
    .default('info'),
  /**
   * Bearer token for the operator endpoints (/api/health/details, /api/metrics); without it they
   * answer 404. Visible ASCII, at least 32 characters (e.g. `openssl rand -hex 32`). Empty = unset.
   */
  HEALTH_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .min(32, 'at least 32 characters')
      .regex(/^[\x21-\x7e]+$/, 'visible ASCII characters only')
      .optional(),
  ),
  PARTNER_API_URL: z.string().optional(),
  PARTNER_THANK_YOU_URL: z.url({ protocol: /^https?$/, error: HTTP_URL }).optional(),
  /**
   * How many proxies we run in front of the site, each appending to X-Forwarded-For: 0 (clients
   * connect directly), 1 (one reverse proxy), 2 (a CDN and a proxy). See lib/http/client-address.ts.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^[0-5]$/, 'a number of proxies from 0 to 5')
    .default('0')
    .transform(Number),
  /**
   * `on` pushes the e-commerce analytics events to `window.dataLayer` (README: Analytics
   * events); `off`, empty or unset leaves them off. Read on the server and handed to the pages
   * as a plain value, never built into the browser bundle.
   */
  ANALYTICS_DATALAYER: switchOf(['on', 'off'], 'off'),
  /**
   * `required` (the default): events are pushed only while the first-party cookie
   * `analytics_consent=granted` is set; `not-required`: without asking.
   */
  ANALYTICS_CONSENT: switchOf(['required', 'not-required'], 'required'),
  /** `off` keeps no booking ledger (docs/ledger.md): nothing is written and the report is 404. */
  LEDGER: switchOf(['on', 'off'], 'on'),
  /** The embedded ledger database's folder, used when DATABASE_URL is unset. */
  LEDGER_DIR: z.preprocess(emptyIsUnset, z.string().default('.data/ledger')),
  /** A Postgres server for the ledger, shared by every instance of a fleet. */
  DATABASE_URL: z.preprocess(
    emptyIsUnset,
    z.url({ protocol: /^postgres(ql)?$/, error: 'a postgres:// or postgresql:// URL' }).optional(),
  ),
  /** How long ledger rows and visit counts are kept; three years by default, for the accounts. */
  LEDGER_RETENTION_DAYS: z.preprocess(emptyIsUnset, wholeNumber(1, 36_500).default(1096)),
  /** Where each finalized booking is sent as a signed webhook; needs PARTNER_WEBHOOK_SECRET. */
  PARTNER_WEBHOOK_URL: z.preprocess(
    emptyIsUnset,
    z.url({ protocol: /^https?$/, error: HTTP_URL }).optional(),
  ),
  /** The Standard Webhooks signing secret: `whsec_` and at least 24 bytes in base64. */
  PARTNER_WEBHOOK_SECRET: z.preprocess(
    emptyIsUnset,
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, 'whsec_ followed by at least 24 bytes in base64')
      .optional(),
  ),
  /** Bearer token of the partner report (/api/partners/report.csv); without it the report is 404. */
  PARTNER_REPORT_TOKEN: z.preprocess(
    emptyIsUnset,
    z
      .string()
      .min(32, 'at least 32 characters')
      .regex(/^[\x21-\x7e]+$/, 'visible ASCII characters only')
      .optional(),
  ),
});

export type SiteEnvValues = z.infer<typeof SiteEnvSchema>;

/**
 * The site's rules across variables: a real partner needs a session secret of its own, and
 * webhooks are only sent signed.
 */
function crossProblems(env: Env): string[] {
  const problems: string[] = [];
  if (env.PARTNER_API_URL && env.SESSION_SECRET === undefined)
    problems.push('SESSION_SECRET: required outside sandbox mode');
  if (env.PARTNER_WEBHOOK_URL && !env.PARTNER_WEBHOOK_SECRET)
    problems.push('PARTNER_WEBHOOK_SECRET: required with PARTNER_WEBHOOK_URL');
  return problems;
}

/** The site's variables (the partner's are in lib/partner-api/env-schema.ts), every problem told. */
export function checkSiteEnv(env: Env): ConfigCheck<SiteEnvValues> {
  return checkEnv(SiteEnvSchema, env, crossProblems);
}
