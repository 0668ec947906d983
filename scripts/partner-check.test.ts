import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type SandboxHandle } from '@/sandbox/src/server';
import { hooks } from '@/test/integration/helpers';
import { CALL_BUDGET, formatReport, main, runPartnerCheck, type CheckReport } from './partner-check';

const root = path.resolve(__dirname, '..');

function partnerEnv(url: string, key = 'demo-key'): Record<string, string> {
  return { PARTNER_API_URL: url, PARTNER_API_KEY: key, PARTNER_ID: 'demo-partner' };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function missingOf(report: CheckReport, op: string): string[] {
  return report.operations.find((o) => o.operation === op)?.missing.map((m) => m.field) ?? [];
}

let full: SandboxHandle;
let seed: SandboxHandle;

beforeAll(async () => {
  [full, seed] = await Promise.all([startSandbox({ fields: 'full' }), startSandbox({ fields: 'seed' })]);
});

afterAll(async () => {
  await Promise.all([full.close(), seed.close()]);
});

afterEach(async () => {
  await Promise.all([hooks(full.url).reset(), hooks(seed.url).reset()]);
});

describe('partner check against the sandbox', () => {
  it('passes in full mode with every answer valid, within the call budget and without a booking write', async () => {
    const report = await runPartnerCheck({ env: partnerEnv(full.url) });
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.operations.every((o) => o.reachable && o.shapeValid === true)).toBe(true);
    expect(report.key.accepted).toBe(true);
    expect(report.language.changesTranslatedFields).toBe(true);

    const stats = await hooks(full.url).stats();
    expect(stats.calls.total).toBe(report.calls.total);
    expect(stats.calls.total).toBeLessThanOrEqual(CALL_BUDGET);
    // One request each that the partner must refuse proves the write paths; nothing is held or booked.
    expect(stats.calls.byOperation.preRegisterReservation).toBe(1);
    expect(stats.calls.byOperation.finalizeReservation).toBe(1);
    expect(await (await fetch(`${full.url}/__sandbox/reservations`)).json()).toEqual([]);
  });

  it('passes in seed mode and names the features the undocumented fields carry', async () => {
    const report = await runPartnerCheck({ env: partnerEnv(seed.url) });
    expect(report.ok).toBe(true);
    expect(missingOf(report, 'availableHouseUnits')).toContain('preferenceIds');
    expect(missingOf(report, 'searchHouses')).toContain('houseList.parkId');
    expect(report.warnings).toContain(
      'availableHouseUnits.preferenceIds is missing: preference filter per unit is degraded',
    );
    expect(report.warnings).toContain(
      'searchHouses.houseList.parkId is missing: park box and park filter is degraded',
    );
    // Pets per unit still come from the documented nrPets, so the missing allowPets loses nothing.
    expect(report.operations.find((o) => o.operation === 'availableHouseUnits')?.missing).toContainEqual({
      field: 'allowPets',
      feature: 'pets per unit',
      coveredBy: 'nrPets|numberOfPets',
    });
    expect(report.writeOnly).toContainEqual({
      operation: 'finalizeReservation',
      field: 'paymentUrl',
      feature: 'pay now link',
      checked: false,
    });

    const stats = await hooks(seed.url).stats();
    expect(stats.calls.total).toBeLessThanOrEqual(CALL_BUDGET);
    // One request each that the partner must refuse proves the write paths; nothing is held or booked.
    expect(stats.calls.byOperation.preRegisterReservation).toBe(1);
    expect(stats.calls.byOperation.finalizeReservation).toBe(1);
    expect(await (await fetch(`${seed.url}/__sandbox/reservations`)).json()).toEqual([]);
  });

  it('fails with a clear reason for an expired key, after one call', async () => {
    const report = await runPartnerCheck({ env: partnerEnv(full.url, 'expired-key') });
    expect(report.ok).toBe(false);
    expect(report.key.accepted).toBe(false);
    expect(report.problems).toEqual([
      'the partner refused the key on searchHouses (HTTP 401): the key is invalid or expired',
    ]);
    expect(report.calls.total).toBe(1);
    expect(formatReport(report)).toContain('Result: the site cannot serve guests');
  });

  it('fails for an unreachable partner', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const report = await runPartnerCheck({ env: partnerEnv(url) });
    expect(report.ok).toBe(false);
    expect(report.problems[0]).toMatch(/^the partner is unreachable at http:\/\/127\.0\.0\.1:\d+: /);
    expect(report.operations[0]).toMatchObject({ operation: 'searchHouses', reachable: false });
  });

  it('starts a sandbox of its own when no partner or sandbox is configured', async () => {
    const report = await runPartnerCheck({ env: { SANDBOX_FIELDS: 'seed' } });
    expect(report.ok).toBe(true);
    expect(report.target).toMatchObject({ mode: 'sandbox', sandboxStarted: true, fields: 'seed' });
    expect(missingOf(report, 'availableHouseUnits')).toContain('preferenceIds');
  });

  it('counts the days the key has left and warns two weeks ahead', async () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    const report = await runPartnerCheck({
      env: { ...partnerEnv(full.url), PARTNER_API_KEY_EXPIRES: '2026-03-11' },
      now,
    });
    expect(report.key).toEqual({ accepted: true, expires: '2026-03-11', daysLeft: 9 });
    expect(report.warnings).toContain(
      'the key expires in 9 days (2026-03-11): ask the operator for an extension',
    );
    expect(report.ok).toBe(true);
  });

  it('reaches the sandbox through the shipped profile of the documented API', async () => {
    const report = await runPartnerCheck({
      env: { ...partnerEnv(full.url), PARTNER_PROFILE: path.join(root, 'profiles/partner-documented.json') },
    });
    expect(report.problems).toEqual([]);
    expect(report.operations.every((o) => o.shapeValid === true)).toBe(true);
  });
});

describe('partner check command', () => {
  it('exits 2 and lists each problem of an invalid profile', async () => {
    const errors: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      errors.push(args.join(' '));
    });
    try {
      const code = await main([], { ...partnerEnv(full.url), PARTNER_PATHS: '{"houseDetails":"/houses"}' });
      expect(code).toBe(2);
    } finally {
      spy.mockRestore();
    }
    expect(errors.join('\n')).toContain('PARTNER_PATHS houseDetails: must contain {houseId}');
  });

  // The sandbox runs in this process, so the command must run beside it, not block it.
  function run(env: Record<string, string>): Promise<{ status: number | null; stdout: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(
        'npx',
        ['tsx', '--conditions=react-server', 'scripts/partner-check/main.ts', '--json'],
        {
          cwd: root,
          env: { NODE_ENV: 'test', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
      });
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout }));
    });
  }

  it('prints JSON with --json and exits 0 or 1 as the site can or cannot serve guests', async () => {
    const good = await run(partnerEnv(seed.url));
    expect(good.status).toBe(0);
    const report = JSON.parse(good.stdout) as CheckReport;
    expect(report.ok).toBe(true);
    expect(report.calls.total).toBeLessThanOrEqual(CALL_BUDGET);

    const expired = await run(partnerEnv(seed.url, 'expired-key'));
    expect(expired.status).toBe(1);
    expect((JSON.parse(expired.stdout) as CheckReport).problems[0]).toContain('refused the key');
  }, 120_000);
});
