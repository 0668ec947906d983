import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureServerBuild, SERVER_OUTPUT } from '../scripts/build-server';
import { freePort, productionBuildExists, startProductionSite } from '../test/integration/production-site';

const root = path.resolve(__dirname, '..');

beforeAll(() => ensureServerBuild(), 60_000);

/** True when something accepts connections on the loopback port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts the compiled production server as production does and waits for it to exit (20 s at
 * most, then it is stopped): its exit code, its output, and whether it ever accepted a connection
 * meanwhile.
 */
async function startWith(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string; listened: boolean }> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_OUTPUT, '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      SANDBOX_URL: 'http://127.0.0.1:4999',
      SITE_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  // 'close', not 'exit': a process that fails at once can exit before its output has been read
  // from the pipes, and 'exit' would then hand over an output without the line under test.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  let listened = false;
  const deadline = Date.now() + 20_000;
  while (child.exitCode === null && child.signalCode === null && Date.now() < deadline) {
    listened ||= await listening(port);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  const code = await exited;
  return { code, output, listened };
}

describe.concurrent('the production server with a configuration that cannot run', () => {
  it.each([
    ['SESSION_SECRET', 'tooshort-secret', 'SESSION_SECRET: at least 32 characters'],
    ['PARTNER_RATE_LIMIT_PER_MIN', 'abc', 'PARTNER_RATE_LIMIT_PER_MIN: a whole number from 1 to 100000'],
    ['HEALTH_TOKEN', 'tooshort-token', 'HEALTH_TOKEN: at least 32 characters'],
    [
      'PARTNER_PROFILE',
      '/nonexistent/profile.json',
      'PARTNER_PROFILE: cannot read /nonexistent/profile.json (ENOENT)',
    ],
    ['TRUST_PROXY', '9', 'TRUST_PROXY must be a number of proxies from 0 to 5'],
  ])(
    'exits with code 1 at a bad %s, saying so in one line, and never listens',
    async (name, value, problem) => {
      const { code, output, listened } = await startWith({ [name]: value });
      expect(code, output).toBe(1);
      expect(listened, output).toBe(false);
      const lines = output.split('\n').filter((line) => line.includes(name));
      expect(lines, output).toHaveLength(1);
      const logged = JSON.parse(lines[0]!) as { msg: string; err: { message: string } };
      expect(logged.msg).toBe('site failed to start');
      expect(logged.err.message).toBe(`Invalid site configuration: ${problem}`);
      if (name !== 'PARTNER_PROFILE' && name !== 'TRUST_PROXY') expect(output).not.toContain(value);
    },
  );

  it('tells every problem, one line each, when several variables are wrong', async () => {
    const { code, output, listened } = await startWith({
      PARTNER_API_URL: 'https://partner.example',
      PARTNER_TIMEOUT_MS: '-5',
      LOG_LEVEL: 'verbose',
    });
    expect(code, output).toBe(1);
    expect(listened, output).toBe(false);
    const messages = output
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { err?: { message?: string } }).err?.message);
    expect(messages).toEqual([
      'Invalid site configuration: LOG_LEVEL: one of fatal, error, warn, info, debug, trace, silent',
      'Invalid site configuration: SESSION_SECRET: required outside sandbox mode',
      'Invalid site configuration: PARTNER_TIMEOUT_MS: a whole number from 100 to 60000',
      'Invalid site configuration: PARTNER_API_KEY: required with PARTNER_API_URL',
      'Invalid site configuration: PARTNER_ID: required with PARTNER_API_URL',
    ]);
  });

  it('logs one start-up warning in partner mode without PARTNER_PROFILE: the documented profile, and the partner check', async () => {
    // No build in this folder: the server stops right after its configuration is checked and told.
    const { output } = await startWith({
      PARTNER_API_URL: 'https://partner.example',
      PARTNER_API_KEY: 'key',
      PARTNER_ID: 'id',
      SESSION_SECRET: 'x'.repeat(32),
      NEXT_DIST_DIR: '.next-no-build-here',
    });
    const warnings = output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.level === 40);
    expect(warnings, output).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/profiles\/partner-documented\.json.*npm run partner:check/);
    expect(output).not.toContain('"key"');
  });

  it.skipIf(!productionBuildExists())('still starts in sandbox mode with no variables set', async () => {
    // The start-up line is logged at info, which the helper's default LOG_LEVEL (warn) leaves out.
    const site = await startProductionSite({ LOG_LEVEL: 'info' });
    try {
      // The port accepts a moment before the start-up line has crossed the pipe.
      await vi.waitFor(() => expect(site.output()).toContain('site listening'), { timeout: 10_000 });
      expect(site.output()).not.toContain('Invalid');
    } finally {
      await site.stop();
    }
  });
});
