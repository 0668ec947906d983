import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from './redis';

/**
 * Starts a throwaway Postgres for integration tests: `initdb` into a temporary folder and
 * `postgres` on a free loopback port with its socket in that folder, without durability (fsync
 * off: the data is thrown away). Postgres refuses to run as root, so as root it runs as the
 * `postgres` user (else `nobody`) through runuser. It can be stopped and started again on the
 * same port and data, to test what happens while the database is down.
 */

export interface PostgresServer {
  readonly url: string;
  readonly port: number;
  /** Stops the server (fast shutdown) and waits for it to exit; the data stays. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and deletes its folder. Safe to call twice. */
  destroy(): Promise<void>;
}

/** The newest Postgres whose server and initdb are installed, or null. */
export function postgresBinDir(): string | null {
  const fromEnv = process.env.POSTGRES_BIN_DIR;
  if (fromEnv) return existsSync(path.join(fromEnv, 'postgres')) ? fromEnv : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter(
      (v) =>
        existsSync(path.join(root, v, 'bin', 'postgres')) && existsSync(path.join(root, v, 'bin', 'initdb')),
    )
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

/** Says once why a suite that needs Postgres is skipped; true when it can run. */
export function hasPostgres(suite: string): boolean {
  const found = postgresBinDir() !== null;
  if (!found) console.warn(`${suite}: no postgres binary (install Debian's postgresql); skipped`);
  return found;
}

/** The user to run as when this process is root: Postgres will not run as root itself. */
function runAsUser(): { name: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name]).toString().trim());
      const gid = Number(execFileSync('id', ['-g', name]).toString().trim());
      return { name, uid, gid };
    } catch {
      // no such user
    }
  }
  throw new Error('running as root and neither a postgres nor a nobody user exists');
}

function command(user: ReturnType<typeof runAsUser>, binary: string, args: string[]): [string, string[]] {
  return user ? ['runuser', ['-u', user.name, '--', binary, ...args]] : [binary, args];
}

async function accepts(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The server's own process id, from its pid file (runuser stands between us and it). */
function serverPid(data: string): number | null {
  try {
    const pid = Number.parseInt(
      readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '',
      10,
    );
    return Number.isInteger(pid) ? pid : null;
  } catch {
    return null;
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const FOLDER_PREFIX = 'ledger-pg-';

/**
 * Deletes the folders of servers that a killed process left behind (a runner that ends its web
 * server with SIGKILL runs no exit hook): those whose server is not running, an hour after.
 */
function sweepLeftovers(): void {
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith(FOLDER_PREFIX))) {
    const folder = path.join(tmpdir(), name);
    try {
      if (Date.now() - statSync(folder).mtimeMs < 3_600_000) continue;
      const pid = serverPid(path.join(folder, 'data'));
      if (pid === null || !running(pid)) rmSync(folder, { recursive: true, force: true });
    } catch {
      // another run removed it meanwhile
    }
  }
}

/** Starts one; on `port` when given, else on a free one. */
export async function startPostgres(options: { port?: number } = {}): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (bin === null) throw new Error('no postgres binary found');
  const user = runAsUser();
  sweepLeftovers();
  const folder = mkdtempSync(path.join(tmpdir(), FOLDER_PREFIX));
  const data = path.join(folder, 'data');
  if (user) chownSync(folder, user.uid, user.gid);
  const [initCmd, initArgs] = command(user, path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'ledger',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--locale=C',
  ]);
  execFileSync(initCmd, initArgs, { stdio: 'ignore' });
  const port = options.port ?? (await freePort());
  const url = `postgres://ledger@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | undefined;
  // A process that ends without stopping it takes the server and its folder along.
  const killOnExit = () => {
    const pid = serverPid(data);
    if (pid !== null && running(pid)) process.kill(pid, 'SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  };

  async function start(): Promise<void> {
    const [cmd, args] = command(user, path.join(bin!, 'postgres'), [
      '-D',
      data,
      '-k',
      folder,
      '-p',
      String(port),
      '-h',
      '127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ]);
    child = spawn(cmd, args, { stdio: 'ignore' });
    process.once('exit', killOnExit);
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}`);
      if (await accepts(url)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`postgres did not accept connections on port ${port}`);
  }

  async function stop(): Promise<void> {
    process.off('exit', killOnExit);
    const pid = serverPid(data);
    if (pid !== null && running(pid)) {
      process.kill(pid, 'SIGINT'); // fast shutdown: clients are disconnected at once
      const deadline = Date.now() + 10_000;
      while (running(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    if (child && child.exitCode === null && child.signalCode === null)
      await new Promise((resolve) => child!.once('exit', resolve));
  }

  await start();
  return {
    url,
    port,
    stop,
    start,
    async destroy() {
      await stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
