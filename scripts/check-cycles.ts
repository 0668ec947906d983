// `npm run check:cycles` (and a step of `npm test`): fails when the import graph of the site's
// own code has a cycle, at two levels.
// - Files: a file cycle makes module load order decide which import is still undefined.
// - Concern folders (lib/booking, lib/partner-api, lib/upstream, components/booking, app…): when
//   two folders import each other, neither can be understood, tested or replaced on its own, and
//   the layering the linter enforces no longer says which one is below the other.
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
  edges: FolderEdge[];
}

export interface FileCycle {
  files: string[];
  path: string[];
}

const SOURCE_ROOTS = ['lib', 'components', 'app', 'proxy.ts', 'instrumentation.ts'];
const TEST_FILE = /\.test\.tsx?$/;

/**
 * The concern folder a file belongs to: `lib/<folder>` and `components/<folder>` each hold one
 * concern, `app` is one (nothing imports it), files directly in lib/ or components/ (env.ts,
 * log.ts, providers.tsx) and at the root stand alone, and any other top-level folder
 * (sandbox, test) is one.
 */
export function concernOf(file: string): string {
  const parts = file.split('/');
  const top = parts[0] ?? file;
  if (top === 'app') return 'app';
  if (top === 'lib' || top === 'components') return parts.length > 2 ? `${top}/${parts[1]}` : file;
  return parts.length > 1 ? top : file;
}

/** Strongly connected components (Tarjan): sets of nodes that can all reach each other. */
export function findStronglyConnected(graph: DependencyGraph): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;

  const visit = (node: string): void => {
    index.set(node, next);
    lowLink.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph[node] ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowLink.set(node, Math.min(lowLink.get(node)!, lowLink.get(target)!));
      } else if (onStack.has(target)) {
        lowLink.set(node, Math.min(lowLink.get(node)!, index.get(target)!));
      }
    }
    if (lowLink.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component.sort());
    }
  };

  for (const node of Object.keys(graph).sort()) if (!index.has(node)) visit(node);
  return components;
}

/** A shortest way from `start` back to itself that stays inside `members` (breadth-first). */
function shortestCycle(graph: DependencyGraph, start: string, members: ReadonlySet<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of graph[node] ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at)!) path.unshift(at);
        path.unshift(start);
        return path;
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start];
}

function cyclicGroups(graph: DependencyGraph): string[][] {
  return findStronglyConnected(graph).filter(
    (group) => group.length > 1 || (graph[group[0]!] ?? []).includes(group[0]!),
  );
}

/** Groups of files that import each other, directly or through other files. */
export function findFileCycles(graph: DependencyGraph): FileCycle[] {
  return cyclicGroups(graph).map((files) => ({ files, path: shortestCycle(graph, files[0]!, new Set(files)) }));
}

/**
 * Groups of concern folders that import each other, with the file imports behind each edge.
 * Imports inside one folder are not edges. A group made only of stand-alone files (lib/env.ts…)
 * is a file cycle, and left to findFileCycles.
 */
export function findFolderCycles(graph: DependencyGraph, folderOf: (file: string) => string = concernOf): FolderCycle[] {
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
  return cyclicGroups(folderGraph)
    .map((folders) => {
      const members = new Set(folders);
      return {
        folders,
        path: shortestCycle(folderGraph, folders[0]!, members),
        edges: [...edges.values()]
          .filter((edge) => members.has(edge.from) && members.has(edge.to))
          .sort((a, b) => `${a.from} ${a.to}`.localeCompare(`${b.from} ${b.to}`)),
      };
    })
    .filter((cycle) => !cycle.edges.every((edge) => edge.imports.every(([file, imported]) => file === edge.from && imported === edge.to)));
}

/** The report printed when cycles are found. */
export function describeCycles(fileCycles: readonly FileCycle[], folderCycles: readonly FolderCycle[]): string {
  const lines: string[] = [];
  if (fileCycles.length > 0) {
    lines.push(`File cycles (${fileCycles.length}):`);
    for (const cycle of fileCycles) {
      lines.push(`  ${cycle.path.join(' → ')}`);
      if (cycle.files.length > cycle.path.length - 1) lines.push(`    all files in this cycle: ${cycle.files.join(', ')}`);
    }
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

async function main(): Promise<number> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { graph, unresolved } = await readDependencyGraph(root);
  if (unresolved.length > 0) {
    console.error(`Imports that could not be resolved, so the graph would be incomplete: ${unresolved.join(', ')}`);
    return 1;
  }
  const fileCycles = findFileCycles(graph);
  const folderCycles = findFolderCycles(graph);
  const files = Object.keys(graph).length;
  const folders = new Set(Object.keys(graph).map(concernOf)).size;
  if (fileCycles.length === 0 && folderCycles.length === 0) {
    console.log(`No import cycle among ${files} files in ${folders} concern folders.`);
    return 0;
  }
  console.error(describeCycles(fileCycles, folderCycles));
  return 1;
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
