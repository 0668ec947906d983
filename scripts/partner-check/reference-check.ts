import { readCappedBody } from '@/lib/capped-body';
import type { PartnerConfig } from '@/lib/partner-api/config';
import { checkPartnerEnv } from '@/lib/partner-api/env-schema';
import { OPERATION_NAMES } from '@/lib/partner-api/profile';
import { compareWithReference } from './reference-compare';
import { parseReference } from './reference-document';
import type { CheckRun } from './run';
import type { ReferenceReport } from './types';

/**
 * The partner's own API reference: read with HTTP Basic (PARTNER_SWAGGER_USER, the API key as
 * password) from PARTNER_SWAGGER_URL, by default `swagger/v1/swagger.json` under the partner's
 * base URL, and compared with the profile. Only with PARTNER_SWAGGER_USER set; an unreadable
 * reference is then a problem, as the operator asked for the comparison.
 */

const MAX_REFERENCE_BYTES = 16 * 1024 * 1024;
const DEFAULT_REFERENCE_PATH = '/swagger/v1/swagger.json';

export interface ReferenceSettings {
  user: string | undefined;
  url: URL;
}

export function referenceSettings(
  env: Record<string, string | undefined>,
  config: PartnerConfig,
): ReferenceSettings {
  const checked = checkPartnerEnv(env);
  const values = checked.ok ? checked.value : undefined;
  const base = config.baseUrl;
  const url = values?.PARTNER_SWAGGER_URL
    ? new URL(values.PARTNER_SWAGGER_URL)
    : new URL(base.pathname.replace(/\/$/, '') + DEFAULT_REFERENCE_PATH, base.origin);
  return { user: values?.PARTNER_SWAGGER_USER, url };
}

/** The address as shown: never credentials or a query string that might carry them. */
function shown(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

type Read = { ok: true; doc: unknown } | { ok: false; problem: string };

async function readReference(url: URL, user: string, key: string, timeoutMs: number): Promise<Read> {
  const where = `the partner's API reference at ${shown(url)}`;
  const fix = "set PARTNER_SWAGGER_URL to the address of the partner's OpenAPI (Swagger) JSON document";
  let res: Response;
  let body: Buffer | null;
  try {
    res = await fetch(url, {
      headers: {
        accept: 'application/json',
        authorization: `Basic ${Buffer.from(`${user}:${key}`, 'utf8').toString('base64')}`,
      },
      // The key is the password: it must not follow a redirect to another address.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      cache: 'no-store',
    });
    body = await readCappedBody(res.body, res.headers.get('content-length'), MAX_REFERENCE_BYTES);
  } catch (err) {
    const cause = (err as { cause?: { code?: string } } | undefined)?.cause?.code;
    const reason =
      (err as Error | undefined)?.name === 'TimeoutError'
        ? `no answer within ${Math.round(timeoutMs / 1000)} s`
        : (cause ?? 'unreachable');
    return { ok: false, problem: `${where} could not be read (${reason}): check PARTNER_SWAGGER_URL` };
  }
  if (res.status === 401 || res.status === 403) {
    return {
      ok: false,
      problem: `${where} refused user "${user}" with the API key as password (HTTP ${res.status}): check PARTNER_SWAGGER_USER and that the key is valid`,
    };
  }
  if (res.status >= 300 && res.status < 400) {
    return { ok: false, problem: `${where} redirects elsewhere (HTTP ${res.status}): ${fix}` };
  }
  if (!res.ok) return { ok: false, problem: `${where} answered HTTP ${res.status}: ${fix}` };
  if (body === null) return { ok: false, problem: `${where} is larger than 16 MB` };
  try {
    return { ok: true, doc: JSON.parse(body.toString('utf8')) as unknown };
  } catch {
    const type = res.headers.get('content-type')?.split(';')[0] ?? 'none';
    return { ok: false, problem: `${where} is not JSON (content type ${type}): ${fix}` };
  }
}

/** Reads the reference and compares every operation of the profile with it. */
export async function checkReference(run: CheckRun, settings: ReferenceSettings): Promise<ReferenceReport> {
  if (!settings.user) return { status: 'not-configured', operations: 0, mismatches: [] };
  const about = { url: shown(settings.url), user: settings.user };
  if (run.stopped) return { status: 'skipped', ...about, operations: 0, mismatches: [] };
  const timeoutMs = Math.max(run.config.timeoutMs, 10_000);
  const read = await readReference(settings.url, settings.user, run.config.key, timeoutMs);
  if (!read.ok) {
    run.problems.push(read.problem);
    return { status: 'unreadable', ...about, operations: 0, mismatches: [] };
  }
  const doc = parseReference(read.doc);
  if ('error' in doc) {
    run.problems.push(`the partner's API reference at ${about.url} ${doc.error}`);
    return { status: 'unreadable', ...about, operations: 0, mismatches: [] };
  }
  const mismatches = compareWithReference(doc, run.config.profile, run.config.baseUrl.pathname);
  for (const m of mismatches) (m.breaks ? run.problems : run.warnings).push(`${m.entry}: ${m.message}`);
  return {
    status: 'compared',
    ...about,
    version: doc.version,
    operations: OPERATION_NAMES.length,
    mismatches,
  };
}
