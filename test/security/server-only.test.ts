import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The partner key is read only in server-only modules, and no client
 * component can pull those modules into a browser bundle.
 */
const root = path.resolve(__dirname, '../..');

function walk(dir: string): string[] {
  const out: string[] = [];
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    // Test fixtures hold sample payloads only and are never imported by production code.
    if (name === 'node_modules' || name === 'fixtures' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

const rel = (f: string) => path.relative(root, f);
// Modules without secrets that the sandbox, tests and the browser may import.
const SHARED = new Set([
  'lib/partner-api/schemas.ts',
  'lib/partner-api/operations.ts',
  'lib/partner-api/errors.ts',
  // Read by the production server (server/), which runs outside Next's bundles; none holds a
  // secret.
  'lib/http/client-address.ts',
  'lib/http/page-status.ts',
  'lib/upstream/fixed-windows.ts',
  'lib/upstream/client-scope.ts',
  // Checked by the production server before it starts Next.js: the partner's variables as a
  // schema (handed the environment, it reads none itself) and the partner profile.
  'lib/partner-api/env-schema.ts',
  'lib/partner-api/profile.ts',
  'lib/partner-api/profile-aliases.ts',
  'lib/partner-api/profile-check.ts',
  'lib/partner-api/profile-default.ts',
  'lib/partner-api/profile-fields.ts',
  'lib/partner-api/profile-paths.ts',
]);
const SERVER_DIRS = ['lib/partner-api', 'lib/upstream', 'lib/session', 'lib/http', 'lib/booking-flow'];
const SERVER_FILES = ['lib/env.ts', 'lib/log.ts'];

describe('server-only boundaries', () => {
  const serverModules = [
    ...SERVER_DIRS.flatMap((d) => walk(path.join(root, d))),
    ...SERVER_FILES.map((f) => path.join(root, f)),
  ].filter((f) => !SHARED.has(rel(f)));

  it('marks every module that can reach the key or the session secret as server-only', () => {
    expect(serverModules.length).toBeGreaterThan(5);
    const unmarked = serverModules.filter((f) => !/^import 'server-only';/m.test(readFileSync(f, 'utf8')));
    expect(unmarked.map(rel)).toEqual([]);
  });

  it('reads the partner key only inside lib/partner-api/config.ts', () => {
    const readers = walk(root)
      .filter((f) => !rel(f).startsWith('sandbox/') && !rel(f).startsWith('test/') && !rel(f).startsWith('e2e/'))
      // Test support under a testing/ folder may set the variable for a test run.
      .filter((f) => !rel(f).includes('/testing/'))
      .filter((f) => /PARTNER_API_KEY/.test(readFileSync(f, 'utf8')))
      .map(rel);
    // lib/partner-api/env-schema.ts names the variable in its schema, and is handed the value.
    const allowed = [
      'lib/partner-api/config.ts',
      'lib/partner-api/env-schema.ts',
      'bench/run.ts',
      'scripts/start.ts',
    ];
    expect(readers.filter((f) => !allowed.includes(f))).toEqual([]);
  });

  it('keeps client components away from server-only modules', () => {
    const clientFiles = [...walk(path.join(root, 'app')), ...walk(path.join(root, 'components'))].filter((f) =>
      /^['"]use client['"]/m.test(readFileSync(f, 'utf8')),
    );
    const offenders = clientFiles.filter((f) =>
      /from ['"]@\/lib\/(partner-api\/(?!schemas|operations|errors)|upstream|session|http|env|log)/.test(
        readFileSync(f, 'utf8'),
      ),
    );
    expect(offenders.map(rel)).toEqual([]);
  });

  it('has no public env name that looks like a secret', () => {
    const hits = walk(root)
      .filter((f) => !rel(f).startsWith('test/'))
      .filter((f) => /NEXT_PUBLIC_[A-Z_]*(KEY|SECRET|TOKEN|PASS|PARTNER)/.test(readFileSync(f, 'utf8')));
    expect(hits.map(rel)).toEqual([]);
    expect(readFileSync(path.join(root, 'next.config.mjs'), 'utf8')).not.toMatch(/^\s*env\s*:/m);
  });
});
