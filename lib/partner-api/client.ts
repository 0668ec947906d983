import 'server-only';
import type { z } from 'zod';
import { readCappedBody } from '@/lib/capped-body';
import { getPartnerConfig, type PartnerConfig } from './config';
import { isPartnerError, PartnerError } from './errors';
import type { OperationName } from './operations';
import { OPERATION_FIELDS } from './profile-fields';
import { fromPartnerAnswer, toPartnerFields, toQueryPairs } from './profile-wire';
import type { PartnerLanguage } from './schemas';

/**
 * The one checked fetch to the partner: fixed origin and path prefix, the key headers, a
 * timeout, no redirects, the status checked before parsing, the body parsed with zod.
 * Failures become a PartnerError; partner bodies are never passed on or kept.
 *
 * Requests are given under our names (those of ./schemas.ts) with calendar dates; the partner
 * profile (config.profile) decides the method, the path, the partner's names and date format on
 * the way out, and renames the answer's fields to ours before the schema reads it.
 */

const MAX_BODY_BYTES = 8 * 1024 * 1024;

export interface PartnerRequest {
  pathParams?: Record<string, string | number>;
  /** A read's parameters, under our names. */
  query?: Record<string, string | number | boolean | undefined | null>;
  /** The model of a quote or a booking step, under our names. */
  body?: unknown;
  language?: PartnerLanguage;
  signal?: AbortSignal;
}

/**
 * The operation's fields under the partner's names: a read's parameters or a model, whichever
 * the request carries, named by the profile's map for the operation. The method decides where
 * they go: GET in the query string, POST in a JSON body.
 */
function partnerFields(config: PartnerConfig, op: OperationName, req: PartnerRequest): unknown {
  return toPartnerFields(config.profile.operations[op], OPERATION_FIELDS[op].part, req.body ?? req.query);
}

/**
 * Builds the outbound URL; ids are validated and encoded, and the result must stay on the
 * partner's origin. A GET carries the operation's fields in its query string.
 */
export function buildPartnerUrl(config: PartnerConfig, op: OperationName, req: PartnerRequest): URL {
  const settings = config.profile.operations[op];
  const path = settings.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = req.pathParams?.[name];
    if (value === undefined || !/^[A-Za-z0-9_-]{1,64}$/.test(String(value))) {
      throw new PartnerError('invalid_input', `Invalid path parameter ${name}`, { notSent: true });
    }
    return encodeURIComponent(String(value));
  });
  const base = config.baseUrl;
  const url = new URL(base.pathname.replace(/\/$/, '') + path, base.origin);
  if (settings.method === 'GET') {
    for (const [name, value] of toQueryPairs(partnerFields(config, op, req)))
      url.searchParams.set(name, value);
  }
  if (url.origin !== base.origin) {
    throw new PartnerError('invalid_input', 'Outbound URL left the partner origin', { notSent: true });
  }
  return url;
}

function parseRetryAfter(header: string | null, nowMs: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(Math.ceil(seconds), 3600);
  const at = Date.parse(header);
  if (Number.isFinite(at)) return Math.min(Math.max(0, Math.ceil((at - nowMs) / 1000)), 3600);
  return undefined;
}

async function readBody(res: Response): Promise<string> {
  const body = await readCappedBody(res.body, res.headers.get('content-length'), MAX_BODY_BYTES);
  if (body === null) throw new PartnerError('bad_gateway', 'Partner body too large');
  return body.toString('utf8');
}

/** The JSON body of a POST: the operation's fields under the partner's names; a GET has none. */
function requestBody(config: PartnerConfig, op: OperationName, req: PartnerRequest): string | undefined {
  if (config.profile.operations[op].method !== 'POST') return undefined;
  return JSON.stringify(partnerFields(config, op, req));
}

