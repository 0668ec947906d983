import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../src/server';
import { openSandbox, type Api } from './helpers';

let api: Api;
beforeAll(async () => {
  api = await openSandbox();
});
afterAll(() => api.sandbox.close());

async function modeOf(url: string): Promise<string> {
  return ((await (await fetch(`${url}/__sandbox/preferences`)).json()) as { mode: string }).mode;
}

describe('choosing the preferences mode', () => {
  const saved = process.env.SANDBOX_PREFERENCES;
  afterEach(() => {
    if (saved === undefined) delete process.env.SANDBOX_PREFERENCES;
    else process.env.SANDBOX_PREFERENCES = saved;
  });

  it('the preferences hook switches the mode, refuses other values, and a reset restores the start-up mode', async () => {
    expect(await api.json(await api.hook('/preferences'))).toEqual({ mode: 'enforced' });
    for (const mode of ['lenient', 'Advisory', '', 1]) {
      const bad = await api.hook('/preferences', 'POST', { mode });
      expect(bad.status).toBe(400);
      expect(await api.json(bad)).toMatchObject({ code: 400, errors: { mode: expect.any(Array) } });
    }
    expect(await api.json(await api.hook('/preferences'))).toEqual({ mode: 'enforced' });
    expect(await api.json(await api.hook('/preferences', 'POST', { mode: 'advisory' }))).toEqual({
      mode: 'advisory',
    });
    expect(await api.json(await api.hook('/preferences'))).toEqual({ mode: 'advisory' });
    await api.hook('/reset', 'POST');
    expect(await api.json(await api.hook('/preferences'))).toEqual({ mode: 'enforced' });
  });

  it('a reset returns to advisory when the sandbox started in advisory', async () => {
    const advisory = await openSandbox({ preferences: 'advisory' });
    try {
      expect(await modeOf(advisory.sandbox.url)).toBe('advisory');
      await advisory.hook('/preferences', 'POST', { mode: 'enforced' });
      expect(await modeOf(advisory.sandbox.url)).toBe('enforced');
      await advisory.hook('/reset', 'POST');
      expect(await modeOf(advisory.sandbox.url)).toBe('advisory');
    } finally {
      await advisory.sandbox.close();
    }
  });

  it('startSandbox follows SANDBOX_PREFERENCES, defaults to enforced, and an explicit option wins', async () => {
    const started = async (opts: Parameters<typeof startSandbox>[0]) => {
      const sandbox = await startSandbox({ port: 0, ...opts });
      try {
        return await modeOf(sandbox.url);
      } finally {
        await sandbox.close();
      }
    };
    delete process.env.SANDBOX_PREFERENCES;
    expect(await started({})).toBe('enforced');
    process.env.SANDBOX_PREFERENCES = '';
    expect(await started({})).toBe('enforced');
    process.env.SANDBOX_PREFERENCES = 'advisory';
    expect(await started({})).toBe('advisory');
    expect(await started({ preferences: 'enforced' })).toBe('enforced');
  });

  it('startSandbox refuses any other SANDBOX_PREFERENCES value with a message naming the choices', async () => {
    process.env.SANDBOX_PREFERENCES = 'off';
    await expect(startSandbox({ port: 0 })).rejects.toThrow(
      'SANDBOX_PREFERENCES must be "enforced" or "advisory", got "off"',
    );
  });

  it('the CLI exits non-zero with one clear line for an invalid SANDBOX_PREFERENCES', () => {
    const root = path.resolve(__dirname, '../..');
    const run = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['sandbox/src/main.ts'], {
      cwd: root,
      env: { ...process.env, SANDBOX_PREFERENCES: 'Advisory', SANDBOX_PORT: '0' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      '[sandbox] SANDBOX_PREFERENCES must be "enforced" or "advisory", got "Advisory"',
    );
  });
});
