import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { replaceLogger } from '@/lib/log';
import { replaceGateway } from '@/lib/partner-api/gateway';
import { startFakePartner } from '@/lib/partner-api/testing/fake-partner';
import { captureSiteLogs, logCollector } from './helpers';

/**
 * A page render that meets a failing partner leaves the same trace in the log as a route handler
 * that meets it: one line per partner call that failed, naming the operation, the kind of failure
 * and the partner's status, and nothing the partner sent. A loopback server plays the partner.
 */

const MARKER = `partner-text-${randomBytes(6).toString('hex')}`;

type Behaviour = (req: IncomingMessage, res: ServerResponse) => void;

function answer(status: number, body: string): Behaviour {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  };
}

const WRONG_SHAPE = answer(200, JSON.stringify([MARKER, { houseId: MARKER }]));
const SERVER_ERROR = answer(500, JSON.stringify({ status: 'error', code: 500, message: `${MARKER} failed` }));

let behave: Behaviour = WRONG_SHAPE;
/** The operation of every request that reached the partner, in order. */
let received: string[] = [];
let partner: Awaited<ReturnType<typeof startFakePartner>>;
const { stream, lines } = logCollector();

beforeAll(async () => {
  // A circuit that stays closed: every call of a test reaches the partner and can be counted.
  process.env.PARTNER_BREAKER_FAILURES = '1000';
  partner = await startFakePartner((req, res) => {
    req.resume();
    received.push(new URL(req.url ?? '/', 'http://partner').pathname.split('/').filter(Boolean)[4] ?? '?');
    behave(req, res);
  });
  await captureSiteLogs(stream);
});

afterAll(async () => {
  replaceLogger(undefined);
  await partner.close();
});

beforeEach(() => {
  replaceGateway(undefined);
  received = [];
  lines.length = 0;
});

interface Line {
  level: number;
  msg: string;
  op?: string;
  code?: string;
  upstreamStatus?: number;
}

const failedCalls = () =>
  lines.map((l) => JSON.parse(l) as Line).filter((l) => l.msg === 'partner call failed');

function expectNothingOfThePartner(): void {
  const all = lines.join('\n');
  expect(all).not.toContain(MARKER);
  expect(all).not.toContain('demo-key');
}

describe('partner failures met by a page render', () => {
  it('log one line per failed call of the search page, with the operation, kind and status', async () => {
    behave = WRONG_SHAPE;
    const { loadSearchPage } = await import('@/lib/pages/search');
    const page = await loadSearchPage({ adults: '2' }, 'en', '2026-07-01');
    expect(page.answer).toMatchObject({ ok: false });

    const failed = failedCalls();
    expect(failed.map((l) => l.op)).toEqual(expect.arrayContaining(['searchHouses']));
    expect(failed.map((l) => l.op).sort()).toEqual([...received].sort());
    expect(failed.find((l) => l.op === 'searchHouses')).toMatchObject({
      level: 40,
      code: 'bad_gateway',
      upstreamStatus: 200,
    });
    expectNothingOfThePartner();
  });

  it('log each attempt of a retried read once, however many page loads wait on it', async () => {
    behave = SERVER_ERROR;
    const { loadSearchPage } = await import('@/lib/pages/search');
    const pages = await Promise.all([1, 2, 3].map(() => loadSearchPage({ adults: '3' }, 'en', '2026-07-01')));
    for (const page of pages) expect(page.answer).toMatchObject({ ok: false });

    const failed = failedCalls();
    expect(received.filter((op) => op === 'searchHouses').length).toBeGreaterThan(0);
    expect(failed.map((l) => l.op).sort()).toEqual([...received].sort());
    for (const line of failed)
      expect(line).toMatchObject({ level: 40, code: 'unavailable', upstreamStatus: 500 });
    expectNothingOfThePartner();
  });

  it('log the same lines as the JSON route meeting the same failures, one per call there too', async () => {
    behave = SERVER_ERROR;
    const { GET } = await import('@/app/api/search/route');
    const res = await GET(new Request('http://site.test/api/search?adults=4&locale=en'));
    expect(res.status).toBe(503);
    const failed = failedCalls();
    expect(received.length).toBeGreaterThan(0);
    expect(failed.map((l) => l.op)).toEqual(received);
    for (const line of failed)
      expect(line).toMatchObject({ level: 40, code: 'unavailable', upstreamStatus: 500 });
    expectNothingOfThePartner();
  });
});

describe('partner failures a page meets without a failed call', () => {
  it('counts refused calls into the summary, and logs a failure found after the answer once', async () => {
    const { loadPageData } = await import('@/lib/pages/failure');
    const { getRefusalSummary } = await import('@/lib/log');
    const { NotAdmittedError } = await import('@/lib/upstream/refusal');
    const { PartnerError } = await import('@/lib/partner-api/errors');
    getRefusalSummary().flush();
    lines.length = 0;
    for (let i = 0; i < 50; i += 1) {
      const refused = await loadPageData(() =>
        Promise.reject(new NotAdmittedError('unavailable', 'circuit open', 1_000)),
      );
      expect(refused).toMatchObject({ ok: false });
    }
    const unusable = new PartnerError('bad_gateway', 'House details without an id');
    expect(await loadPageData(() => Promise.reject(unusable))).toMatchObject({ ok: false });
    expect(failedCalls()).toEqual([
      expect.objectContaining({ level: 40, context: 'page', code: 'bad_gateway' }),
    ]);
    getRefusalSummary().flush();
    const summary = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'partner calls refused');
    expect(summary).toEqual([
      expect.objectContaining({
        total: 50,
        refusals: [{ context: 'page', reason: 'unavailable', count: 50 }],
      }),
    ]);
  });
});
