import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '@/lib/log';
import { routeConsoleToLog, routeProcessWarningsToLog } from './console';
import { serverLines } from './logger';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The site's own logger (lib/log.ts) writing into a list, at its most verbose level, as this
 * server writes through it, and a console-shaped object whose methods write through that.
 */
function capture() {
  const lines: string[] = [];
  const logger = serverLines(createLogger({ write: (line: string) => void lines.push(line) }));
  logger.level = 'trace';
  const target = { ...console } as Console;
  const restore = routeConsoleToLog(target, () => logger);
  const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { target, lines, parsed, restore, logger };
}

function renderError(): Error & { digest: string } {
  const error = new Error('Cannot read properties of undefined (reading "name")') as Error & {
    digest: string;
  };
  error.digest = '2718281828';
  return error;
}

const restores: Array<() => void> = [];
afterEach(() => {
  for (const restore of restores.splice(0)) restore();
});

describe('console output of the site server', () => {
  it('turns Next.js’s start-up note into one line of the site log without its symbol or colours', () => {
    const { target, parsed, restore } = capture();
    restores.push(restore);
    target.log(' \u001b[32m\u001b[1m✓\u001b[22m\u001b[39m Running next.config.mjs took 41ms');
    expect(parsed()).toEqual([
      {
        level: 30,
        time: expect.stringMatching(ISO_TIME),
        app: 'partner-booking-site',
        source: 'console',
        msg: 'Running next.config.mjs took 41ms',
      },
    ]);
  });

  it('writes an error as its name, message and digest: one line, no stack', () => {
    const { target, lines, parsed, restore } = capture();
    restores.push(restore);
    target.error('⨯', renderError());
    expect(lines).toHaveLength(1);
    const text = lines[0]!;
    expect(text.trimEnd()).not.toContain('\n');
    expect(text).not.toMatch(/at .*console/);
    const line = parsed()[0]!;
    expect(line).toMatchObject({
      level: 50,
      err: {
        name: 'Error',
        message: 'Cannot read properties of undefined (reading "name")',
        digest: '2718281828',
      },
    });
    expect(line).not.toHaveProperty('stack');
    expect(line.err).toEqual({
      name: 'Error',
      message: 'Cannot read properties of undefined (reading "name")',
      digest: '2718281828',
    });
    expect(JSON.stringify(line)).not.toContain(renderError().stack!.split('\n')[1]!.trim());
  });

  it('never writes the content of other objects passed to console (a body, a guest)', () => {
    const { target, parsed, restore } = capture();
    restores.push(restore);
    const guest = { firstName: 'Anna', email: 'anna@example.com' };
    target.warn('unexpected body', guest, { body: 'secret' });
    const [line] = parsed();
    expect(line).toEqual({
      level: 40,
      time: expect.stringMatching(ISO_TIME),
      app: 'partner-booking-site',
      source: 'console',
      msg: 'unexpected body',
      omitted: 2,
    });
    expect(JSON.stringify(line)).not.toMatch(/Anna|example\.com|secret/);
  });

  it('fills printf-style placeholders from the other strings', () => {
    const { target, parsed, restore } = capture();
    restores.push(restore);
    target.info('%s of %s', 'one', 'two');
    expect(parsed()[0]!.msg).toBe('one of two');
  });

  it('routes every console method to one line of the site log per call, at the method’s level', () => {
    const { target, lines, parsed, restore } = capture();
    target.log('a\nb');
    target.info('ready');
    target.debug('detail');
    target.warn('careful');
    target.error(renderError());
    target.trace('where');
    restore();
    for (const line of lines) {
      expect(line.endsWith('\n')).toBe(true);
      expect(line.slice(0, -1)).not.toContain('\n');
      expect(() => JSON.parse(line)).not.toThrow();
    }
    expect(parsed().map((l) => l.msg)).toEqual([
      'a\nb',
      'ready',
      'detail',
      'careful',
      'Cannot read properties of undefined (reading "name")',
      'where',
    ]);
    expect(parsed().map((l) => l.level)).toEqual([30, 30, 20, 40, 50, 10]);
    expect(target.log).toBe(console.log);
  });

  it('leaves out the lines below the site’s log level, as the site’s own lines are', () => {
    const { target, parsed, restore, logger } = capture();
    restores.push(restore);
    logger.level = 'warn';
    target.info('ready');
    target.warn('careful');
    expect(parsed().map((l) => l.msg)).toEqual(['careful']);
  });

  it('writes a process warning as one line of the site log with its name and code, and puts Node’s listeners back', async () => {
    const { lines, logger } = capture();
    const before = process.listeners('warning');
    const restore = routeProcessWarningsToLog(() => logger);
    try {
      process.emitWarning('too many listeners', { type: 'MaxListenersExceededWarning', code: 'PBS_TEST' });
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      restore();
    }
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      {
        level: 40,
        time: expect.stringMatching(ISO_TIME),
        app: 'partner-booking-site',
        source: 'process',
        err: { name: 'MaxListenersExceededWarning', code: 'PBS_TEST' },
        msg: 'too many listeners',
      },
    ]);
    expect(process.listeners('warning')).toEqual(before);
  });
});
