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
import { getSiteEnv } from '@/lib/env';
import { getLogger, lineFormat } from '@/lib/log';

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

let exitLines: Logger | undefined;

/**
 * The logger for the lines this server writes just before it exits: a configuration it cannot
 * run with, a start that failed, an uncaught exception. The site's logger hands its lines to
 * stdout in the background, and a process that exits straight after could lose them or write
 * them out of order; this one has written each line when it returns. Its level is the site's
 * (info while the configuration is wrong, when the site's logger cannot be made either).
 */
export function exitLogger(): Logger {
  if (!exitLines) {
    let level = 'info';
    try {
      level = getSiteEnv().LOG_LEVEL;
    } catch (err) {
      if (!(err instanceof ConfigurationError)) throw err;
    }
    exitLines = serverLines(pino(lineFormat(level), pino.destination({ dest: 1, sync: true })));
  }
  return exitLines;
}

/** The logger this server writes through (asked for per line: the .env files may load first). */
export function serverLogger(): Logger {
  try {
    return serverLines(getLogger());
  } catch (err) {
    if (!(err instanceof ConfigurationError)) throw err;
    return exitLogger();
  }
}
