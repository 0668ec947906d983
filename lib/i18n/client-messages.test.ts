import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { AbstractIntlMessages } from 'next-intl';
import { CLIENT_MESSAGES, pickMessages, type ClientMessageScope } from './client-messages';
import { loadMessages } from './messages';

/*
 * The client components under each provider are found from the source: every route file (page,
 * layout, error, not-found) renders under its own provider, its nearest layout's, or the site
 * shell's; from there the imports are followed to the 'use client' files, and everything those
 * import runs in the browser too. A page that renders a provider renders all it shows inside it.
 * In the browser files, each `useTranslations('ns')` result is followed to the keys it is called
 * with; a computed key, or the function handed to a helper, needs the whole namespace.
 */
const ROOT = path.resolve(__dirname, '../..');
const APP = path.join(ROOT, 'app');
const SHELL = 'components/layout/site-shell.tsx';
const PROVIDER = /<ClientMessagesProvider\b[^>]*?\bscope="(\w+)"/;
const ROUTE_FILE = /^(page|layout|error|not-found|global-error|template|loading)\.tsx$/;

/**
 * Components whose namespace is a prop: the namespace they fall back to and the JSX attribute
 * through which a caller picks another. A caller's choice is found as that attribute, with a
 * string value, in any client file under the same provider.
 */
const NAMESPACE_PROPS: Record<string, { fallback: string; attribute: string }> = {
  'components/ui/stepper.tsx': { fallback: 'stepper', attribute: 'messages' },
};

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
    parsed.set(file, source);
  }
  return source;
}

function isClientFile(source: ts.SourceFile): boolean {
  const first = source.statements[0];
  return (
    first !== undefined &&
    ts.isExpressionStatement(first) &&
    ts.isStringLiteral(first.expression) &&
    first.expression.text === 'use client'
  );
}

/** The files `source` loads at run time: type-only imports and exports are erased, so they are not. */
function runtimeImports(source: ts.SourceFile): string[] {
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const onlyTypes =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (!onlyTypes) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!node.isTypeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.flatMap((specifier) => resolveImport(source.fileName, specifier) ?? []);
}

/** Every file that runs in the browser when `entry` is rendered: client files and what they import. */
function clientFilesOf(entry: string): Set<string> {
  const client = new Set<string>();
  const server = new Set<string>();
  const visit = (file: string, inClient: boolean): void => {
    const source = parse(file);
    const isClient = inClient || isClientFile(source);
    const seen = isClient ? client : server;
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of runtimeImports(source)) visit(imported, isClient);
  };
  visit(entry, false);
  return client;
}

/** The string a translation call asks for, when it is a literal. */
function literalKey(call: ts.CallExpression): string | undefined {
  const first = call.arguments[0];
  return first && ts.isStringLiteralLike(first) ? first.text : undefined;
}

/**
 * The message paths one `useTranslations(namespace)` binding reads: `namespace.key` for each call
 * with a literal key, the whole namespace when a key is computed or the function is handed on.
 */
function readPaths(call: ts.CallExpression, namespace: string): string[] {
  const declaration = call.parent;
  if (!ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name)) return [namespace];
  const name = declaration.name.text;
  let scope: ts.Node = declaration;
  while (!ts.isBlock(scope) && !ts.isSourceFile(scope)) scope = scope.parent;
  const paths: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name && node !== declaration.name) {
      const parent = node.parent;
      let key: string | undefined;
      if (ts.isCallExpression(parent) && parent.expression === node) key = literalKey(parent);
      else if (
        ts.isPropertyAccessExpression(parent) &&
        parent.expression === node &&
        ['rich', 'markup', 'raw', 'has'].includes(parent.name.text) &&
        ts.isCallExpression(parent.parent) &&
        parent.parent.expression === parent
      ) {
        key = literalKey(parent.parent);
      }
      paths.push(key === undefined ? namespace : namespace ? `${namespace}.${key}` : key);
    }
    ts.forEachChild(node, visit);
  };
  visit(scope);
  return paths;
}

/** The message paths the given client files translate with. */
function usedPaths(files: Iterable<string>): Set<string> {
  const sources = [...files].map(parse);
  const chosen = new Map<string, Set<string>>();
  for (const source of sources) {
    const visit = (node: ts.Node): void => {
      if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) {
        const attribute = node.name.getText(source);
        if (!chosen.has(attribute)) chosen.set(attribute, new Set());
        chosen.get(attribute)?.add(node.initializer.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  const used = new Set<string>();
  for (const source of sources) {
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'useTranslations'
      ) {
        const argument = node.arguments[0];
        let namespaces: string[];
        if (argument === undefined) namespaces = [''];
        else if (ts.isStringLiteralLike(argument)) namespaces = [argument.text];
        else {
          const prop = NAMESPACE_PROPS[relative(source.fileName)];
          if (!prop)
            throw new Error(`${relative(source.fileName)}: useTranslations with a computed namespace`);
          namespaces = [prop.fallback, ...(chosen.get(prop.attribute) ?? [])];
        }
        for (const namespace of namespaces) for (const read of readPaths(node, namespace)) used.add(read);
      }
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'useMessages'
      ) {
        used.add('');
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return used;
}

function listRouteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listRouteFiles(full);
    return ROUTE_FILE.test(entry.name) ? [full] : [];
  });
}

