import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '@/sandbox/src/server';
import { formatReport } from './index';
import { partnerEnv, profileFile, runCommand } from './testing/support';

let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox({ fields: 'full' });
});

afterAll(async () => {
  await sandbox.close();
});

describe('pet-free keyword report', () => {
  it("names the house's preference that a profile keyword marks pet-free", async () => {
    const { code, report } = await runCommand(partnerEnv(sandbox.url));
    expect(code).toBe(0);
    expect(report.petFree).toMatchObject({
      checked: true,
      houseId: 1001,
      matches: [{ keyword: 'pet-free', entry: 'pet-free' }],
    });
    expect(formatReport(report)).toMatch(
      /^Pet-free preference: .*keyword "pet-free".*petFreeKeywords "pet-free"/m,
    );
    expect(report.warnings.filter((w) => w.includes('petFreeKeywords'))).toEqual([]);
  });

  it('warns, naming the keywords it saw, when no profile keyword matches a preference of the house', async () => {
    const profile = profileFile({ petFreeKeywords: ['nothing-matches'] });
    const { report } = await runCommand({ ...partnerEnv(sandbox.url), PARTNER_PROFILE: profile });
    expect(report.petFree).toMatchObject({ checked: true, matches: [] });
    const warning = report.warnings.find((w) => w.includes('petFreeKeywords'));
    expect(warning).toContain('nothing-matches');
    expect(warning).toContain('house 1001');
    // What the partner calls its preferences, so the operator can pick the right keyword.
    expect(warning).toContain('pet-free');
    expect(warning).toContain('patio-heater');
    expect(formatReport(report)).toContain('warning: petFreeKeywords');
  });
});
