// The layering rules in eslint.config.mjs and the cycle check in scripts/check-cycles.ts are only
// worth something if they fail on a violation. These tests lint small probe sources placed (by
// path only, nothing is written) in each zone, and run the cycle finder on graphs with a known
// cycle, so `npm test` proves the enforcement itself and not just a clean tree.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkCycles,
  concernOf,
  describeCycles,
  findFileCycles,
  findFolderCycles,
  readDependencyGraph,
  type DependencyGraph,
} from '../scripts/check-cycles';

const ROOT = path.resolve(__dirname, '..');
const LAYERING_RULES = new Set(['import/no-restricted-paths', 'layering/no-server-only-import']);
const SERVER_ONLY_MARKER = /^\s*import\s+['"]server-only['"]/m;

/** Every non-test source file under a folder, repository-relative, sorted. */
function sourceFiles(folder: string): string[] {
  const absolute = path.join(ROOT, folder);
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.posix.join(folder, name.split(path.sep).join('/')))
    .sort();
}

function isServerOnly(file: string): boolean {
  return SERVER_ONLY_MARKER.test(readFileSync(path.join(ROOT, file), 'utf8'));
}

/** The `@/…` specifier of a repository file (the probes import real files, so imports resolve). */
function alias(file: string): string {
  return `@/${file.replace(/\.tsx?$/, '')}`;
}

function firstFile(folder: string, predicate: (file: string) => boolean = () => true): string {
  const file = sourceFiles(folder).find(predicate);
  if (!file) throw new Error(`no source file in ${folder} to probe with`);
  return file;
}

const bookingServerFolders = readdirSync(path.join(ROOT, 'lib'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name.startsWith('booking-'))
  .map((entry) => `lib/${entry.name}`);

let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  // The first lint loads the parsers, plugins and resolvers; do it under the hook's longer timeout.
  await eslint.lintText('export {};\n', { filePath: path.join(ROOT, 'lib/probe.ts') });
});

/** The layering errors ESLint reports for `source` if it were the file at `file`. */
async function layeringErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId !== null && LAYERING_RULES.has(message.ruleId))
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe('lint zones: components/ stays out of server code', () => {
  const serverModules = [
    firstFile('lib/partner-api'),
    firstFile('lib/upstream'),
    firstFile('lib/session'),
    'lib/env.ts',
    'lib/log.ts',
    ...bookingServerFolders.map((folder) => firstFile(folder)),
  ];

  it.each(serverModules)('a component importing %s is an error', async (target) => {
    const errors = await layeringErrors('components/ui/probe.tsx', `import * as m from '${alias(target)}';\nexport { m };\n`);
    expect(errors.join('\n')).toContain('import/no-restricted-paths');
  });

  it('a component importing the partner errors, which the browser could load, is still an error', async () => {
    const errors = await layeringErrors('components/ui/probe.tsx', `import * as m from '@/lib/partner-api/errors';\nexport { m };\n`);
    expect(errors).not.toEqual([]);
  });

  it('a component importing any module marked server-only is an error, whatever its folder', async () => {
    const target = firstFile('lib/http', isServerOnly);
    const errors = await layeringErrors('components/search/probe.ts', `import * as m from '${alias(target)}';\nexport { m };\n`);
    expect(errors.join('\n')).toContain('layering/no-server-only-import');
  });

  it('a component may import only the types of a server module (they are erased before bundling)', async () => {
    const target = firstFile('lib/http', isServerOnly);
    const errors = await layeringErrors('components/search/probe.ts', `import type * as m from '${alias(target)}';\nexport type { m };\n`);
    expect(errors).toEqual([]);
  });

  it('a file in components/ cannot mark itself server-only', async () => {
    const errors = await layeringErrors('components/house/probe.ts', `import 'server-only';\nexport const probe = 1;\n`);
    expect(errors.join('\n')).toContain('layering/no-server-only-import');
  });

  it('a component may import the shared booking domain and i18n', async () => {
    const source = `import * as a from '${alias(firstFile('lib/booking'))}';\nimport * as b from '${alias(firstFile('lib/i18n'))}';\nexport { a, b };\n`;
    expect(await layeringErrors('components/booking/probe.tsx', source)).toEqual([]);
  });

  it("a 'use client' file in app/ importing a server-only module is an error; a server component may", async () => {
    const target = firstFile('lib/http', isServerOnly);
    const body = `import * as m from '${alias(target)}';\nexport { m };\n`;
    expect((await layeringErrors('app/[locale]/probe.tsx', `'use client';\n${body}`)).join('\n')).toContain(
      'layering/no-server-only-import',
    );
    expect(await layeringErrors('app/[locale]/probe.tsx', body)).toEqual([]);
  });
});

