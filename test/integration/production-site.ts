import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import path from 'node:path';
import { ensureServerBuild, SERVER_NODE_OPTIONS, SERVER_OUTPUT } from '../../scripts/build-server';

/**
 * Starts the production build the way production starts it (the compiled site server,
 * `node dist/server.mjs`, which `npm start` runs; compiled first when its sources changed), in its
 * own process on a free loopback port. The build is `.next`, or the folder named by NEXT_DIST_DIR.
 */

const root = path.resolve(__dirname, '../..');

/**
 * Whether a production build is there to start. `npm test` builds before it runs these suites and
 * sets REQUIRE_BUILD=1, so there a missing build fails the run instead of skipping the tests.
 */
export function productionBuildExists(): boolean {
  const exists = existsSync(path.join(root, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'));
  if (!exists && process.env.REQUIRE_BUILD === '1') {
    throw new Error('REQUIRE_BUILD=1 but there is no production build: run `npx next build` first');
  }
  return exists;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface ProductionSite {
  url: string;
  port: number;
  /** Everything the server wrote to stdout and stderr. */
  output(): string;
  stop(): Promise<void>;
}

export async function startProductionSite(env: Record<string, string>): Promise<ProductionSite> {
  await ensureServerBuild();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_OPTIONS, SERVER_OUTPUT, '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SITE_URL: url, LOG_LEVEL: 'warn', LEDGER: 'off', ...env },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  // 'close', not 'exit': the output is read after stop(), and at 'exit' the server's last lines
  // may still be in the pipes.
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));

  const deadline = Date.now() + 60_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null) throw new Error(`the site exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`the site did not listen within 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port,
    output: () => output,
    async stop() {
      // A process ended by a signal keeps exitCode null and has its signalCode set instead.
      const running = () => child.exitCode === null && child.signalCode === null;
      if (running() && child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 8000))]);
        if (running()) process.kill(-child.pid, 'SIGKILL');
      }
    },
  };
}

/** A level-1 heading with this text as rendered into the page's data (not a message bundle entry). */
export const renderedHeading = (text: string) => new RegExp(`"h1[^}]{0,160}${text}`);

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One request with the path sent exactly as given (fetch and URL would normalize `%ff` or a
 * Host header), for probing what the server does with hostile input.
 */
export function rawRequest(
  port: number,
  target: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: target, headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
