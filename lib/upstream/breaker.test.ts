import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { countsAgainstUpstream } from './breaker';
import { UpstreamError, type UpstreamErrorCode } from './errors';
import type { Logger } from './logger';
import { BREAKER_POLICY } from './policy';
import { NotAdmittedError } from './refusal';
import { countingFetch, deferred, fail, MINUTE, SECOND, setup } from './testing/governor';

/**
 * The circuit in front of the upstream. The governor runs on the fake clock; the circuit times its
 * open state on the wall clock (cockatiel reads Date.now), so these tests fake Date as well and
 * move it by hand.
 */

const OPEN_MS = BREAKER_POLICY.halfOpenAfterMs;
const FAILURES = BREAKER_POLICY.consecutiveFailures;
const write = { op: 'finalizeReservation' } as const;
const read = (adults: number) => ({ op: 'searchHouses', language: 'nl', params: { adults } }) as const;

function recordingLogger(): Logger & {
  lines: { level: string; fields: Record<string, unknown>; message: string }[];
} {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    info: (fields, message) => lines.push({ level: 'info', fields, message }),
    warn: (fields, message) => lines.push({ level: 'warn', fields, message }),
  };
}

/** A governor whose writes fail with `code` until told otherwise; writes are never retried, so one write is one call. */
function failingSetup(options: Parameters<typeof setup>[0] = {}) {
  const logger = recordingLogger();
  const env = setup({ logger, ...options });
  let answer: () => unknown = fail('unavailable', { upstreamStatus: 503 });
  const fetch = countingFetch(env.clock, () => answer());
  const call = () => env.clock.settle(env.governor.write({ ...write, fetch }));
  return { ...env, logger, fetch, call, answerWith: (next: () => unknown) => (answer = next) };
}

