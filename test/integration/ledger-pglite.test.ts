import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_TOKEN,
  downloadReport,
  expectBookingOnceEverywhere,
  startReceiver,
  testLedgerSettings,
  type Receiver,
} from './ledger-fixtures';
import { SITE } from './booking-harness';
import { setUpBookingHarness } from './suite-fixtures';

/**
 * The booking ledger on its embedded database (PGlite in a temporary folder), through the
 * booking routes against the sandbox: a booking made with a campaign's tags is kept once, counted
 * in the partner's CSV report with the campaign's landings, and sent once as a signed webhook.
 */

let receiver: Receiver;
let folder: string;

// Created before the harness starts: a new database takes seconds to create, and the sandbox's
// idle connections would time out meanwhile. The ledger itself starts once the harness has set
// the site's environment.
beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'ledger-pglite-'));
  const { openPglite } = await import('@/lib/ledger/pglite-db');
  const { migrate } = await import('@/lib/ledger/migrations');
  const db = await openPglite(folder);
  await migrate(db);
  await db.close();
});
const { h, nextStay } = setUpBookingHarness({ stays: { count: 1, minDaysAhead: 60 } });
beforeAll(async () => {
  receiver = await startReceiver();
  const { replaceLedger } = await import('@/lib/ledger/ledger');
  await (await replaceLedger(testLedgerSettings({ dir: folder }, receiver)))!.db();
});

afterAll(async () => {
  const { replaceLedger } = await import('@/lib/ledger/ledger');
  await replaceLedger();
  await receiver.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the booking ledger on the embedded database', () => {
  it('keeps a booking with campaign tags once, reports it with its landings and delivers one signed webhook after a refused one', async () => {
    await expectBookingOnceEverywhere(h, nextStay(), receiver);
  });

  it('refuses the report to a wrong token with a problem code, and a date that is not one', async () => {
    const wrong = await downloadReport('from=2027-01-01&to=2027-01-31', 'not-the-token');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('content-type')).toBe('application/problem+json');
    expect(await wrong.json()).toMatchObject({ code: 'unauthorized' });

    const invalid = await downloadReport('from=2027-02-30&to=2027-01-31');
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ code: 'invalid_input', errors: { from: ['invalid_date'] } });
  });

  it('has no report without a report token, nor with the ledger off', async () => {
    const { replaceLedger } = await import('@/lib/ledger/ledger');
    const settings = testLedgerSettings({ dir: folder }, receiver);
    try {
      await replaceLedger({ ...settings, reportToken: undefined });
      expect((await downloadReport('from=2027-01-01&to=2027-01-31')).status).toBe(404);
      await replaceLedger({ ...settings, enabled: false });
      const off = await downloadReport('from=2027-01-01&to=2027-01-31');
      expect(off.status).toBe(404);
      expect(await off.json()).toMatchObject({ code: 'not_found' });
    } finally {
      await replaceLedger(settings);
    }
  });
});

/** The report page's sign-in form as a browser posts it, from `address`. */
async function signIn(token: string, address: string, extra: Record<string, string> = {}): Promise<Response> {
  const { POST } = await import('@/app/api/partners/report/session/route');
  return POST(
    new Request(`${SITE}/api/partners/report/session`, {
      method: 'POST',
      headers: {
        origin: SITE,
        'content-type': 'application/x-www-form-urlencoded',
        'x-site-socket-address': address,
        ...extra,
      },
      body: new URLSearchParams({ token, locale: 'en' }),
    }),
  );
}

const cookieValue = (res: Response) =>
  /^(?:__Host-)?partner-report=([^;]*)/.exec(res.headers.get('set-cookie') ?? '')?.[1];

describe('the partner report page behind the report token', () => {
  it('sends a wrong token back to the page with an error, and refuses even the right one after ten tries', async () => {
    const wrong = await signIn('not-the-token', '203.0.113.7');
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('location')).toBe('/en/partners/report?error=1');
    expect(wrong.headers.get('set-cookie')).toBeNull();
    for (let i = 1; i < 10; i++)
      expect((await signIn(`guess-${i}`, '203.0.113.7')).headers.get('location')).toMatch(/error=1$/);
    const limited = await signIn(REPORT_TOKEN, '203.0.113.7');
    expect(limited.headers.get('location')).toBe('/en/partners/report?error=limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('set-cookie')).toBeNull();
    // Another client is not held back by the first one's guesses.
    expect(cookieValue(await signIn(REPORT_TOKEN, '203.0.113.8'))).toBeTruthy();
  });

  it('refuses a sign-in posted from another site', async () => {
    const foreign = await signIn(REPORT_TOKEN, '203.0.113.9', {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('set-cookie')).toBeNull();
  });

  it('gives the right token an HttpOnly, SameSite=Strict cookie without the token, which opens the page and the CSV', async () => {
    const res = await signIn(REPORT_TOKEN, '203.0.113.10');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/en/partners/report');
    const header = res.headers.get('set-cookie')!;
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Strict/);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toContain(REPORT_TOKEN);
    const cookie = cookieValue(res)!;

    const { loadReportPage } = await import('@/lib/ledger/report-page-data');
    expect((await loadReportPage({ cookie: undefined, params: new URLSearchParams() })).kind).toBe('sign-in');
    const page = await loadReportPage({ cookie, params: new URLSearchParams('groupBy=month') });
    expect(page).toMatchObject({ kind: 'report', query: { groupBy: 'month' }, invalidRange: false });

    const { GET } = await import('@/app/api/partners/report.csv/route');
    const csv = await GET(
      new Request(`${SITE}/api/partners/report.csv`, { headers: { cookie: `partner-report=${cookie}` } }),
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const forged = await GET(
      new Request(`${SITE}/api/partners/report.csv`, { headers: { cookie: `partner-report=${cookie}x` } }),
    );
    expect(forged.status).toBe(401);
  });

  it('has no page and no sign-in without a report token', async () => {
    const { replaceLedger } = await import('@/lib/ledger/ledger');
    const settings = testLedgerSettings({ dir: folder }, receiver);
    try {
      await replaceLedger({ ...settings, reportToken: undefined });
      expect((await signIn(REPORT_TOKEN, '203.0.113.11')).status).toBe(404);
      const { loadReportPage } = await import('@/lib/ledger/report-page-data');
      expect(await loadReportPage({ cookie: undefined, params: new URLSearchParams() })).toEqual({
        kind: 'absent',
      });
    } finally {
      await replaceLedger(settings);
    }
  });
});
