/**
 * The fleet for e2e/fleet: the sandbox at the partner's real quota (100 calls a minute), one
 * redis-server, one Postgres for the booking ledger (when installed), three `next start` instances of the same build that share it, and a round-robin
 * balancer in front, so that consecutive requests of one guest land on different instances and
 * every instance must share the quota, the cache and the session secret. Everything listens on
 * 127.0.0.1 and stops with this process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { startSandbox } from '../../sandbox/src/server';
import { ensureServerBuild, SERVER_NODE_OPTIONS, SERVER_OUTPUT } from '../../scripts/build-server';
import { hasPostgres, startPostgres } from '../../test/postgres';
import { startRedis } from '../../test/redis';
import { FLEET, FLEET_DATABASE_URL } from './ports';

const root = path.resolve(__dirname, '../..');
const children: ChildProcess[] = [];

function stopAll(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${url}`);
}

/** Round robin per request (or the pinned instance); each answer names the instance that served it. */
function startBalancer(): Promise<http.Server> {
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;
  const server = http.createServer((req, res) => {
    // The tests may pin a request to one instance (x-fleet-pin) to prove where each step ran.
    const pin = Number(req.headers['x-fleet-pin']);
    const index =
      Number.isInteger(pin) && FLEET.instances[pin] !== undefined ? pin : next++ % FLEET.instances.length;
    const port = FLEET.instances[index]!;
    // As a reverse proxy does: the address it was connected from, after any the request carried.
    const from = req.socket.remoteAddress ?? '';
    const forwarded = req.headers['x-forwarded-for'];
    const headers = { ...req.headers, 'x-forwarded-for': forwarded ? `${String(forwarded)}, ${from}` : from };
    const upstream = http.request(
      { host: '127.0.0.1', port, path: req.url, method: req.method, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-fleet-instance': String(index) });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('instance unavailable');
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(FLEET.balancer, '127.0.0.1', () => resolve(server)));
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({ port: FLEET.sandbox, latencyMs: 20, rateLimitPerMin: 100 });
  const redis = await startRedis();
  process.on('exit', () => void redis.stop());
  // One ledger for the whole fleet: every instance drains the shared outbox into it.
  const postgres = hasPostgres('fleet ledger') ? await startPostgres({ port: FLEET.postgres }) : null;
  const shared = {
    NODE_ENV: 'production' as const,
    SANDBOX_URL: sandbox.url,
    SITE_URL: FLEET.siteUrl,
    REDIS_URL: redis.url,
    // Every instance must open the cookies the others seal.
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    // A CDN in front of the balancer (two proxies): the burst's requests carry the addresses of
    // the many guests a CDN would name, so each keeps to its own share of the partner calls.
    TRUST_PROXY: '2',
    ...(postgres
      ? { LEDGER: 'on', DATABASE_URL: FLEET_DATABASE_URL, PARTNER_REPORT_TOKEN: FLEET.reportToken }
      : { LEDGER: 'off' }),
  };
  // The compiled site server, as production runs it (compiled first when its sources changed).
  await ensureServerBuild();
  for (const port of FLEET.instances) {
    children.push(
      spawn(
        process.execPath,
        [...SERVER_NODE_OPTIONS, SERVER_OUTPUT, '-p', String(port), '-H', '127.0.0.1'],
        {
          cwd: root,
          env: { ...process.env, ...shared },
          // In this process's group: the runner stops the whole group, instances included.
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      ),
    );
  }
  await Promise.all(FLEET.instances.map((port) => waitFor(`http://127.0.0.1:${port}/api/health`, 90_000)));
  await startBalancer();
  console.log(`fleet: ${FLEET.instances.length} instances behind ${FLEET.siteUrl}, sandbox ${sandbox.url}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
