import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

/**
 * A process that writes five lines through exitLogger() and is killed straight after, before it
 * can run another step: the lines that reached its stdout.
 */
function linesOutBeforeTheEnd(env: Record<string, string>): string[] {
  const script = `
    const { exitLogger } = require(${JSON.stringify(path.join(root, 'server/logging/logger.ts'))});
    for (let i = 1; i <= 5; i++) exitLogger().error({ err: { name: 'Error', message: 'line ' + i } }, 'last words');
    process.kill(process.pid, 'SIGKILL');
  `;
  const child = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    timeout: 20_000,
    env: { ...process.env, NODE_ENV: 'production', ...env },
  });
  return child.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { err: { message: string } }).err.message);
}

describe('the lines a server writes as it exits', () => {
  it.each([
    ['with its configuration wrong', { LOG_LEVEL: 'verbose' }],
    ['with its configuration right', { LOG_LEVEL: 'info', SESSION_SECRET: 's'.repeat(32) }],
  ])('are all out, in order, the moment they are written, %s', (_, env) => {
    expect(linesOutBeforeTheEnd(env)).toEqual(['line 1', 'line 2', 'line 3', 'line 4', 'line 5']);
  });
});
