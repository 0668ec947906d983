/**
 * startSandbox: the in-process entry point used by the CLI and by every test suite of the
 * project. Each call gets its own catalogue, counters, faults and reservations.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { preferenceModeFromEnv, type PreferenceMode } from './preference-rules';
import { fieldModeFromEnv, type FieldMode } from './response-fields';
import { SandboxState } from './state';

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: '127.0.0.1';
  seed?: number;
  /** Base latency of every operation, with ±25 % jitter. */
  latencyMs?: number;
  rateLimitPerMin?: number;
  now?: () => number;
  /** Base of absolute URLs (pictures, payment page); default http://127.0.0.1:{port}. */
  publicUrl?: string;
  /** "partner:key,partner:key"; default SANDBOX_EXTRA_KEYS from the environment. */
  extraKeys?: string;
  /** `full` or `seed` (only documented response fields); default SANDBOX_FIELDS, else `full`. */
  fields?: FieldMode;
  /**
   * `enforced` (refuse units that lack a chosen preference or the pets) or `advisory` (accept
   * them, as the partner documents); default SANDBOX_PREFERENCES, else `enforced`.
   */
  preferences?: PreferenceMode;
  /** User name for the OpenAPI document's Basic auth; default SANDBOX_OPENAPI_USER, else `bngapi`. */
  openApiUser?: string;
}

export interface SandboxHandle {
  url: string;
  port: number;
  close(): Promise<void>;
}

export const DEFAULT_SEED = 42;
export const DEFAULT_RATE_LIMIT_PER_MIN = 100;
/** The partner gives every partner the same fixed user name for its API reference. */
export const DEFAULT_OPENAPI_USER = 'bngapi';

export async function startSandbox(opts: SandboxOptions = {}): Promise<SandboxHandle> {
  const host = opts.host ?? '127.0.0.1';
  const state = new SandboxState({
    seed: opts.seed ?? DEFAULT_SEED,
    latencyMs: opts.latencyMs ?? 0,
    rateLimitPerMin: opts.rateLimitPerMin ?? DEFAULT_RATE_LIMIT_PER_MIN,
    now: opts.now ?? Date.now,
    extraKeys: opts.extraKeys ?? process.env.SANDBOX_EXTRA_KEYS,
    // Read here, not only in the CLI, so in-process test suites follow SANDBOX_FIELDS and
    // SANDBOX_PREFERENCES too.
    fieldMode: opts.fields ?? fieldModeFromEnv(process.env.SANDBOX_FIELDS),
    preferenceMode: opts.preferences ?? preferenceModeFromEnv(process.env.SANDBOX_PREFERENCES),
    openApiUser: opts.openApiUser ?? (process.env.SANDBOX_OPENAPI_USER || DEFAULT_OPENAPI_USER),
  });
  const app = createApp(state);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: opts.port ?? 0, hostname: host }, () => resolve(s as Server));
    s.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;
  state.publicUrl = (opts.publicUrl ?? url).replace(/\/+$/, '');
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        state.shutdown.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