function errorForStatus(res: Response, bodyText: string, op: OperationName): PartnerError {
  const status = res.status;
  const opts = { upstreamStatus: status };
  if (status === 429) {
    return new PartnerError('rate_limited', `Partner rate limit on ${op}`, {
      ...opts,
      retryAfterSeconds: parseRetryAfter(res.headers.get('retry-after'), Date.now()),
    });
  }
  if (status === 400 || status === 422) {
    return new PartnerError('invalid_input', `Partner rejected ${op}`, {
      ...opts,
      fields: fieldNames(bodyText),
    });
  }
  if (status === 401) return new PartnerError('unauthorized', `Partner refused the key on ${op}`, opts);
  if (status === 403) return new PartnerError('forbidden', `Partner forbade ${op}`, opts);
  if (status === 404 || status === 410)
    return new PartnerError('not_found', `Partner found nothing for ${op}`, opts);
  if (status === 409) return new PartnerError('conflict', `Partner conflict on ${op}`, opts);
  if (status === 502 || status === 503 || status === 504 || status === 500) {
    return new PartnerError('unavailable', `Partner unavailable on ${op}`, opts);
  }
  return new PartnerError('bad_gateway', `Unexpected partner status on ${op}`, opts);
}

/** Names (never values) of the fields a 400 body complains about. */
function fieldNames(bodyText: string): string[] | undefined {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (
      body &&
      typeof body === 'object' &&
      'errors' in body &&
      body.errors &&
      typeof body.errors === 'object'
    ) {
      return Object.keys(body.errors)
        .filter((k) => /^[A-Za-z0-9_.[\]]{1,60}$/.test(k))
        .slice(0, 30);
    }
  } catch {
    // Not JSON: no field names to report.
  }
  return undefined;
}

/** JSON, or no declared type (then the body must parse); an HTML or text page is never data. */
function isJsonMediaType(header: string | null): boolean {
  if (header === null || header.trim() === '') return true;
  const type = header.split(';')[0]!.trim().toLowerCase();
  return (
    type === 'application/json' || type === 'text/json' || /^application\/[a-z0-9.+-]*\+json$/.test(type)
  );
}

function isRateLimitBody(body: unknown): boolean {
  return !!body && typeof body === 'object' && 'code' in body && Number(body.code) === 429;
}

function networkError(err: unknown, op: OperationName, signal: AbortSignal): PartnerError {
  if (isPartnerError(err)) return err;
  if (signal.aborted) return new PartnerError('timeout', `Partner timed out on ${op}`, { cause: err });
  const cause = (err as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  const message = `${cause?.message ?? ''} ${(err as Error | undefined)?.message ?? ''}`;
  if (/redirect/i.test(message)) return new PartnerError('bad_gateway', `Partner redirected ${op}`);
  if (cause?.code === 'ECONNREFUSED') {
    return new PartnerError('unavailable', `Partner refused the connection on ${op}`, { notSent: true });
  }
  return new PartnerError('unavailable', `Partner unreachable on ${op}`);
}

export async function partnerFetch<S extends z.ZodType>(
  op: OperationName,
  schema: S,
  req: PartnerRequest = {},
  config: PartnerConfig = getPartnerConfig(),
): Promise<z.output<S>> {
  const url = buildPartnerUrl(config, op, req);
  const method = config.profile.operations[op].method;
  const body = requestBody(config, op, req);
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-security-key': config.key,
    'x-partner': config.partnerId,
    language: req.language ?? 'NL',
  };
  if (body !== undefined) headers['content-type'] = 'application/json';

  let text: string;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body,
      redirect: 'error',
      signal,
      cache: 'no-store',
    });
    text = await readBody(res);
  } catch (err) {
    throw networkError(err, op, signal);
  }

  if (!res.ok) throw errorForStatus(res, text, op);
  if (!isJsonMediaType(res.headers.get('content-type'))) {
    throw new PartnerError('bad_gateway', `Partner answered ${op} with a content type other than JSON`, {
      upstreamStatus: res.status,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new PartnerError('bad_gateway', `Partner sent malformed JSON on ${op}`, {
      upstreamStatus: res.status,
    });
  }
  if (isRateLimitBody(json)) {
    throw new PartnerError('rate_limited', `Partner rate limit (body) on ${op}`, {
      upstreamStatus: res.status,
      retryAfterSeconds: parseRetryAfter(res.headers.get('retry-after'), Date.now()),
    });
  }
  const parsed = schema.safeParse(fromPartnerAnswer(config.profile.operations[op], json));
  if (!parsed.success) {
    throw new PartnerError('bad_gateway', `Partner answer of unexpected shape on ${op}`, {
      upstreamStatus: res.status,
      fields: parsed.error.issues.slice(0, 5).map((i) => i.path.join('.')),
    });
  }
  return parsed.data;
}
