import 'server-only';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * The site's own environment (the partner's lives in lib/partner-api/config.ts), validated once.
 * Nothing else reads process.env.
 */
const SiteEnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    SITE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
    SESSION_SECRET: z.string().min(32).optional(),
    /** A previous secret still accepted for opening cookies during rotation. */
    SESSION_SECRET_PREVIOUS: z.string().min(32).optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
    PARTNER_THANK_YOU_URL: z.url({ protocol: /^https?$/ }).optional(),
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
    ANALYTICS_DATALAYER: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim().toLowerCase() : undefined),
      z.enum(['on', 'off']).default('off'),
    ),
    /**
     * `required` (the default): events are pushed only while the first-party cookie
     * `analytics_consent=granted` is set; `not-required`: without asking.
     */
    ANALYTICS_CONSENT: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim().toLowerCase() : undefined),
      z.enum(['required', 'not-required']).default('required'),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.PARTNER_API_URL && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'required outside sandbox mode' });
    }
  });

export type SiteEnv = z.infer<typeof SiteEnvSchema> & { sessionSecret: string; sandboxMode: boolean };

let cached: SiteEnv | undefined;

function processSecret(): string {
  const holder = globalThis as unknown as { __pbsGeneratedSecret?: string };
  holder.__pbsGeneratedSecret ??= randomBytes(32).toString('hex');
  return holder.__pbsGeneratedSecret;
}

export function parseSiteEnv(env: Record<string, string | undefined>): SiteEnv {
  const parsed = SiteEnvSchema.safeParse(env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => i.path.join('.') || i.message).join(', ');
    throw new Error(`Invalid site configuration: ${names}`);
  }
  const e = parsed.data;
  return {
    ...e,
    sandboxMode: !e.PARTNER_API_URL,
    // Sandbox mode may run without a configured secret: one is made per process (kept on
    // globalThis, since Next.js gives each route its own copy of this module).
    sessionSecret: e.SESSION_SECRET ?? processSecret(),
  };
}

export function getSiteEnv(): SiteEnv {
  cached ??= parseSiteEnv(process.env);
  return cached;
}
