// `npm run check:cycles` (and a step of `npm test`): fails when the import graph of the site's
// own code has a cycle, at two levels.
// - Files: a file cycle makes module load order decide which import is still undefined.
// - Concern folders (lib/booking, lib/partner-api, lib/upstream, components/booking,
//   server/page-store, app…): when two folders import each other, neither can be understood,
//   tested or replaced on its own, and the layering the linter enforces no longer says which one
//   is below the other.
// Tests are left out: nothing imports a test file, so it cannot close a cycle, and tests may reach
// across folders. Type-only imports count: a folder that needs another's types depends on it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import madge from 'madge';

/** Each file with the files it imports, paths relative to the repository root. */
export type DependencyGraph = Readonly<Record<string, readonly string[]>>;

export interface FolderEdge {
  from: string;
  to: string;
  /** The imports that make the edge: [importing file, imported file]. */
  imports: Array<[string, string]>;
}

export interface FolderCycle {
  folders: string[];
  /** One way round the cycle, first folder repeated at the end. */
  path: string[];
  /** The edges of that way round, in its order. */
  edges: FolderEdge[];
}

export interface FileCycle {
  files: string[];
  /** One way round the cycle, first file repeated at the end. */
  path: string[];
}

const SOURCE_ROOTS = ['lib', 'components', 'app', 'server', 'proxy.ts', 'instrumentation.ts'];
const TEST_FILE = /\.test\.tsx?$/;

/** Top-level folders whose sub-folders each hold one concern. */
const FOLDERS_OF_CONCERNS: ReadonlySet<string> = new Set(['lib', 'components', 'server']);

/**
 * The concern folder a file belongs to: `lib/<folder>`, `components/<folder>` and
 * `server/<folder>` (the production server's page store, request hygiene…) each hold one
 * concern, `app` is one (nothing imports it), files directly in lib/, components/ or server/
 * (env.ts, log.ts, providers.tsx, site-server.ts) and at the root stand alone, and any other
 * top-level folder (sandbox, test) is one.
 */
export function concernOf(file: string): string {
  const parts = file.split('/');
  const top = parts[0] ?? file;
  if (top === 'app') return 'app';
  if (FOLDERS_OF_CONCERNS.has(top)) return parts.length > 2 ? `${top}/${parts[1]}` : file;
  return parts.length > 1 ? top : file;
}

/** A cycle as madge names it (each member once), turned to start at its first member in sort order and closed. */
function closedFromFirst(cycle: readonly string[]): string[] {
  const first = cycle.indexOf([...cycle].sort()[0]!);
  const turned = [...cycle.slice(first), ...cycle.slice(0, first)];
  return [...turned, turned[0]!];
}

/** The cycles madge's own finder sees in a graph, each closed (first member repeated at the end). */
async function cyclesOf(graph: DependencyGraph): Promise<string[][]> {
  const result = await madge(graph);
  return result.circular().map(closedFromFirst);
}

/** Files that import each other, directly or through other files: at least one way round each such group. */
export async function findFileCycles(graph: DependencyGraph): Promise<FileCycle[]> {
  return (await cyclesOf(graph)).map((path) => ({ files: [...new Set(path)].sort(), path }));
}

/**
 * Concern folders that import each other, with the file imports behind each step round the cycle.
 * Imports inside one folder are not edges. A cycle made only of stand-alone files (lib/env.ts…)
 * is a file cycle, and left to findFileCycles.
 */
export async function findFolderCycles(
  graph: DependencyGraph,
  folderOf: (file: string) => string = concernOf,
): Promise<FolderCycle[]> {
  const edges = new Map<string, FolderEdge>();
  const folderGraph: Record<string, string[]> = {};
  for (const [file, imports] of Object.entries(graph)) {
    const from = folderOf(file);
    folderGraph[from] ??= [];
    for (const imported of imports) {
      const to = folderOf(imported);
      if (to === from) continue;
      const key = `${from}\n${to}`;
      let edge = edges.get(key);
      if (!edge) {
        edge = { from, to, imports: [] };
        edges.set(key, edge);
        folderGraph[from].push(to);
      }
      edge.imports.push([file, imported]);
    }
  }
  return (await cyclesOf(folderGraph))
    .filter((path) => !path.every((folder) => folder in graph))
    .map((path) => ({
      folders: [...new Set(path)].sort(),
      path,
      edges: path.slice(1).map((to, i) => edges.get(`${path[i]}\n${to}`)!),
    }));
}

/** The report printed when cycles are found. */
export function describeCycles(fileCycles: readonly FileCycle[], folderCycles: readonly FolderCycle[]): string {
  const lines: string[] = [];
  if (fileCycles.length > 0) {
    lines.push(`File cycles (${fileCycles.length}):`);
    for (const cycle of fileCycles) lines.push(`  ${cycle.path.join(' → ')}`);
  }
  if (folderCycles.length > 0) {
    lines.push(`Folder cycles (${folderCycles.length}):`);
    for (const cycle of folderCycles) {
      lines.push(`  ${cycle.path.join(' → ')}`);
      for (const edge of cycle.edges) {
        lines.push(`    ${edge.from} → ${edge.to}:`);
        for (const [file, imported] of edge.imports) lines.push(`      ${file} imports ${imported}`);
      }
    }
  }
  return lines.join('\n');
}

/** The import graph of the site's source (tests excluded), built by madge with the tsconfig aliases. */
export async function readDependencyGraph(root: string): Promise<{ graph: DependencyGraph; unresolved: string[] }> {
  const roots = SOURCE_ROOTS.filter((entry) => existsSync(path.join(root, entry))).map((entry) => path.join(root, entry));
  const result = await madge(roots, {
    baseDir: root,
    fileExtensions: ['ts', 'tsx'],
    excludeRegExp: [TEST_FILE],
    tsConfig: path.join(root, 'tsconfig.json'),
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  // An import madge cannot resolve would silently drop an edge; only package names may be skipped.
  const unresolved = result.warnings().skipped.filter((name) => name.startsWith('.') || name.startsWith('@/'));
  return { graph: result.obj(), unresolved };
}

/** The whole check on the repository at `root`: whether it passes, and what to print. */
export async function checkCycles(root: string): Promise<{ ok: boolean; message: string }> {
  const { graph, unresolved } = await readDependencyGraph(root);
  if (unresolved.length > 0) {
    return { ok: false, message: `Imports that could not be resolved, so the graph would be incomplete: ${unresolved.join(', ')}` };
  }
  const fileCycles = await findFileCycles(graph);
  const folderCycles = await findFolderCycles(graph);
  if (fileCycles.length === 0 && folderCycles.length === 0) {
    const folders = new Set(Object.keys(graph).map(concernOf)).size;
    return { ok: true, message: `No import cycle among ${Object.keys(graph).length} files in ${folders} concern folders.` };
  }
  return { ok: false, message: describeCycles(fileCycles, folderCycles) };
}

async function main(): Promise<number> {
  const { ok, message } = await checkCycles(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
  if (ok) console.log(message);
  else console.error(message);
  return ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
