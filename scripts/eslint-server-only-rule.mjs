// An ESLint rule that keeps server code out of modules the browser can load. A module marks
// itself as server code with `import 'server-only'`; Next.js then refuses to put it in a client
// bundle, but only while building, and only for client components. This rule says it at lint
// time, for every file in the zones it is turned on for (shared domain code and UI components),
// whether or not the file is a client component today: a server component that imports server
// code becomes a build failure the day someone adds 'use client' to it or to a parent.
//
// Type-only imports are allowed: they are erased before bundling, so they carry no server code.
// Which folders may depend on which is a separate concern, checked by `import/no-restricted-paths`
// in eslint.config.mjs.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];
const MARKER = /^\s*import\s+['"]server-only['"]/m;

/** @type {Map<string, { mtimeMs: number, serverOnly: boolean }>} */
const markerCache = new Map();

/** The file an import specifier names: `@/…` is the repository root (tsconfig `paths`). */
function resolveLocal(specifier, importer) {
  let base;
  if (specifier.startsWith('@/')) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith('./') || specifier.startsWith('../')) base = path.resolve(path.dirname(importer), specifier);
  else return undefined;
  for (const ending of EXTENSIONS) {
    const candidate = base + ending;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function isServerOnly(file) {
  const { mtimeMs } = statSync(file);
  const cached = markerCache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.serverOnly;
  const serverOnly = MARKER.test(readFileSync(file, 'utf8'));
  markerCache.set(file, { mtimeMs, serverOnly });
  return serverOnly;
}

function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return (
    node.type === 'ImportDeclaration' &&
    specifiers.length > 0 &&
    specifiers.every((specifier) => specifier.importKind === 'type')
  );
}

function isClientComponent(program) {
  return program.body.some((statement) => statement.type === 'ExpressionStatement' && statement.directive === 'use client');
}

const noServerOnlyImport = {
  meta: {
    type: 'problem',
    docs: { description: "Forbid importing modules marked with `import 'server-only'`" },
    schema: [
      {
        type: 'object',
        properties: {
          reason: { type: 'string' },
          clientComponentsOnly: { type: 'boolean' },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      serverOnlyModule:
        "'{{specifier}}' is server-only (it imports 'server-only'), so it cannot be imported here: {{reason}}",
      serverOnlyMarker: "This file cannot be a server-only module: {{reason}}",
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const reason = options.reason ?? 'this code can reach the browser.';
    if (options.clientComponentsOnly && !isClientComponent(context.sourceCode.ast)) return {};

    function check(node, source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (isTypeOnly(node)) return;
      if (source.value === 'server-only') {
        context.report({ node, messageId: 'serverOnlyMarker', data: { reason } });
        return;
      }
      const target = resolveLocal(source.value, context.filename);
      if (target && isServerOnly(target)) {
        context.report({ node: source, messageId: 'serverOnlyModule', data: { specifier: source.value, reason } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export const serverOnlyPlugin = { rules: { 'no-server-only-import': noServerOnlyImport } };
