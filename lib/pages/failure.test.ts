import { describe, expect, it } from 'vitest';
import { PartnerError } from '@/lib/partner-api/errors';
import { NotAdmittedError } from '@/lib/upstream/refusal';
import { createCircuit } from '@/lib/upstream/breaker';
import { silentLogger } from '@/lib/upstream/logger';
import { asBusy } from './failure';

/**
 * What a page tells the guest when the partner cannot be read: load only when it may be load, so
 * a guest is never told "it is very busy" about an answer the site could not use or a key refused.
 */
describe('asBusy', () => {
  it('calls it load when the partner said so, did not answer in time or at all, or the calls are held back', () => {
    const load = [
      new PartnerError('unavailable', 'partner 503', { upstreamStatus: 503, retryAfterSeconds: 7 }),
      new PartnerError('unavailable', 'partner 504', { upstreamStatus: 504 }),
      new PartnerError('rate_limited', 'partner 429', { upstreamStatus: 429 }),
      new NotAdmittedError('rate_limited', 'partner calls paused after a 429', 9_000),
      new NotAdmittedError('quota_exhausted', 'partner quota spent', 2_000),
      new NotAdmittedError('unavailable', 'partner circuit open; call not sent', 30_000),
      new PartnerError('timeout', 'no answer in time'),
      new PartnerError('unavailable', 'connection reset'),
    ];
    for (const err of load) expect(asBusy(err)?.cause).toBe('load');
    expect(asBusy(load[0])).toEqual({ retryAfterSeconds: 7, cause: 'load' });
  });

  it('calls it a fault when the partner answered, but not with a busy signal', () => {
    const faults = [
      new PartnerError('bad_gateway', 'answer of the wrong shape', { upstreamStatus: 200 }),
      new PartnerError('bad_gateway', 'a redirect', { upstreamStatus: 302 }),
      new PartnerError('unavailable', 'partner 500', { upstreamStatus: 500 }),
      new PartnerError('unavailable', 'partner 502', { upstreamStatus: 502 }),
      new PartnerError('unauthorized', 'key refused', { upstreamStatus: 401 }),
      new PartnerError('forbidden', 'partner 403', { upstreamStatus: 403 }),
      new PartnerError('not_found', 'partner 404', { upstreamStatus: 404 }),
      new PartnerError('invalid_input', 'partner 400', { upstreamStatus: 400 }),
    ];
    for (const err of faults) expect(asBusy(err)?.cause).toBe('fault');
  });

  it('tells a call the open circuit held back as the failure that opened it: a run of 500s is a fault, of 503s load', async () => {
    for (const [status, cause] of [
      [500, 'fault'],
      [503, 'load'],
    ] as const) {
      const circuit = createCircuit(silentLogger, { consecutiveFailures: 2, halfOpenAfterMs: 60_000 });
      const failing = () =>
        Promise.reject(new PartnerError('unavailable', `partner ${status}`, { upstreamStatus: status }));
      for (let i = 0; i < 2; i++) await circuit.run('searchHouses', async () => {}, failing).catch(() => {});
      const refused = await circuit.run('searchHouses', async () => {}, failing).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(NotAdmittedError);
      expect(asBusy(refused)?.cause).toBe(cause);
    }
  });

  it('is not about errors that are not the partner’s', () => {
    expect(asBusy(new TypeError('a bug'))).toBeNull();
  });
});