describe('lint zones: lib/ stays below the UI', () => {
  it.each([
    ['an alias into components/', () => `import * as m from '${alias(firstFile('components/ui'))}';\nexport { m };\n`],
    ['a relative path into app/', () => `import * as m from '../../app/layout';\nexport { m };\n`],
  ])('a lib/ module importing %s is an error', async (_name, source) => {
    const errors = await layeringErrors('lib/pages/probe.ts', source());
    expect(errors.join('\n')).toContain('lib/ sits below the UI');
  });
});

describe('lint zones: lib/booking is pure domain', () => {
  it('importing partner-api types by alias is an error', async () => {
    const errors = await layeringErrors('lib/booking/probe.ts', `import type * as m from '@/lib/partner-api/schemas';\nexport type { m };\n`);
    expect(errors.join('\n')).toContain('lib/booking is the booking domain');
  });

  it('importing the partner gateway by a relative path is an error', async () => {
    const errors = await layeringErrors('lib/booking/probe.ts', `import * as m from '../partner-api/gateway';\nexport { m };\n`);
    expect(errors.join('\n')).toContain('lib/booking is the booking domain');
  });

  it('importing the upstream governor or a page loader is an error', async () => {
    const source = `import * as a from '${alias(firstFile('lib/upstream'))}';\nimport * as b from '${alias(firstFile('lib/pages'))}';\nexport { a, b };\n`;
    const errors = await layeringErrors('lib/booking/probe.ts', source);
    expect(errors.filter((error) => error.includes('lib/booking is the booking domain'))).toHaveLength(2);
  });

  it('the zone applies to its tests too', async () => {
    const errors = await layeringErrors('lib/booking/probe.test.ts', `import * as m from '@/lib/partner-api/schemas';\nexport { m };\n`);
    expect(errors).not.toEqual([]);
  });
});

describe('lint zones: lib/upstream knows nothing about the partner', () => {
  it('importing lib/partner-api is an error', async () => {
    const errors = await layeringErrors('lib/upstream/probe.ts', `import * as m from '@/lib/partner-api/errors';\nexport { m };\n`);
    expect(errors.join('\n')).toContain('lib/upstream');
  });

  it('the partner gateway may import lib/upstream (the allowed direction)', async () => {
    const errors = await layeringErrors('lib/partner-api/probe.ts', `import * as m from '${alias(firstFile('lib/upstream'))}';\nexport { m };\n`);
    expect(errors).toEqual([]);
  });
});

describe('lint zones: sandbox/ is for tests only', () => {
  const source = `import * as m from '${alias(firstFile('sandbox/src'))}';\nexport { m };\n`;

  it.each(['lib/pages/probe.ts', 'components/ui/probe.tsx', 'app/probe.ts', 'proxy.ts'])('%s importing sandbox/ is an error', async (file) => {
    expect((await layeringErrors(file, source)).join('\n')).toContain('sandbox/');
  });

  it.each(['lib/pages/probe.test.ts', 'lib/upstream/testing/probe.ts'])('%s (test code) may import sandbox/', async (file) => {
    expect(await layeringErrors(file, source)).toEqual([]);
  });
});

