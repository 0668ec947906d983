/**
 * Makes everything the site server's process prints a line of the site's log (./logger.ts), so a
 * log pipeline that parses JSON lines never meets a fragment. Next.js prints through `console`
 * (its start-up notes, such as "✓ Running next.config.mjs took 40ms", and every render error with
 * its multi-line stack), and Node prints its process warnings on its own.
 *
 * A line keeps the message text and, for an error, its name, message and Next.js's `digest` (the
 * id the error page shows the guest), never the stack, and never the content of other objects
 * passed to console: those may hold a request body or a guest's details.
 */
import { format } from 'node:util';
import type { Level } from 'pino';
import { errorDigest, MAX_MESSAGE, serverLogger, type ErrorDigest } from './logger';

export type ConsoleMethod = 'debug' | 'log' | 'info' | 'warn' | 'error' | 'trace';

const CONSOLE_METHODS: readonly ConsoleMethod[] = ['debug', 'log', 'info', 'warn', 'error', 'trace'];

/** The log level of each console method, so these lines sort and filter with the site's own. */
const LEVELS: Record<ConsoleMethod, Level> = {
  trace: 'trace',
  debug: 'debug',
  log: 'info',
  info: 'info',
  warn: 'warn',
  error: 'error',
};

// Terminal colour codes (Next.js colours its notes when it thinks it writes to a terminal).
const ANSI = /\u001b\[[0-9;]*m/g;
/** The symbols Next.js puts before its notes: ✓ ready/event, ⨯ error, ⚠ warning, ▲ ○ ». */
const NEXT_PREFIX = /^\s*[✓⨯⚠▲○»]\s*/u;

/** The part of pino's logger these lines are written through. */
export type LineLogger = Record<Level, (fields: object, msg: string) => void>;

export interface ConsoleLine {
  level: Level;
  msg: string;
  fields: { source: 'console'; err?: ErrorDigest; omitted?: number };
}

function isErrorLike(value: unknown): value is Error & { digest?: unknown } {
  return (
    value instanceof Error ||
    (typeof value === 'object' && value !== null && 'message' in value && 'name' in value)
  );
}

/** The line a console call with `args` writes. */
export function consoleLine(method: ConsoleMethod, args: readonly unknown[]): ConsoleLine {
  const text: string[] = [];
  let err: ErrorDigest | undefined;
  let omitted = 0;
  for (const arg of args) {
    if (
      typeof arg === 'string' ||
      typeof arg === 'number' ||
      typeof arg === 'boolean' ||
      typeof arg === 'bigint'
    ) {
      text.push(String(arg));
    } else if (isErrorLike(arg)) {
      if (err === undefined) err = errorDigest(arg);
      else omitted += 1;
    } else if (arg !== undefined && arg !== null) {
      omitted += 1;
    }
  }
  // printf-style placeholders (`%s`) are filled from the other strings, as console would.
  const joined = text.length > 0 && /%[sdifjoOc%]/.test(text[0]!) ? format(...text) : text.join(' ');
  const msg = joined.replace(ANSI, '').replace(NEXT_PREFIX, '').trim().slice(0, MAX_MESSAGE);
  const fields: ConsoleLine['fields'] = { source: 'console' };
  if (err) fields.err = err;
  if (omitted > 0) fields.omitted = omitted;
  return { level: LEVELS[method], msg: msg || err?.message || '', fields };
}

/**
 * Replaces the console's printing methods so each call writes one line of the site's log, at the
 * method's level. Returns a function that puts the originals back.
 */
export function routeConsoleToLog(
  target: Console = console,
  logger: () => LineLogger = serverLogger,
): () => void {
  const originals = CONSOLE_METHODS.map((method) => [method, target[method]] as const);
  for (const method of CONSOLE_METHODS) {
    target[method] = (...args: unknown[]) => {
      const line = consoleLine(method, args);
      logger()[line.level](line.fields, line.msg);
    };
  }
  return () => {
    for (const [method, original] of originals) target[method] = original;
  };
}

/**
 * Node prints process warnings (deprecations, too many listeners) to stderr as plain text from
 * its own 'warning' listener; this puts a line of the site's log in its place. Returns a function
 * that puts Node's listeners back.
 */
export function routeProcessWarningsToLog(logger: () => LineLogger = serverLogger): () => void {
  const originals = process.listeners('warning');
  process.removeAllListeners('warning');
  const listener = (warning: Error & { code?: unknown }) => {
    logger().warn(
      {
        source: 'process',
        err: { name: warning.name, ...(typeof warning.code === 'string' ? { code: warning.code } : {}) },
      },
      warning.message.slice(0, MAX_MESSAGE),
    );
  };
  process.on('warning', listener);
  return () => {
    process.off('warning', listener);
    for (const original of originals) process.on('warning', original);
  };
}
