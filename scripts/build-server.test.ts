import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, ensureServerBuild, SERVER_OUTPUT, serverBuildIsCurrent } from './build-server';

/**
 * A throwaway project shaped like this one: server/main.ts importing a lib/ module by its `@/`
 * alias, a server-only module, and a package.
 */
let project: string;

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
  writeFileSync(path.join(project, file), text);
}

function age(file: string, secondsAgo: number): void {
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(path.join(project, file), when, when);
}

beforeAll(() => {
  project = mkdtempSync(path.join(tmpdir(), 'server-build-'));
  write('package.json', '{"name":"probe","private":true}');
  write('tsconfig.json', JSON.stringify({ compilerOptions: { paths: { '@/*': ['./*'] } } }));
  write('scripts/build-server.ts', '// stands in for the build script\n');
  write('lib/greeting.ts', "import 'server-only';\nexport const greeting = (name: string): string => `hello ${name}`;\n");
  write(
    'server/main.ts',
    "import { greeting } from '@/lib/greeting';\nimport type { Logger } from 'pino';\nconst name: string = 'site';\nconst quiet: Logger | undefined = undefined;\nconsole.log(greeting(name), quiet === undefined);\n",
  );
  for (const file of ['package.json', 'tsconfig.json', 'scripts/build-server.ts', 'lib/greeting.ts', 'server/main.ts']) {
    age(file, 60);
  }
});

afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('the compiled site server', () => {
  it('is one file that plain node runs: the `@/` modules compiled in, the server-only marker compiled away', async () => {
    expect(serverBuildIsCurrent(project)).toBe(false);
    await buildServer(project);
    const output = execFileSync(process.execPath, [SERVER_OUTPUT], { cwd: project, encoding: 'utf8' });
    expect(output.trim()).toBe('hello site true');
    expect(readFileSync(path.join(project, SERVER_OUTPUT), 'utf8')).not.toMatch(/server-only|\/lib\/greeting/);
  });

  it('keeps packages outside the file, loaded from node_modules at run time', async () => {
    write('server/main.ts', "import pino from 'pino';\nconsole.log(typeof pino);\n");
    await buildServer(project);
    expect(readFileSync(path.join(project, SERVER_OUTPUT), 'utf8')).toMatch(/import pino from "pino"/);
  });

  it('is stale once a file it was compiled from changes, and compiled again only then', async () => {
    write('server/main.ts', "import { greeting } from '@/lib/greeting';\nconsole.log(greeting('again'));\n");
    age('server/main.ts', 30);
    await buildServer(project);
    expect(serverBuildIsCurrent(project)).toBe(true);
    write('lib/greeting.ts', 'export const greeting = (name: string): string => `bye ${name}`;\n');
    expect(serverBuildIsCurrent(project)).toBe(false);
    await ensureServerBuild(project);
    expect(serverBuildIsCurrent(project)).toBe(true);
    expect(execFileSync(process.execPath, [SERVER_OUTPUT], { cwd: project, encoding: 'utf8' }).trim()).toBe('bye again');
  });
});
