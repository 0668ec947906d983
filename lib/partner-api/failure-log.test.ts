import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { replaceLogger } from '@/lib/log';
import { captureSiteLogs, logCollector } from '@/test/integration/helpers';
import { replaceGateway } from './gateway';
import { startFakePartner } from './testing/fake-partner';

/**
 * A booking step the partner refuses (400) is written to the log as a warning: the operation,
 * the status and the names of the fields the partner's documented `errors` object complains
 * about, never what it says about them. A loopback server plays the partner.
 */

const GUEST_TEXT = 'jan.jansen@example.org is not accepted';
let answer: { status: number; body: unknown } = { status: 400, body: {} };
let partner: Awaited<ReturnType<typeof startFakePartner>>;
const { stream, lines } = logCollector();

beforeAll(async () => {
  partner = await startFakePartner((req, res) => {
    req.resume();
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await captureSiteLogs(stream);
});

afterAll(async () => {
  replaceLogger(undefined);
  await partner.close();
});

beforeEach(() => {
  replaceGateway(undefined);
  lines.length = 0;
});

describe('a booking step the partner refuses', () => {
  it('is a warning with the operation, the status and the field names the partner gives', async () => {
    answer = {
      status: 400,
      body: { status: 'error', code: 400, message: GUEST_TEXT, errors: { paymentType: [GUEST_TEXT] } },
    };
    const { finalize } = await import('./index');
    await expect(
      finalize({ transactionId: 'T-1', paymentType: 'Later', thankYouPageUrl: null }, 'en'),
    ).rejects.toMatchObject({ code: 'invalid_input', upstreamStatus: 400 });

    const written = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(written).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'partner call failed',
        op: 'finalizeReservation',
        code: 'invalid_input',
        upstreamStatus: 400,
        fields: ['paymentType'],
      }),
    ]);
    expect(lines.join('\n')).not.toContain('jan.jansen');
    expect(lines.join('\n')).not.toContain('T-1');
  });

  it('is a warning too when the partner names no fields', async () => {
    answer = { status: 400, body: { status: 'error', code: 400, message: GUEST_TEXT } };
    const { finalize } = await import('./index');
    await expect(
      finalize({ transactionId: 'T-2', paymentType: 'Later', thankYouPageUrl: null }, 'en'),
    ).rejects.toMatchObject({ code: 'invalid_input' });
    const written = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ level: 40, op: 'finalizeReservation', upstreamStatus: 400 });
    expect(written[0]).not.toHaveProperty('fields');
    expect(lines.join('\n')).not.toContain('jan.jansen');
  });
});
