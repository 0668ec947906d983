/**
 * What every operation call goes through, in this order: method check (405), call counting,
 * authentication (401/403), the per-key rate limit (429), the configured latency, scripted
 * faults, and finally the handler, whose answer is cut to the documented fields in `seed`
 * mode. Handler errors become JSON ErrorBody answers; nothing else (no stack trace) ever
 * leaves.
 */
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import type { OperationName } from '@/lib/partner-api/operations';
import { authenticate } from './auth';
import { MALFORMED_VARIANTS, type FaultSpec } from './faults';
import { ApiError, RATE_LIMIT_BODY, errorBody, errorResponse, jsonResponse } from './http-errors';
import { parseLanguage, type Lang } from './i18n';
import type { RawInput } from './params';
import { DOCUMENTED_FIELDS, documentedResponse } from './response-fields';
import type { SandboxState } from './state';

export type Env = { Bindings: HttpBindings };

export interface OpContext {
  readonly c: Context<Env>;
  readonly state: SandboxState;
  readonly lang: Lang;
  readonly query: RawInput;
  /** The JSON body as an object ({} when empty); on GET it is read from the raw request. */
  body(): Promise<RawInput>;
}

export type Method = 'GET' | 'POST';

export interface OpDef {
  readonly methods: readonly Method[];
  readonly handler: (ctx: OpContext) => Response | Promise<Response>;
}

const MAX_BODY_BYTES = 1_000_000;

/** Resolves after `ms`, or at once when the sandbox shuts down. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Resolves when the client goes away or the sandbox closes: a "timeout" fault never answers. */
function untilClosed(c: Context<Env>, state: SandboxState): Promise<void> {
  return new Promise((resolve) => {
    if (state.shutdown.signal.aborted || c.req.raw.signal.aborted) return resolve();
    const done = () => {
      state.shutdown.signal.removeEventListener('abort', done);
      c.req.raw.signal.removeEventListener('abort', done);
      c.env?.outgoing?.off('close', done);
      resolve();
    };
    state.shutdown.signal.addEventListener('abort', done, { once: true });
    c.req.raw.signal.addEventListener('abort', done, { once: true });
    c.env?.outgoing?.once('close', done);
  });
}

async function readRawGetBody(c: Context<Env>): Promise<string> {
  const incoming = c.env?.incoming;
  const hasBody =
    Number(c.req.header('content-length') ?? 0) > 0 || c.req.header('transfer-encoding') !== undefined;
  if (!incoming || !hasBody) return '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new ApiError(413, 'Request body too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function bodyReader(c: Context<Env>): () => Promise<RawInput> {
  let cached: Promise<RawInput> | undefined;
  return () => {
    cached ??= (async () => {
      const text = c.req.method === 'GET' ? await readRawGetBody(c) : await c.req.text();
      if (text.length > MAX_BODY_BYTES) throw new ApiError(413, 'Request body too large');
      if (text.trim() === '') return {};
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new ApiError(400, 'The body is not valid JSON', { body: ['Malformed JSON'] });
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        throw new ApiError(400, 'The body must be a JSON object', { body: ['Expected a JSON object'] });
      }
      return parsed as RawInput;
    })();
    return cached;
  };
}

const WRONG_SHAPE =
  '{"houseId":"not-a-number","houseList":42,"houseCount":"many","transactionId":12345,"priceSpecifications":"none","unitId":null}';

function malformedResponse(spec: FaultSpec, use: number): Response {
  const variant = spec.variant ?? MALFORMED_VARIANTS[use % MALFORMED_VARIANTS.length];
  const json = { 'content-type': 'application/json; charset=utf-8' };
  switch (variant) {
    case 'truncated':
      return new Response('{"houseList":[{"houseId":1001,"name":"Bungalow Heide', {
        status: 200,
        headers: json,
      });
    case 'invalidJson':
      return new Response("{'status': ok, houseCount: 3,}", { status: 200, headers: json });
    case 'wrongShape':
      return new Response(WRONG_SHAPE, { status: 200, headers: json });
    default:
      return new Response('<html><body><h1>Service temporarily unavailable</h1></body></html>', {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
      });
  }
}

async function applyFault(
  spec: FaultSpec,
  use: number,
  ctx: OpContext,
  run: () => Promise<Response>,
): Promise<Response> {
  const { c, state } = ctx;
  const signal = state.shutdown.signal;
  const retryAfter: Record<string, string> = spec.retryAfter ? { 'retry-after': spec.retryAfter } : {};
  switch (spec.type) {
    case 'latency':
      await sleep(spec.latencyMs ?? 1000, signal);
      return run();
    case 'slowSuccess': {
      // The operation really happens (a finalize is recorded) before the slow answer.
      const response = await run();
      await sleep(spec.latencyMs ?? 1000, signal);
      return response;
    }
    case 'status': {
      const status = spec.status ?? 500;
      const body = status === 429 ? RATE_LIMIT_BODY : errorBody(status, 'Simulated failure');
      return jsonResponse(status, body, retryAfter);
    }
    case 'rateLimit':
      return jsonResponse(spec.bodyOnly ? 200 : 429, RATE_LIMIT_BODY, retryAfter);
    case 'redirect':
      return new Response(null, {
        status: 302,
        headers: { location: spec.location ?? `${state.publicUrl}/__sandbox/redirected` },
      });
    case 'malformed':
      return malformedResponse(spec, use);
    case 'reset':
      c.env?.incoming?.socket?.destroy();
      await untilClosed(c, state);
      return new Response(null, { status: 502 });
    case 'timeout':
      await untilClosed(c, state);
      return new Response(null, { status: 504 });
  }
}

export function operationRoute(state: SandboxState, op: OperationName, def: OpDef) {
  return async (c: Context<Env>): Promise<Response> => {
    state.stats.recordCall(op);
    // HEAD is answered like GET (Node drops the body), as HTTP servers usually do.
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    if (!(def.methods as readonly string[]).includes(method)) {
      return jsonResponse(405, errorBody(405, `Method ${c.req.method} is not allowed here`), {
        allow: def.methods.join(', '),
      });
    }
    const auth = authenticate(state.keys, c.req.header('x-security-key'), c.req.header('x-partner'));
    if (!auth.ok) return jsonResponse(auth.status, errorBody(auth.status, auth.message));
    const limit = state.limiter.hit(auth.key);
    if (!limit.allowed) {
      state.stats.recordRateLimited();
      return jsonResponse(429, RATE_LIMIT_BODY, { 'retry-after': String(limit.retryAfterSeconds) });
    }
    if (state.latencyMs > 0)
      await sleep(state.latencyMs * (0.75 + Math.random() * 0.5), state.shutdown.signal);
    const ctx: OpContext = {
      c,
      state,
      lang: parseLanguage(c.req.header('language')),
      query: c.req.query(),
      body: bodyReader(c),
    };
    const run = async () => {
      try {
        const response = await def.handler(ctx);
        // The mode is read per call, so a test can switch it between calls.
        return state.fieldMode === 'seed'
          ? await documentedResponse(response, DOCUMENTED_FIELDS[op])
          : response;
      } catch (err) {
        if (err instanceof ApiError) return errorResponse(err);
        // Logged for whoever runs the sandbox; the client only ever sees a generic body.
        console.error('[sandbox] handler failed:', err);
        return jsonResponse(500, errorBody(500, 'Internal error'));
      }
    };
    const fault = state.faults.take(op);
    return fault ? applyFault(fault.spec, fault.use, ctx, run) : run();
  };
}