describe('lint zones: server/ sits above lib/ and beside Next.js', () => {
  const serverModule = () => alias(firstFile('server/page-store'));

  it.each(['lib/pages/probe.ts', 'lib/http/probe.ts', 'components/ui/probe.tsx', 'app/[locale]/probe.tsx', 'proxy.ts', 'lib/pages/probe.test.ts'])(
    '%s importing server/ is an error',
    async (file) => {
      const errors = await layeringErrors(file, `import * as m from '${serverModule()}';\nexport { m };\n`);
      expect(errors.join('\n')).toContain('server/ is the production HTTP server');
    },
  );

  it('a relative path from lib/ into server/ is an error too', async () => {
    const errors = await layeringErrors('lib/http/probe.ts', `import * as m from '../../server/site-server';\nexport { m };\n`);
    expect(errors.join('\n')).toContain('server/ is the production HTTP server');
  });

  it('server/ importing components/ or app/ is an error', async () => {
    const source = `import * as a from '${alias(firstFile('components/ui'))}';\nimport * as b from '../../app/layout';\nexport { a, b };\n`;
    const errors = await layeringErrors('server/hygiene/probe.ts', source);
    expect(errors.filter((error) => error.includes('server/ answers requests before and around Next.js'))).toHaveLength(2);
  });

  it('server/ importing sandbox/ is an error', async () => {
    const errors = await layeringErrors('server/page-store/probe.ts', `import * as m from '${alias(firstFile('sandbox/src'))}';\nexport { m };\n`);
    expect(errors.join('\n')).toContain('sandbox/');
  });

  it('server/ may import lib/, server-only modules included, and its own folders', async () => {
    const source = `import * as a from '${alias(firstFile('lib/http', isServerOnly))}';\nimport * as b from '@/lib/log';\nimport * as c from '${serverModule()}';\nexport { a, b, c };\n`;
    expect(await layeringErrors('server/static/probe.ts', source)).toEqual([]);
  });
});

describe('cycle finder', () => {
  it('finds a file cycle through several files and names a way round it', async () => {
    const graph: DependencyGraph = {
      'lib/upstream/store.ts': ['lib/upstream/quota.ts'],
      'lib/upstream/quota.ts': ['lib/upstream/memory-store.ts'],
      'lib/upstream/memory-store.ts': ['lib/upstream/store.ts', 'lib/upstream/clock.ts'],
      'lib/upstream/clock.ts': [],
    };
    const cycles = await findFileCycles(graph);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.files).toEqual(['lib/upstream/memory-store.ts', 'lib/upstream/quota.ts', 'lib/upstream/store.ts']);
    expect(cycles[0]!.path).toEqual([
      'lib/upstream/memory-store.ts',
      'lib/upstream/store.ts',
      'lib/upstream/quota.ts',
      'lib/upstream/memory-store.ts',
    ]);
  });

  it('finds a file importing itself', async () => {
    expect(await findFileCycles({ 'lib/a.ts': ['lib/a.ts'] })).toEqual([{ files: ['lib/a.ts'], path: ['lib/a.ts', 'lib/a.ts'] }]);
  });

  it('finds no cycle in a layered graph', async () => {
    const graph: DependencyGraph = {
      'app/page.tsx': ['components/house/gallery.tsx', 'lib/pages/house.ts'],
      'components/house/gallery.tsx': ['lib/booking/money.ts'],
      'lib/pages/house.ts': ['lib/partner-api/gateway.ts', 'lib/booking/money.ts'],
      'lib/partner-api/gateway.ts': ['lib/upstream/governor.ts', 'lib/booking/money.ts'],
      'lib/upstream/governor.ts': ['lib/log.ts'],
      'lib/booking/money.ts': [],
      'lib/log.ts': [],
    };
    expect(await findFileCycles(graph)).toEqual([]);
    expect(await findFolderCycles(graph)).toEqual([]);
  });

  it('finds a folder cycle made of files that are not themselves in a file cycle, with the imports behind it', async () => {
    const graph: DependencyGraph = {
      'lib/booking/deep-link.ts': ['lib/partner-api/operations.ts'],
      'lib/partner-api/operations.ts': [],
      'lib/partner-api/gateway.ts': ['lib/booking/party.ts'],
      'lib/booking/party.ts': [],
    };
    expect(await findFileCycles(graph)).toEqual([]);
    const cycles = await findFolderCycles(graph);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.folders).toEqual(['lib/booking', 'lib/partner-api']);
    expect(cycles[0]!.edges).toEqual([
      { from: 'lib/booking', to: 'lib/partner-api', imports: [['lib/booking/deep-link.ts', 'lib/partner-api/operations.ts']] },
      { from: 'lib/partner-api', to: 'lib/booking', imports: [['lib/partner-api/gateway.ts', 'lib/booking/party.ts']] },
    ]);
    expect(describeCycles([], cycles)).toContain('lib/booking/deep-link.ts imports lib/partner-api/operations.ts');
  });

  it('finds a folder cycle through three folders', async () => {
    const graph: DependencyGraph = {
      'lib/a/x.ts': ['lib/b/x.ts'],
      'lib/b/y.ts': ['components/c/x.tsx'],
      'components/c/x.tsx': ['lib/a/y.ts'],
      'lib/a/y.ts': [],
      'lib/b/x.ts': [],
    };
    expect((await findFolderCycles(graph)).map((cycle) => cycle.path)).toEqual([['components/c', 'lib/a', 'lib/b', 'components/c']]);
  });

  it('counts a stand-alone file as a folder of its own: a folder cycle may run through one, a cycle of them alone is a file cycle', async () => {
    const through: DependencyGraph = {
      'lib/booking/a.ts': ['lib/env.ts'],
      'lib/env.ts': ['lib/partner-api/b.ts'],
      'lib/partner-api/c.ts': ['lib/booking/d.ts'],
    };
    expect((await findFolderCycles(through)).map((cycle) => cycle.path)).toEqual([
      ['lib/booking', 'lib/env.ts', 'lib/partner-api', 'lib/booking'],
    ]);
    const alone: DependencyGraph = { 'lib/env.ts': ['lib/log.ts'], 'lib/log.ts': ['lib/env.ts'] };
    expect(await findFolderCycles(alone)).toEqual([]);
    expect((await findFileCycles(alone)).map((cycle) => cycle.path)).toEqual([['lib/env.ts', 'lib/log.ts', 'lib/env.ts']]);
  });

  it('groups files into concern folders', () => {
    expect(concernOf('lib/partner-api/mappers/house.ts')).toBe('lib/partner-api');
    expect(concernOf('components/booking/flow/guest-step.tsx')).toBe('components/booking');
    expect(concernOf('app/[locale]/search/page.tsx')).toBe('app');
    expect(concernOf('lib/env.ts')).toBe('lib/env.ts');
    expect(concernOf('sandbox/src/prng.ts')).toBe('sandbox');
    expect(concernOf('proxy.ts')).toBe('proxy.ts');
    expect(concernOf('server/page-store/serve.ts')).toBe('server/page-store');
    expect(concernOf('server/site-server.ts')).toBe('server/site-server.ts');
  });

  it('finds a folder cycle between two concerns of the site server', async () => {
    const graph: DependencyGraph = {
      'server/page-store/serve.ts': ['server/static/image-answers.ts'],
      'server/static/image-answers.ts': [],
      'server/static/static-files.ts': ['server/page-store/page-store.ts'],
      'server/page-store/page-store.ts': [],
    };
    expect(await findFileCycles(graph)).toEqual([]);
    expect((await findFolderCycles(graph)).map((cycle) => cycle.folders)).toEqual([['server/page-store', 'server/static']]);
  });
});