async function openCircuit(env: ReturnType<typeof failingSetup>): Promise<void> {
  for (let i = 0; i < FAILURES; i += 1) await expect(env.call()).rejects.toMatchObject({ notSent: false });
  expect((await env.governor.stats()).circuit.state).toBe('open');
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.UTC(2030, 0, 1));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('circuit', () => {
  it(`opens after ${FAILURES} failures in a row; then calls fail at once, unsent, and spend no token`, async () => {
    const env = failingSetup();
    await openCircuit(env);
    expect(env.fetch.calls).toHaveLength(FAILURES);
    const tokens = (await env.governor.stats()).quotaRemaining;

    for (let i = 0; i < 20; i += 1) {
      const err = await env.call().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NotAdmittedError);
      expect(err).toMatchObject({ code: 'unavailable', notSent: true, retryAfterSeconds: OPEN_MS / SECOND });
    }
    expect(env.fetch.calls).toHaveLength(FAILURES);
    expect((await env.governor.stats()).quotaRemaining).toBe(tokens);
  });

  it('counts a read and its retries, and serves the stale answer while open', async () => {
    const env = failingSetup();
    let up = true;
    const fetch = countingFetch(env.clock, () => {
      if (up) return { houses: 1 };
      throw new UpstreamError('timeout', 'partner too slow');
    });
    await env.clock.settle(env.governor.read({ ...read(2), fetch }));
    up = false;
    // Past the search's stale age but within its error age: only a failure may serve it.
    await env.clock.advance(20 * MINUTE);
    await expect(env.clock.settle(env.governor.read({ ...read(2), fetch }))).resolves.toMatchObject({
      cache: 'stale',
      value: { houses: 1 },
    });
    await expect(env.clock.settle(env.governor.read({ ...read(2), fetch }))).resolves.toMatchObject({
      cache: 'stale',
    });
    // 1 answer, then 3 + 2 timeouts: the fifth opens the circuit and the third read's last try is refused.
    expect(fetch.calls).toHaveLength(1 + FAILURES);
    expect((await env.governor.stats()).circuit.state).toBe('open');
    await expect(env.clock.settle(env.governor.read({ ...read(2), fetch }))).resolves.toMatchObject({
      cache: 'stale',
    });
    await expect(env.clock.settle(env.governor.read({ ...read(3), fetch }))).rejects.toMatchObject({
      code: 'unavailable',
      notSent: true,
    });
    expect(fetch.calls).toHaveLength(1 + FAILURES);
  });

  it('counts only 5xx, timeouts and resets: other failures never open it', async () => {
    const notCounted: [UpstreamErrorCode, number | undefined][] = [
      ['invalid_input', 400],
      ['unauthorized', 401],
      ['forbidden', 403],
      ['not_found', 404],
      ['conflict', 409],
      ['rate_limited', 429],
      ['bad_gateway', 200],
      ['bad_gateway', 302],
      ['bad_gateway', undefined],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...notCounted), { minLength: FAILURES, maxLength: 3 * FAILURES }),
        async (failures) => {
          const env = failingSetup();
          for (const [code, upstreamStatus] of failures) {
            env.answerWith(fail(code, { upstreamStatus }));
            await env.call().catch(() => undefined);
            // A 429 pauses calls; the pause is not what this test is about.
            await env.clock.advance(10 * MINUTE);
          }
          expect(env.fetch.calls).toHaveLength(failures.length);
          expect((await env.governor.stats()).circuit.state).toBe('closed');
        },
      ),
      { numRuns: 30 },
    );
    const counted = [
      new UpstreamError('unavailable', 'refused', { notSent: true }),
      new UpstreamError('unavailable', 'reset'),
      new UpstreamError('unavailable', '503', { upstreamStatus: 503 }),
      new UpstreamError('timeout', 'slow'),
      new UpstreamError('bad_gateway', '501', { upstreamStatus: 501 }),
    ];
    for (const err of counted) expect(countsAgainstUpstream(err)).toBe(true);
    expect(countsAgainstUpstream(new NotAdmittedError('unavailable', 'store down', 5_000))).toBe(false);
    expect(countsAgainstUpstream(new Error('not an upstream error'))).toBe(false);
  });

  it('starts counting again after an answer', async () => {
    const env = failingSetup();
    for (let round = 0; round < 3; round += 1) {
      env.answerWith(fail('unavailable', { upstreamStatus: 500 }));
      for (let i = 0; i < FAILURES - 1; i += 1) await env.call().catch(() => undefined);
      env.answerWith(() => ({ ok: true }));
      await expect(env.call()).resolves.toEqual({ ok: true });
    }
    expect(env.fetch.calls).toHaveLength(3 * FAILURES);
    expect((await env.governor.stats()).circuit.state).toBe('closed');
  });

  it('half-opens after its open time: one trial call, the others fail fast; an answer closes it', async () => {
    const env = failingSetup();
    await openCircuit(env);
    vi.setSystemTime(Date.now() + OPEN_MS - 1);
    await expect(env.call()).rejects.toMatchObject({ notSent: true, retryAfterSeconds: 1 });
    vi.setSystemTime(Date.now() + 1);

    const gate = deferred<{ ok: boolean }>();
    env.answerWith(() => gate.promise);
    const trial = env.governor.write({ ...write, fetch: env.fetch });
    trial.catch(() => undefined);
    await env.clock.advance(0);
    expect((await env.governor.stats()).circuit.state).toBe('half-open');
    const others = await Promise.allSettled(
      Array.from({ length: 10 }, () => env.clock.settle(env.governor.write({ ...write, fetch: env.fetch }))),
    );
    expect(others.every((r) => r.status === 'rejected' && r.reason instanceof NotAdmittedError)).toBe(true);
    expect(env.fetch.calls).toHaveLength(FAILURES + 1);

    gate.resolve({ ok: true });
    await expect(trial).resolves.toEqual({ ok: true });
    expect((await env.governor.stats()).circuit).toMatchObject({
      state: 'closed',
      opened: 1,
      halfOpened: 1,
      closed: 1,
    });
    env.answerWith(() => ({ ok: 'again' }));
    await expect(env.call()).resolves.toEqual({ ok: 'again' });
  });

  it('lets exactly one of a burst arriving together be the trial', async () => {
    const env = failingSetup();
    await openCircuit(env);
    vi.setSystemTime(Date.now() + OPEN_MS);
    env.answerWith(() => ({ ok: true }));
    const burst = Array.from({ length: 12 }, () => env.governor.write({ ...write, fetch: env.fetch }));
    const settled = await env.clock.settle(Promise.allSettled(burst));
    expect(settled.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(env.fetch.calls).toHaveLength(FAILURES + 1);
    expect((await env.governor.stats()).circuit.state).toBe('closed');
  });

  it('opens again when the trial fails, for another full open time', async () => {
    const env = failingSetup();
    await openCircuit(env);
    vi.setSystemTime(Date.now() + OPEN_MS);
    env.answerWith(fail('timeout'));
    await expect(env.call()).rejects.toMatchObject({ code: 'timeout', notSent: false });
    expect((await env.governor.stats()).circuit).toMatchObject({
      state: 'open',
      opened: 2,
      halfOpened: 1,
      closed: 0,
    });
    vi.setSystemTime(Date.now() + OPEN_MS - 1);
    await expect(env.call()).rejects.toBeInstanceOf(NotAdmittedError);
    expect(env.fetch.calls).toHaveLength(FAILURES + 1);
  });

  it('a trial refused by the quota or the pause leaves the next caller free to be the trial', async () => {
    const env = failingSetup();
    await openCircuit(env);
    vi.setSystemTime(Date.now() + OPEN_MS);
    await env.store.extendPause(env.clock.now() + 5 * SECOND, MINUTE);
    await expect(env.call()).rejects.toMatchObject({ code: 'rate_limited', notSent: true });
    expect(env.fetch.calls).toHaveLength(FAILURES);
    await env.clock.advance(5 * SECOND);
    env.answerWith(() => ({ ok: true }));
    await expect(env.call()).resolves.toEqual({ ok: true });
    expect((await env.governor.stats()).circuit.state).toBe('closed');
  });

  it('logs every transition with the operation and the failure code, never a payload', async () => {
    const env = failingSetup({ breaker: { consecutiveFailures: 2, halfOpenAfterMs: 500 } });
    await env.call().catch(() => undefined);
    await env.call().catch(() => undefined);
    vi.setSystemTime(Date.now() + 500);
    env.answerWith(() => ({ secret: 'never logged' }));
    await env.call();
    const transitions = env.logger.lines.filter((l) => 'circuit' in l.fields);
    expect(transitions.map((l) => [l.level, l.fields.circuit])).toEqual([
      ['warn', 'open'],
      ['info', 'half-open'],
      ['info', 'closed'],
    ]);
    expect(transitions[0]!.fields).toMatchObject({
      op: 'finalizeReservation',
      code: 'unavailable',
      retryInMs: 500,
    });
    expect(JSON.stringify(env.logger.lines)).not.toContain('never logged');
  });
});
