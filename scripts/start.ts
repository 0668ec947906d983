/**
 * `npm start`: the sandbox partner API on 127.0.0.1:4010 and the site in production mode on
 * http://localhost:3000, building first when needed (the Next.js build and the compiled site
 * server). With PARTNER_API_URL, PARTNER_API_KEY and PARTNER_ID set, no sandbox starts. Ctrl-C
 * stops both.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensureServerBuild, SERVER_NODE_OPTIONS, SERVER_OUTPUT } from './build-server';

const root = path.resolve(__dirname, '..');
const realPartner = Boolean(
  process.env.PARTNER_API_URL && process.env.PARTNER_API_KEY && process.env.PARTNER_ID,
);
const sitePort = process.env.PORT ?? '3000';
const children: ChildProcess[] = [];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function needsBuild(): boolean {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  const sources = ['app', 'components', 'lib', 'messages', 'public']
    .map((d) => path.join(root, d))
    .filter(existsSync);
  const configs = ['next.config.mjs', 'package-lock.json', 'proxy.ts']
    .map((f) => path.join(root, f))
    .filter(existsSync);
  return Math.max(...sources.map(newestMtime), ...configs.map((f) => statSync(f).mtimeMs)) > built;
}

/** Each child runs in its own process group, so npx and the server it starts stop together. */
function killChildren(): void {
  for (const child of children) {
    if (child.pid === undefined || child.exitCode !== null) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

function stopAll(code: number): void {
  killChildren();
  setTimeout(() => process.exit(code), 800).unref();
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
process.on('exit', killChildren);

if (needsBuild()) {
  console.log('Building the site (first start or sources changed)…');
  const build = spawnSync('npx', ['next', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (!realPartner) {
  const sandbox = spawn('npx', ['tsx', 'sandbox/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: {
      ...process.env,
      SANDBOX_PORT: '4010',
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_LATENCY_MS: process.env.SANDBOX_LATENCY_MS ?? '120',
    },
  });
  children.push(sandbox);
  sandbox.on('exit', (code) => stopAll(code ?? 1));
  console.log('Sandbox partner API on http://127.0.0.1:4010 (partner demo-partner, key demo-key)');
}

async function startSite(): Promise<void> {
  // The site server compiled (server/ into dist/server.mjs) when missing or older than its sources.
  await ensureServerBuild(root);
  // The same server the browser tests, the fleet and the benchmark start, run by node alone.
  const site = spawn(
    process.execPath,
    [...SERVER_NODE_OPTIONS, SERVER_OUTPUT, '-p', sitePort, '-H', 'localhost'],
    {
      cwd: root,
      stdio: 'inherit',
      detached: true,
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  children.push(site);
  site.on('exit', (code) => stopAll(code ?? 1));
  console.log(`Site on http://localhost:${sitePort}`);
}

startSite().catch((err: unknown) => {
  console.error(err);
  stopAll(1);
});