describe('cycle check on real files', () => {
  // A throwaway project with the repository's alias: the edges must come from `@/…` imports and
  // from type-only imports, or the check would miss the cycles this repository has had.
  let project: string;

  beforeAll(() => {
    project = mkdtempSync(path.join(tmpdir(), 'cycles-'));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
      writeFileSync(path.join(project, file), text);
    };
    write('tsconfig.json', JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@/*': ['./*'] } } }));
    write('lib/booking/party.ts', `import type { Raw } from '@/lib/partner-api/raw';\nexport type Party = Raw;\n`);
    write('lib/partner-api/raw.ts', `export type Raw = { adults?: number };\n`);
    write('lib/partner-api/gateway.ts', `import type { Party } from '../booking/party';\nexport const read = (p: Party) => p;\n`);
    write('lib/partner-api/gateway.test.ts', `import { read } from './gateway';\nread({});\n`);
  });

  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('reads alias and type-only imports, leaves tests out, and finds the folder cycle', async () => {
    const { graph, unresolved } = await readDependencyGraph(project);
    expect(unresolved).toEqual([]);
    expect(Object.keys(graph).sort()).toEqual(['lib/booking/party.ts', 'lib/partner-api/gateway.ts', 'lib/partner-api/raw.ts']);
    expect((await findFolderCycles(graph)).map((cycle) => cycle.folders)).toEqual([['lib/booking', 'lib/partner-api']]);
  });

  it('fails the check on that folder cycle and names the imports behind it', async () => {
    const { ok, message } = await checkCycles(project);
    expect(ok).toBe(false);
    expect(message).toContain('lib/booking → lib/partner-api → lib/booking');
    expect(message).toContain('lib/partner-api/gateway.ts imports lib/booking/party.ts');
  });
});
