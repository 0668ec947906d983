import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection, createServer } from 'node:net';

/**
 * Starts a throwaway redis-server on a free loopback port, without persistence, for integration
 * tests that need the real thing (Lua scripts, SET NX PX, expiry, a server that goes away).
 */

export interface RedisServer {
  readonly url: string;
  readonly port: number;
  /** Stops the server and waits for the process to exit. Safe to call twice. */
  stop(): Promise<void>;
}

const REDIS_BINARY = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';

/** A loopback port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** One PING over a raw socket; true on +PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => finish(data.toString().startsWith('+PONG')));
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function startOnce(port: number): Promise<RedisServer | undefined> {
  const child = spawn(
    REDIS_BINARY,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--loglevel',
      'warning',
    ],
    { stdio: 'ignore' },
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited(child);
  };
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    // The port was free a moment ago; another process may have taken it since.
    if (child.exitCode !== null) return undefined;
    if (await ping(port)) return { url: `redis://127.0.0.1:${port}`, port, stop };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await stop();
  throw new Error(`redis-server did not answer PING on port ${port}`);
}

export async function startRedis(): Promise<RedisServer> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const server = await startOnce(await freePort());
    if (server !== undefined) return server;
  }
  throw new Error('could not start redis-server on a free port');
}
