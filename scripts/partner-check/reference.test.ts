import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type SandboxHandle } from '@/sandbox/src/server';
import { hooks } from '@/test/integration/helpers';
import { formatReport, main } from './index';
import { DOCUMENTED_PROFILE, partnerEnv, profileFile, runCommand } from './testing/support';

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

const withReference = (url: string) => ({ ...partnerEnv(url), PARTNER_SWAGGER_USER: 'bngapi' });

describe("comparison with the partner's own API reference", () => {
  it('fails naming the operation and the profile entry when a search query name is not in the reference', async () => {
    const profile = profileFile({ operations: { searchHouses: { query: { startDate: 'arrival' } } } });
    const { code, report } = await runCommand({ ...withReference(sandbox.url), PARTNER_PROFILE: profile });
    expect(code).toBe(1);
    expect(report.problems).toContain(
      `operations.searchHouses.query.startDate: the partner's reference names no query parameter "arrival"; it has "startDate"`,
    );
    expect(report.reference).toMatchObject({ status: 'compared' });
    expect(report.reference.mismatches).toContainEqual(
      expect.objectContaining({
        operation: 'searchHouses',
        entry: 'operations.searchHouses.query.startDate',
        breaks: true,
      }),
    );
  });

  it('passes with the default profile and with the documented profile, every operation compared', async () => {
    let calls = 0;
    const envs: Record<string, string>[] = [
      // Sandbox mode (the default profile; the reference under the sandbox's URL), then partner mode.
      { SANDBOX_URL: sandbox.url, PARTNER_SWAGGER_USER: 'bngapi' },
      { ...withReference(sandbox.url), PARTNER_PROFILE: DOCUMENTED_PROFILE },
    ];
    for (const env of envs) {
      const { code, report } = await runCommand(env);
      expect(report.problems).toEqual([]);
      expect(code).toBe(0);
      expect(report.reference).toMatchObject({ status: 'compared', operations: 10, mismatches: [] });
      expect(formatReport(report)).toContain('the profile matches it');
      calls += report.calls.total;
    }
    // Reading the reference is not an operation call.
    expect((await hooks(sandbox.url).stats()).calls.total).toBe(calls);
  });

  it('fails with a clear line and no key in it when the reference refuses the Swagger user', async () => {
    const { code, report, printed } = await runCommand({
      ...partnerEnv(sandbox.url),
      PARTNER_SWAGGER_USER: 'someone-else',
    });
    expect(code).toBe(1);
    expect(report.reference.status).toBe('unreadable');
    const problem = report.problems.find((p) => p.includes('API reference'));
    expect(problem).toContain('HTTP 401');
    expect(problem).toContain('PARTNER_SWAGGER_USER');
    expect(printed).not.toContain('demo-key');
  });

  it('fails when the reference address serves no JSON document', async () => {
    const { code, report } = await runCommand({
      ...withReference(sandbox.url),
      PARTNER_SWAGGER_URL: `${sandbox.url}/no-such-document.json`,
    });
    expect(code).toBe(1);
    expect(report.problems.find((p) => p.includes('API reference'))).toContain('PARTNER_SWAGGER_URL');
  });

  it('compares nothing and reads nothing without PARTNER_SWAGGER_USER', async () => {
    const { code, report } = await runCommand(partnerEnv(sandbox.url));
    expect(code).toBe(0);
    expect(report.reference).toMatchObject({ status: 'not-configured', mismatches: [] });
  });

  it('refuses a PARTNER_SWAGGER_URL that is not an http(s) URL as a configuration error', async () => {
    const errors: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      errors.push(args.join(' '));
    });
    try {
      expect(
        await main([], { ...withReference(sandbox.url), PARTNER_SWAGGER_URL: 'ftp://example.com/x.json' }),
      ).toBe(2);
    } finally {
      spy.mockRestore();
    }
    expect(errors.join('\n')).toContain('PARTNER_SWAGGER_URL: an http(s) URL');
  });
});
