/**
 * The Lighthouse and render phases' reference: bench/reference-app, a page with no client
 * component of its own, built and served with the site's own Next.js and React. Its scores are
 * what the framework costs a phone before any of the site's work, and its /render address what a
 * server-rendered page costs the server, so the site's figures can be read against them.
 *
 * It is built in a throwaway folder that links to the site's node_modules. Webpack builds it:
 * Turbopack refuses a node_modules that resolves outside the folder it builds.
 *
 * It answers with the headers every page of the site carries whatever it shows (not the content
 * security policy, which is per page). They are not free: with the opener policy Chromium commits
 * the page in a fresh renderer process, and Lighthouse counts that longer commit as blocking time
 * (booking step, 10 runs each: performance median 91 with the header, 97 without). A reference
 * without them would charge the site for a header every page must send.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIXED_SECURITY_HEADERS } from '../lib/security-headers';
import { root, start, stop, waitFor } from './processes';

export interface ReferenceServer {
  readonly url: string;
  /** The server's process, whose CPU time the render phase reads. */
  readonly pid: number | undefined;
}

export interface ReferenceApp extends ReferenceServer {
  /** Every server of the build: the first (`url`, `pid`) and any `more` started beside it. */
  readonly servers: readonly ReferenceServer[];
  close(): Promise<void>;
}

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['dom', 'dom.iterable', 'es2023'],
    skipLibCheck: true,
    strict: true,
    noEmit: true,
    module: 'esnext',
    moduleResolution: 'bundler',
    isolatedModules: true,
    jsx: 'react-jsx',
    plugins: [{ name: 'next' }],
  },
  include: ['**/*.ts', '**/*.tsx'],
  exclude: ['node_modules'],
};

/** The reference's next.config.mjs: no powered-by header, and the site's fixed headers on every answer. */
export function referenceNextConfig(
  headers: Readonly<Record<string, string>> = FIXED_SECURITY_HEADERS,
): string {
  const list = Object.entries(headers).map(([key, value]) => ({ key, value }));
  return [
    'export default {',
    '  poweredByHeader: false,',
    `  headers: async () => [{ source: '/:path*', headers: ${JSON.stringify(list)} }],`,
    '};',
    '',
  ].join('\n');
}

/**
 * Builds the reference page and starts `1 + more` servers of the build on `port` and the ports
 * after it: as many as the site runs instances, when the render phase loads the whole host.
 */
export async function startReferenceApp(port: number, more = 0): Promise<ReferenceApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-reference-'));
  const servers: ChildProcess[] = [];
  try {
    cpSync(path.join(root, 'bench', 'reference-app'), dir, { recursive: true });
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    // No "type" field: a CommonJS package type breaks the Next.js build.
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'reference', private: true }));
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
    writeFileSync(path.join(dir, 'next.config.mjs'), referenceNextConfig());
    const next = path.join(root, 'node_modules', '.bin', 'next');
    const build = spawnSync(next, ['build', '--webpack'], {
      cwd: dir,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 300_000,
    });
    if (build.status !== 0) {
      throw new Error(`the reference page did not build:\n${build.stdout}\n${build.stderr}`.slice(-4000));
    }
    const urls = Array.from({ length: 1 + more }, (_, i) => `http://127.0.0.1:${port + i}`);
    for (const url of urls) {
      const listen = ['start', '-p', new URL(url).port, '-H', '127.0.0.1'];
      servers.push(start(next, listen, { NEXT_TELEMETRY_DISABLED: '1' }, 'inherit', dir));
    }
    await Promise.all(urls.map((url) => waitFor(`${url}/`, 60_000)));
    const started = urls.map((url, i) => ({ url, pid: servers[i]!.pid }));
    return {
      ...started[0]!,
      servers: started,
      async close() {
        await Promise.all(servers.map(stop));
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await Promise.all(servers.map(stop));
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
