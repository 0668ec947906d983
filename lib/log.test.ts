import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotAdmittedError } from '@/lib/upstream/refusal';
import { UpstreamError } from '@/lib/upstream/errors';
import {
  createLogger,
  createRefusalSummary,
  getRefusalSummary,
  REFUSAL_SUMMARY_INTERVAL_MS,
  replaceLogger,
} from './log';

afterEach(() => {
  vi.useRealTimers();
});

function fakeLogger() {
  const lines: Array<{ fields: Record<string, unknown>; message: string }> = [];
  return {
    lines,
    logger: () => ({
      warn: (fields: Record<string, unknown>, message: string) => lines.push({ fields, message }),
    }),
  };
}

describe('refused partner calls in the log', () => {
  it('writes one line per interval with the count per handler and reason, however many refusals', () => {
    vi.useFakeTimers();
    const { lines, logger } = fakeLogger();
    const summary = createRefusalSummary({ logger, intervalMs: 10_000 });
    for (let i = 0; i < 18_000; i += 1) summary.note('api.search', 'quota_exhausted');
    for (let i = 0; i < 600; i += 1) summary.note('api.houses.price', 'quota_exhausted');
    for (let i = 0; i < 43; i += 1) summary.note('api.search', 'unavailable');
    expect(lines).toEqual([]);
    vi.advanceTimersByTime(9_999);
    expect(lines).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(lines).toEqual([
      {
        message: 'partner calls refused',
        fields: {
          event: 'partner.refused',
          intervalMs: 10_000,
          total: 18_643,
          refusals: [
            { context: 'api.search', reason: 'quota_exhausted', count: 18_000 },
            { context: 'api.houses.price', reason: 'quota_exhausted', count: 600 },
            { context: 'api.search', reason: 'unavailable', count: 43 },
          ],
        },
      },
    ]);
  });

  it('starts counting afresh after a summary, and writes nothing for a quiet interval', () => {
    vi.useFakeTimers();
    const { lines, logger } = fakeLogger();
    const summary = createRefusalSummary({ logger, intervalMs: 10_000 });
    summary.note('api.search', 'rate_limited');
    vi.advanceTimersByTime(10_000);
    vi.advanceTimersByTime(60_000);
    expect(lines).toHaveLength(1);
    summary.note('api.search', 'rate_limited');
    summary.note('api.search', 'rate_limited');
    vi.advanceTimersByTime(10_000);
    expect(lines.map((l) => l.fields.total)).toEqual([1, 2]);
  });

  it('turns refusals answered by errorResponse into the summary instead of a line each', async () => {
    const { errorResponse } = await import('@/lib/http/problem');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const written: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        written.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        cb();
      },
    });
    replaceLogger(createLogger(stream));
    getRefusalSummary().flush();
    written.length = 0;
    for (let i = 0; i < 500; i += 1) {
      const res = errorResponse(
        new NotAdmittedError('quota_exhausted', 'partner quota spent', 2_000),
        'api.search',
      );
      expect(res.status).toBe(503);
    }
    // A partner failure that was sent is still logged on its own.
    errorResponse(new UpstreamError('bad_gateway', 'bad answer', { upstreamStatus: 500 }), 'api.search');
    expect(written.map((l) => JSON.parse(l).msg)).toEqual(['partner call failed']);
    vi.advanceTimersByTime(REFUSAL_SUMMARY_INTERVAL_MS);
    const lines = written.map((l) => JSON.parse(l) as { msg: string; total?: number; refusals?: unknown });
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({
      msg: 'partner calls refused',
      total: 500,
      refusals: [{ context: 'api.search', reason: 'quota_exhausted', count: 500 }],
    });
    replaceLogger(undefined);
  });
});
