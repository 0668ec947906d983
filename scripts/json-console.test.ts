import { describe, expect, it } from 'vitest';
import { formatConsoleLine, routeConsoleToJson } from './json-console';

/** A console-shaped object whose methods the test can replace, and the lines written per stream. */
function capture() {
  const out: string[] = [];
  const err: string[] = [];
  const target = { ...console } as Console;
  const restore = routeConsoleToJson(target, {
    out: { write: (line: string) => out.push(line) },
    err: { write: (line: string) => err.push(line) },
  });
  return { target, out, err, restore };
}

function renderError(): Error & { digest: string } {
  const error = new Error('Cannot read properties of undefined (reading "name")') as Error & {
    digest: string;
  };
  error.digest = '2718281828';
  return error;
}

describe('console output of the site server', () => {
  it('turns Next.js’s start-up note into one JSON line without its symbol or colours', () => {
    const line = JSON.parse(
      formatConsoleLine(
        'log',
        [' \u001b[32m\u001b[1m✓\u001b[22m\u001b[39m Running next.config.mjs took 41ms'],
        5,
      ),
    );
    expect(line).toEqual({ level: 30, time: 5, source: 'console', msg: 'Running next.config.mjs took 41ms' });
  });

  it('writes an error as its name, message and digest: one line, no stack', () => {
    const text = formatConsoleLine('error', ['⨯', renderError()]);
    expect(text).not.toContain('\n');
    expect(text).not.toMatch(/at .*json-console/);
    const line = JSON.parse(text) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 50,
      err: {
        name: 'Error',
        message: 'Cannot read properties of undefined (reading "name")',
        digest: '2718281828',
      },
    });
    expect(line).not.toHaveProperty('stack');
    expect(JSON.stringify(line)).not.toContain(renderError().stack!.split('\n')[1]!.trim());
  });

  it('never writes the content of other objects passed to console (a body, a guest)', () => {
    const guest = { firstName: 'Anna', email: 'anna@example.com' };
    const line = JSON.parse(formatConsoleLine('warn', ['unexpected body', guest, { body: 'secret' }]));
    expect(line).toEqual({
      level: 40,
      time: expect.any(Number),
      source: 'console',
      msg: 'unexpected body',
      omitted: 2,
    });
    expect(JSON.stringify(line)).not.toMatch(/Anna|example\.com|secret/);
  });

  it('fills printf-style placeholders from the other strings', () => {
    expect(JSON.parse(formatConsoleLine('info', ['%s of %s', 'one', 'two'])).msg).toBe('one of two');
  });

  it('routes every console method to one JSON line per call: info to stdout, warnings and errors to stderr', () => {
    const { target, out, err, restore } = capture();
    target.log('a\nb');
    target.info('ready');
    target.debug('detail');
    target.warn('careful');
    target.error(renderError());
    target.trace('where');
    restore();
    for (const line of [...out, ...err]) {
      expect(line.endsWith('\n')).toBe(true);
      expect(line.slice(0, -1)).not.toContain('\n');
      expect(() => JSON.parse(line)).not.toThrow();
    }
    expect(out.map((l) => JSON.parse(l).msg)).toEqual(['a\nb', 'ready', 'detail', 'where']);
    expect(err.map((l) => JSON.parse(l).level)).toEqual([40, 50]);
    expect(target.log).toBe(console.log);
  });
});