/** The provider a file's own markup sits under, when the file renders one. */
function ownScope(file: string): ClientMessageScope | undefined {
  const scope = PROVIDER.exec(readFileSync(file, 'utf8'))?.[1];
  if (scope === undefined) return undefined;
  if (!(scope in CLIENT_MESSAGES)) throw new Error(`${relative(file)}: unknown scope ${scope}`);
  return scope as ClientMessageScope;
}

/**
 * Which provider each route file renders under: its own when it renders one (a page wraps all it
 * renders), else the nearest enclosing layout's, else the site shell's.
 */
function routeScopes(): Map<string, ClientMessageScope> {
  const scopes = new Map<string, ClientMessageScope>();
  for (const file of listRouteFiles(APP)) {
    let scope = ownScope(file);
    for (let dir = path.dirname(file); scope === undefined && dir.startsWith(APP); dir = path.dirname(dir)) {
      const layout = path.join(dir, 'layout.tsx');
      if (layout !== file && existsSync(layout)) scope = ownScope(layout);
    }
    scopes.set(file, scope ?? 'shell');
  }
  return scopes;
}

/** Every scope with the client files rendered under it. */
function scopeClientFiles(): Map<ClientMessageScope, Set<string>> {
  const byScope = new Map<ClientMessageScope, Set<string>>();
  const add = (scope: ClientMessageScope, files: Iterable<string>) => {
    if (!byScope.has(scope)) byScope.set(scope, new Set());
    for (const file of files) byScope.get(scope)?.add(file);
  };
  for (const [file, scope] of routeScopes()) add(scope, clientFilesOf(file));
  return byScope;
}

const covers = (entry: string, used: string) =>
  entry === '' || used === entry || used.startsWith(`${entry}.`);

describe('the messages each provider hands to the browser', () => {
  const byScope = scopeClientFiles();
  const usedByScope = new Map([...byScope].map(([scope, files]) => [scope, usedPaths(files)]));

  it('the site shell renders the shell provider', () => {
    expect(ownScope(path.join(ROOT, SHELL))).toBe('shell');
  });

  it.each(Object.keys(CLIENT_MESSAGES) as ClientMessageScope[])(
    '%s: the list names every message its client components use, and nothing else',
    (scope) => {
      const used = [...(usedByScope.get(scope) ?? [])].sort();
      const list: readonly string[] = CLIENT_MESSAGES[scope];
      expect(
        used.filter((read) => !list.some((entry) => covers(entry, read))),
        'missing',
      ).toEqual([]);
      expect(
        list.filter((entry) => !used.some((read) => covers(entry, read) || covers(read, entry))),
        'unused',
      ).toEqual([]);
    },
  );

  it('every scope is rendered somewhere', () => {
    expect([...byScope.keys()].sort()).toEqual(Object.keys(CLIENT_MESSAGES).sort());
  });

  it('every listed message exists in the English catalogue', async () => {
    const messages = (await loadMessages('en')) as AbstractIntlMessages;
    for (const [scope, list] of Object.entries(CLIENT_MESSAGES)) {
      for (const entry of list) expect(pickMessages(messages, [entry]), `${scope}: ${entry}`).not.toEqual({});
    }
  });
});

describe('pickMessages', () => {
  const messages: AbstractIntlMessages = {
    header: { language: 'Language', search: 'Search' },
    booking: { states: { retry: 'Retry', errorTitle: 'Error' }, print: 'Print' },
  };

  it('keeps the named namespaces, groups and messages in their nesting and drops the rest', () => {
    expect(pickMessages(messages, ['header.language', 'booking.states'])).toEqual({
      header: { language: 'Language' },
      booking: { states: { retry: 'Retry', errorTitle: 'Error' } },
    });
  });

  it('merges paths that share a namespace and skips paths the catalogue lacks', () => {
    expect(pickMessages(messages, ['booking.print', 'booking.states.retry', 'missing.key'])).toEqual({
      booking: { print: 'Print', states: { retry: 'Retry' } },
    });
  });
});
