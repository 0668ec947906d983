/**
 * Makes everything the site server's process prints one JSON line, like the site's own log
 * (pino), so a log pipeline that parses JSON lines never meets a fragment. Next.js prints through
 * `console` (its start-up notes, such as "✓ Running next.config.mjs took 40ms", and every render
 * error with its multi-line stack), and Node prints its process warnings on its own.
 *
 * A line keeps the message text and, for an error, its name, message and Next.js's `digest` (the
 * id the error page shows the guest), never the stack, and never the content of other objects
 * passed to console: those may hold a request body or a guest's details.
 */
import { format } from 'node:util';

export type ConsoleMethod = 'debug' | 'log' | 'info' | 'warn' | 'error' | 'trace';

/** pino's numeric levels, so these lines sort and filter with the site's own. */
const LEVELS: Record<ConsoleMethod, number> = {
  trace: 10,
  debug: 20,
  log: 30,
  info: 30,
  warn: 40,
  error: 50,
};

const MAX_MESSAGE = 2000;

// Terminal colour codes (Next.js colours its notes when it thinks it writes to a terminal).
const ANSI = /\u001b\[[0-9;]*m/g;
/** The symbols Next.js puts before its notes: ✓ ready/event, ⨯ error, ⚠ warning, ▲ ○ ». */
const NEXT_PREFIX = /^\s*[✓⨯⚠▲○»]\s*/u;

export interface ErrorDigest {
  name: string;
  message: string;
  digest?: string;
}

function isErrorLike(value: unknown): value is Error & { digest?: unknown } {
  return (
    value instanceof Error ||
    (typeof value === 'object' && value !== null && 'message' in value && 'name' in value)
  );
}

function digestOf(err: Error & { digest?: unknown }): ErrorDigest {
  const out: ErrorDigest = { name: String(err.name), message: String(err.message).slice(0, MAX_MESSAGE) };
  if (typeof err.digest === 'string') out.digest = err.digest;
  return out;
}

/** One JSON line (without its newline) for a console call with `args`. */
export function formatConsoleLine(method: ConsoleMethod, args: readonly unknown[], now = Date.now()): string {
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
      if (err === undefined) err = digestOf(arg);
      else omitted += 1;
    } else if (arg !== undefined && arg !== null) {
      omitted += 1;
    }
  }
  // printf-style placeholders (`%s`) are filled from the other strings, as console would.
  const joined = text.length > 0 && /%[sdifjoOc%]/.test(text[0]!) ? format(...text) : text.join(' ');
  const msg = joined.replace(ANSI, '').replace(NEXT_PREFIX, '').trim().slice(0, MAX_MESSAGE);
  const line: Record<string, unknown> = {
    level: LEVELS[method],
    time: now,
    source: 'console',
    msg: msg || err?.message || '',
  };
  if (err) line.err = err;
  if (omitted > 0) line.omitted = omitted;
  return JSON.stringify(line);
}

export interface LineSink {
  write(line: string): unknown;
}

/**
 * Replaces the console's printing methods so each call writes one JSON line: info and below to
 * `out`, warnings and errors to `err`. Returns a function that puts the originals back.
 */
export function routeConsoleToJson(
  target: Console = console,
  sinks: { out: LineSink; err: LineSink } = { out: process.stdout, err: process.stderr },
): () => void {
  const methods: ConsoleMethod[] = ['debug', 'log', 'info', 'warn', 'error', 'trace'];
  const originals = methods.map((method) => [method, target[method]] as const);
  for (const method of methods) {
    const sink = LEVELS[method] >= LEVELS.warn ? sinks.err : sinks.out;
    target[method] = (...args: unknown[]) => {
      sink.write(`${formatConsoleLine(method, args)}\n`);
    };
  }
  return () => {
    for (const [method, original] of originals) target[method] = original;
  };
}

/**
 * Node prints process warnings (deprecations, too many listeners) to stderr as plain text from
 * its own 'warning' listener; this puts a JSON one in its place.
 */
export function routeProcessWarningsToJson(sink: LineSink = process.stderr): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning: Error & { code?: unknown }) => {
    const line = {
      level: LEVELS.warn,
      time: Date.now(),
      source: 'process',
      msg: warning.message.slice(0, MAX_MESSAGE),
      err: { name: warning.name, ...(typeof warning.code === 'string' ? { code: warning.code } : {}) },
    };
    sink.write(`${JSON.stringify(line)}\n`);
  });
}
