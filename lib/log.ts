import 'server-only';
import pino, { type Logger } from 'pino';
import { getSiteEnv } from './env';
import { processSingleton, replaceProcessSingleton } from './process-singleton';

/**
 * Structured JSON logs. Key headers and guest personal data are redacted by path; beyond that,
 * code logs ids and codes only, never request bodies.
 */
export const REDACT_PATHS = [
  'key',
  'apiKey',
  'headers["x-security-key"]',
  'headers["x-partner"]',
  'headers.authorization',
  'headers.cookie',
  'req.headers["x-security-key"]',
  'req.headers["x-partner"]',
  'req.headers.cookie',
  'req.headers.authorization',
  '*.firstName',
  '*.firstname',
  '*.insertion',
  '*.lastName',
  '*.street',
  '*.address',
  '*.houseNumber',
  '*.houseNr',
  '*.postcode',
  '*.zipCode',
  '*.city',
  '*.email',
  '*.phone',
  '*.phoneNumber',
  '*.mobile',
  '*.mobilePhone',
  'guest',
  'body',
];

/** The site's line format, writing the lines at `level` and above. */
export function lineFormat(level: string): pino.LoggerOptions {
  return {
    level,
    base: { app: 'partner-booking-site' },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
}

export function createLogger(destination?: pino.DestinationStream): Logger {
  const options = lineFormat(getSiteEnv().LOG_LEVEL);
  return destination ? pino(options, destination) : pino(options);
}

const LOGGER = 'logger';

/** The process's logger: every copy of this module Next.js bundles apart writes through the same one. */
export function getLogger(): Logger {
  return processSingleton(LOGGER, () => createLogger());
}

/**
 * Puts `logger` in place of the process's, or with undefined drops it: the next line makes one
 * from the environment. For tests that read what the site writes.
 */
export function replaceLogger(logger: Logger | undefined): void {
  replaceProcessSingleton(LOGGER, logger);
}

/**
 * Refused partner calls, summarised. Under a flood every refused request (quota spent, calls
 * paused, circuit open) would otherwise write its own warning: tens of thousands of identical
 * lines that bury everything else and cost disk and ingestion. Instead each refusal is counted
 * by handler and reason, and once per interval one line gives the counts. The interval starts
 * with the first refusal after a quiet one, so a lone refusal is still reported within it.
 */
export const REFUSAL_SUMMARY_INTERVAL_MS = 10_000;

export interface RefusalSummary {
  note(context: string, reason: string): void;
  /** Writes the pending counts now (also what the interval's timer does). */
  flush(): void;
}

export function createRefusalSummary(options: {
  logger: () => { warn(fields: Record<string, unknown>, message: string): void };
  intervalMs?: number;
}): RefusalSummary {
  const intervalMs = options.intervalMs ?? REFUSAL_SUMMARY_INTERVAL_MS;
  const counts = new Map<string, { context: string; reason: string; count: number }>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (counts.size === 0) return;
    const refusals = [...counts.values()].sort((a, b) => b.count - a.count);
    counts.clear();
    const total = refusals.reduce((sum, r) => sum + r.count, 0);
    options.logger().warn({ event: 'partner.refused', intervalMs, total, refusals }, 'partner calls refused');
  }

  return {
    note(context, reason) {
      const key = `${context}\u0000${reason}`;
      const entry = counts.get(key);
      if (entry) entry.count += 1;
      else counts.set(key, { context, reason, count: 1 });
      if (timer === undefined) {
        timer = setTimeout(flush, intervalMs);
        // A pending summary must not keep a stopping process alive.
        timer.unref?.();
      }
    },
    flush,
  };
}

/** The process's one summary: pages and route handlers load separate copies of this module. */
export function getRefusalSummary(): RefusalSummary {
  return processSingleton('refusal-summary', () => createRefusalSummary({ logger: getLogger }));
}
