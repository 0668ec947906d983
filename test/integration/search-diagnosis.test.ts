import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '@/sandbox/src/server';
import { addDays, getToday } from '@/lib/booking/dates';
import { DEFAULT_PARTY } from '@/lib/booking/party';
import { hooks, resetGateway } from './helpers';

/**
 * Why an empty search found nothing, against the sandbox and the site's real governor at the
 * partner's default quota: the follow-up searches must fit the few browsing calls the quota lets
 * through at once, or their offers silently drop off the page.
 */

let sandbox: SandboxHandle;
let sb: ReturnType<typeof hooks>;
let diagnose: typeof import('@/lib/pages/search-diagnosis').diagnoseEmptySearch;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, latencyMs: 0 });
  sb = hooks(sandbox.url);
  for (const name of [
    'PARTNER_API_URL',
    'PARTNER_API_KEY',
    'PARTNER_ID',
    'REDIS_URL',
    'PARTNER_RATE_LIMIT_PER_MIN',
  ])
    delete process.env[name];
  Object.assign(process.env, {
    SANDBOX_URL: sandbox.url,
    SITE_URL: 'http://127.0.0.1:3100',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
  });
  resetGateway();
  diagnose = (await import('@/lib/pages/search-diagnosis')).diagnoseEmptySearch;
});

afterAll(async () => {
  resetGateway();
  await sandbox.close();
});

/** A day houses arrive on: the partner's own default stay starts there. */
async function arrivalDay(): Promise<string> {
  const res = await fetch(`${sandbox.url}/bungalow/api/v1/booking/searchHouses`, {
    headers: { 'x-security-key': 'demo-key', 'x-partner': 'demo-partner', language: 'EN' },
  });
  const body = (await res.json()) as { houseList: { price?: { startDate: string } }[] };
  return body.houseList.find((h) => h.price)!.price!.startDate.slice(0, 10);
}

describe('the explanation of an empty search', () => {
  it('offers longer stays for one night on two searches in a row, each asking the partner at most three times', async () => {
    const first = await arrivalDay();
    const searches = () => sb.stats().then((s) => s.calls.byOperation.searchHouses ?? 0);
    for (const start of [first, addDays(first, 7)]) {
      const before = await searches();
      const found = await diagnose(
        { ...DEFAULT_PARTY, startDate: start, endDate: addDays(start, 1) },
        'en',
        getToday(),
      );
      expect(found.reason).toBe('length');
      expect(found.longer.length).toBeGreaterThan(0);
      expect(found.longer.every((stay) => stay.startDate === start && stay.count > 0)).toBe(true);
      expect((await searches()) - before).toBeLessThanOrEqual(3);
    }
  });
});
