/** `npm run sandbox`: the sandbox as a standalone process, configured by environment variables. */
import { preferenceModeFromEnv } from './preference-rules';
import { fieldModeFromEnv } from './response-fields';
import { DEFAULT_RATE_LIMIT_PER_MIN, DEFAULT_SEED, startSandbox } from './server';

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`[sandbox] ${name} must be a non-negative integer, got "${raw}"`);
    process.exit(1);
  }
  return value;
}

/** A mode read from the environment, or one error line and exit 1 when the value is not a mode. */
function modeOrExit<M>(read: (raw: string | undefined) => M, name: string): M {
  try {
    return read(process.env[name]);
  } catch (err) {
    console.error(`[sandbox] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const host = process.env.SANDBOX_HOST ?? '127.0.0.1';
  // Loopback only: the sandbox has open hooks and well-known keys.
  if (host !== '127.0.0.1') {
    console.error('[sandbox] SANDBOX_HOST must be 127.0.0.1');
    process.exit(1);
  }
  const port = intFromEnv('SANDBOX_PORT', 4010);
  const fields = modeOrExit(fieldModeFromEnv, 'SANDBOX_FIELDS');
  const preferences = modeOrExit(preferenceModeFromEnv, 'SANDBOX_PREFERENCES');
  const sandbox = await startSandbox({
    port,
    host,
    seed: intFromEnv('SANDBOX_SEED', DEFAULT_SEED),
    latencyMs: intFromEnv('SANDBOX_LATENCY_MS', 0),
    rateLimitPerMin: intFromEnv('SANDBOX_RATE_LIMIT_PER_MIN', DEFAULT_RATE_LIMIT_PER_MIN),
    fields,
    preferences,
    ...(process.env.SANDBOX_PUBLIC_URL ? { publicUrl: process.env.SANDBOX_PUBLIC_URL } : {}),
  });
  console.log(
    `[sandbox] partner API sandbox listening on ${sandbox.url} (response fields: ${fields}, preferences: ${preferences})`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[sandbox] ${signal} received, shutting down`);
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error('[sandbox] failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
