import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PartnerError } from '@/lib/partner-api/errors';
import { startSandbox, type SandboxHandle } from '@/sandbox/src/server';
import { hooks } from '@/test/integration/helpers';
import { CALL_BUDGET, formatReport } from './index';
import { DOCUMENTED_PROFILE, partnerEnv, profileFile, reservations, runCommand } from './testing/support';
import { classifyProbe } from './write-probes';

let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox({ fields: 'full' });
});

afterAll(async () => {
  await sandbox.close();
});

afterEach(async () => {
  await hooks(sandbox.url).reset();
});

function probeOf(report: Awaited<ReturnType<typeof runCommand>>['report'], op: string) {
  return report.writeProbes.find((p) => p.operation === op);
}

describe('write paths proven without booking anything', () => {
  it('fails with exit code 1 when the finalize path is one the partner does not serve, naming the operation, method, path and profile entry', async () => {
    const profile = profileFile({
      operations: { finalizeReservation: { path: '/bungalow/api/v1/booking/finalise' } },
    });
    const { code, report } = await runCommand({ ...partnerEnv(sandbox.url), PARTNER_PROFILE: profile });
    expect(code).toBe(1);
    const problem = report.problems.find((p) => p.startsWith('finalizeReservation:'));
    expect(problem).toContain('POST /bungalow/api/v1/booking/finalise');
    expect(problem).toContain('HTTP 404');
    expect(problem).toContain('operations.finalizeReservation.path');
    expect(probeOf(report, 'finalizeReservation')).toMatchObject({ outcome: 'wrong-path', status: 404 });
    // The pre-register path is right and is still proven.
    expect(probeOf(report, 'preRegisterReservation')).toMatchObject({ outcome: 'refused' });
    expect(await reservations(sandbox.url)).toEqual([]);
  });

  it('fails with exit code 1 when the pre-register path is one the partner does not serve', async () => {
    const profile = profileFile({
      operations: { preRegisterReservation: { path: '/bungalow/api/v1/booking/preRegister' } },
    });
    const { code, report } = await runCommand({ ...partnerEnv(sandbox.url), PARTNER_PROFILE: profile });
    expect(code).toBe(1);
    const problem = report.problems.find((p) => p.startsWith('preRegisterReservation:'));
    expect(problem).toContain('POST /bungalow/api/v1/booking/preRegister');
    expect(problem).toContain('operations.preRegisterReservation.path');
    expect(await reservations(sandbox.url)).toEqual([]);
  });

  it('passes with the default profile: both write paths refused as they must be, nothing held, the probes counted', async () => {
    // Sandbox mode: partner mode without PARTNER_PROFILE speaks the documented profile instead.
    const { code, report } = await runCommand({ SANDBOX_URL: sandbox.url });
    expect(report.problems).toEqual([]);
    expect(code).toBe(0);
    for (const op of ['preRegisterReservation', 'finalizeReservation']) {
      expect(probeOf(report, op)).toMatchObject({ outcome: 'refused', status: 400, method: 'POST' });
    }
    expect(await reservations(sandbox.url)).toEqual([]);
    const stats = await hooks(sandbox.url).stats();
    expect(stats.calls.byOperation.preRegisterReservation).toBe(1);
    expect(stats.calls.byOperation.finalizeReservation).toBe(1);
    expect(stats.calls.total).toBe(report.calls.total);
    expect(report.calls.total).toBeLessThanOrEqual(CALL_BUDGET);
    expect(report.calls.byOperation).toMatchObject({ preRegisterReservation: 1, finalizeReservation: 1 });
    expect(formatReport(report)).toMatch(
      /preRegisterReservation +POST \/bungalow\/api\/v1\/booking\/preRegisterReservation +refused \(HTTP 400/,
    );
  });

  it('passes with the shipped profile of the documented API, whose write paths differ from the default', async () => {
    const { code, report } = await runCommand({
      ...partnerEnv(sandbox.url),
      PARTNER_PROFILE: DOCUMENTED_PROFILE,
    });
    expect(report.problems).toEqual([]);
    expect(code).toBe(0);
    expect(probeOf(report, 'preRegisterReservation')).toMatchObject({
      outcome: 'refused',
      path: '/api/pre-register-reservation',
    });
    expect(probeOf(report, 'finalizeReservation')).toMatchObject({
      outcome: 'refused',
      path: '/finalizeReservation',
    });
    expect(await reservations(sandbox.url)).toEqual([]);
  });

  it('fails when the write path answers with a method refusal, a redirect or an HTML page', async () => {
    const api = hooks(sandbox.url);
    await api.fault({ operation: 'finalizeReservation', type: 'status', status: 405 });
    await api.fault({ operation: 'preRegisterReservation', type: 'redirect' });
    let { code, report } = await runCommand(partnerEnv(sandbox.url));
    expect(code).toBe(1);
    expect(probeOf(report, 'finalizeReservation')).toMatchObject({ outcome: 'wrong-method', status: 405 });
    expect(report.problems.find((p) => p.startsWith('finalizeReservation:'))).toContain(
      'operations.finalizeReservation.method',
    );
    expect(probeOf(report, 'preRegisterReservation')).toMatchObject({ outcome: 'wrong-path' });

    await api.clearFaults();
    await api.fault({
      operation: 'finalizeReservation',
      type: 'malformed',
      variant: 'wrongContentType',
    });
    ({ code, report } = await runCommand(partnerEnv(sandbox.url)));
    expect(code).toBe(1);
    expect(probeOf(report, 'finalizeReservation')).toMatchObject({ outcome: 'wrong-path', status: 200 });
    expect(await reservations(sandbox.url)).toEqual([]);
  });

  it('does not probe the writes once the key is refused', async () => {
    const { code, report } = await runCommand(partnerEnv(sandbox.url, 'expired-key'));
    expect(code).toBe(1);
    expect(report.calls.total).toBe(1);
    expect(report.writeProbes.every((p) => p.outcome === 'skipped')).toBe(true);
  });
});

describe('what an answer to a request the partner must refuse proves', () => {
  const failed = (error: unknown) => classifyProbe({ ok: false, error });
  const status = (
    code: 'invalid_input' | 'not_found' | 'conflict' | 'bad_gateway' | 'unavailable',
    s: number,
  ) => new PartnerError(code, 'x', { upstreamStatus: s });

  it('takes a refusal of the input, or a conflict, as proof of the path', () => {
    expect(failed(new PartnerError('invalid_input', 'x', { upstreamStatus: 422, fields: ['a'] }))).toEqual({
      outcome: 'refused',
      status: 422,
      detail: 'refused (HTTP 422; fields: a)',
    });
    expect(failed(status('conflict', 409)).outcome).toBe('refused');
    expect(failed(status('not_found', 410)).outcome).toBe('refused');
    expect(classifyProbe({ ok: true, data: { status: 'error', code: 400 } }).outcome).toBe('refused');
  });

  it('takes 404, a redirect or a body that is not JSON as a wrong path, 405 as a wrong method', () => {
    expect(failed(status('not_found', 404)).outcome).toBe('wrong-path');
    expect(failed(new PartnerError('bad_gateway', 'Partner redirected finalizeReservation')).outcome).toBe(
      'wrong-path',
    );
    expect(failed(status('bad_gateway', 200)).outcome).toBe('wrong-path');
    expect(failed(status('bad_gateway', 405)).outcome).toBe('wrong-method');
  });

  it('takes a success as a request accepted that must be refused, and a busy partner as no proof', () => {
    expect(classifyProbe({ ok: true, data: { transactionId: 'T1' } }).outcome).toBe('accepted');
    expect(failed(status('unavailable', 503)).outcome).toBe('inconclusive');
    expect(failed(new PartnerError('invalid_input', 'x', { notSent: true })).outcome).toBe('inconclusive');
  });
});
