/**
 * The log of the site server's process. Every line goes through the site's own logger
 * (lib/log.ts, pino), the one pages and route handlers write through: one format, one stream
 * (stdout) and one level setting (LOG_LEVEL) for all of them.
 *
 * A line of this server says only what it means to: the lines are made with `err` already cut to
 * what may be told (a name, a message, Next.js's digest), which pino's own error serializer would
 * widen again with the stack, so this server's lines keep `err` as given.
 */
import pino, { type Logger } from 'pino';
import { ConfigurationError } from '@/lib/env-schema';
import { getLogger, REDACT_PATHS } from '@/lib/log';

/** What a line of this server says about an error. */
export interface ErrorDigest {
  name: string;
  message: string;
  digest?: string;
}

/** Longest message a line carries: a render error's message can hold a whole document. */
export const MAX_MESSAGE = 2000;

/** An error's name, message and (from Next.js) digest; never its stack or any other field. */
export function errorDigest(err: Error & { digest?: unknown }): ErrorDigest {
  const out: ErrorDigest = { name: String(err.name), message: String(err.message).slice(0, MAX_MESSAGE) };
  if (typeof err.digest === 'string') out.digest = err.digest;
  return out;
}

/** An unknown thrown value as a line tells it: only an Error says more than that it happened. */
export function failureOf(err: unknown): ErrorDigest | 'unknown' {
  return err instanceof Error ? { name: err.name, message: err.message } : 'unknown';
}

const asGiven = (value: unknown) => value;
const serverChildren = new WeakMap<Logger, Logger>();

/** `logger` as this server writes through it: with `err` kept as the line gives it. */
export function serverLines(logger: Logger): Logger {
  let child = serverChildren.get(logger);
  if (!child) {
    child = logger.child({}, { serializers: { err: asGiven } });
    serverChildren.set(logger, child);
  }
  return child;
}

let startupLogger: Logger | undefined;

/**
 * The site's logger reads its level from the site's configuration, so it cannot be made while
 * that configuration is wrong, which is just when this server has problems to tell before it
 * exits. Until then this one stands in: the site logger's line format at level info.
 */
function configurationFailureLogger(): Logger {
  startupLogger ??= pino({
    level: 'info',
    base: { app: 'partner-booking-site' },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
  return startupLogger;
}

/** The logger this server writes through (asked for per line: the .env files may load first). */
export function serverLogger(): Logger {
  let site: Logger;
  try {
    site = getLogger();
  } catch (err) {
    if (!(err instanceof ConfigurationError)) throw err;
    site = configurationFailureLogger();
  }
  return serverLines(site);
}
