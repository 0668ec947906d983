/**
 * Compiles the site server (server/main.ts and the site code it imports) into one file,
 * dist/server.mjs, which production and every starter (`npm start`, the browser tests, the fleet,
 * the benchmark, the integration tests) run with plain `node`: no TypeScript loader in the
 * production process. Packages stay outside the file and are loaded from node_modules, as Next.js
 * loads them, so the process holds one copy of each.
 *
 * `npm run build:server` (and `npm run build`) compile; `--if-stale` compiles only when a file the
 * last compilation read has changed since, which starters use so a source edit is never run stale.
 */
import { existsSync, readFileSync, renameSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';

const ROOT = path.resolve(__dirname, '..');
export const SERVER_ENTRY = 'server/main.ts';
export const SERVER_OUTPUT = 'dist/server.mjs';
/**
 * The V8 options every site server process runs with, before SERVER_OUTPUT: `node <options>
 * dist/server.mjs`. A page render allocates a few megabytes that are garbage once it is sent; with
 * young-generation halves of 32 MB (16 by default) most of it dies there without being copied, and
 * the main thread spent about 37 instead of 41 ms on an unseen house page (3.0 instead of 3.9 ms
 * of it collecting garbage), for at most 48 MB more memory.
 *
 * The old generation keeps V8's default limit. A cap below 2 GB makes V8 grow the heap by a smaller
 * factor after each full collection, which held a fresh instance about 80 MB lower, but an instance
 * whose heap is full (page store, partner caches) then collects more often: over whole bench runs,
 * unseen pages on two instances came to 0.17-0.23 of the bare Next.js page's rate with a 1.5 GB cap
 * and 0.23-0.30 without, while memory stayed within 1.5 times `next start` either way (1.18-1.48).
 */
export const SERVER_NODE_OPTIONS: readonly string[] = ['--max-semi-space-size=32'];
/** Which files the last compilation read, to tell whether it is stale. */
const SERVER_METAFILE = 'dist/server.meta.json';
/** Changes to these change the output without being read as sources. */
const BUILD_INPUTS = ['scripts/build-server.ts', 'tsconfig.json', 'package.json'];

/**
 * `server-only` keeps a module out of the browser's bundles, and throws when loaded outside the
 * server's (react-server) bundles. This file is the server: the marker compiles to nothing, as
 * the package's own react-server build is empty.
 */
const serverOnlyMarker: Plugin = {
  name: 'server-only-marker',
  setup(bundle) {
    bundle.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'server-only-marker' }));
    bundle.onLoad({ filter: /.*/, namespace: 'server-only-marker' }, () => ({ contents: '', loader: 'js' }));
  },
};

/** Writes next to the target and renames, so a process starting meanwhile never reads half a file. */
function writeWhole(file: string, contents: Uint8Array | string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

export async function buildServer(root = ROOT): Promise<void> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [SERVER_ENTRY],
    outfile: SERVER_OUTPUT,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    // `@/…` paths are the repository's own (tsconfig.json) and compiled in; every package is not.
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    plugins: [serverOnlyMarker],
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  // The map first and the metafile last: a compilation is current only once all three are there.
  const outputs = [...result.outputFiles].sort((a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')));
  for (const file of outputs) writeWhole(file.path, file.contents);
  writeWhole(path.join(root, SERVER_METAFILE), JSON.stringify(result.metafile));
}

/** Whether dist/server.mjs was compiled from the sources as they are now. */
export function serverBuildIsCurrent(root = ROOT): boolean {
  const output = path.join(root, SERVER_OUTPUT);
  const metafile = path.join(root, SERVER_METAFILE);
  if (!existsSync(output) || !existsSync(metafile)) return false;
  const built = Math.min(statSync(output).mtimeMs, statSync(metafile).mtimeMs);
  let inputs: string[];
  try {
    inputs = Object.keys((JSON.parse(readFileSync(metafile, 'utf8')) as Metafile).inputs)
      // A module a plugin made up (`server-only-marker:server-only`) has no file to compare.
      .filter((input) => !/^[\w-]+:/.test(input));
  } catch {
    return false;
  }
  return [...inputs, ...BUILD_INPUTS].every((input) => {
    const file = path.join(root, input);
    return existsSync(file) && statSync(file).mtimeMs <= built;
  });
}

/** Compiles when dist/server.mjs is missing or older than what it was compiled from. */
export async function ensureServerBuild(root = ROOT): Promise<void> {
  if (!serverBuildIsCurrent(root)) await buildServer(root);
}

async function main(): Promise<void> {
  if (process.argv.includes('--if-stale')) await ensureServerBuild();
  else await buildServer();
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
