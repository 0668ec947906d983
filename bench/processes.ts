import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The benchmark's child processes (sandbox, site, bare server, browser) and how they end. */

export const root = path.resolve(__dirname, '..');

const children: ChildProcess[] = [];

/** Children run in their own process group, so npx and the server it starts stop together. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
process.on('exit', () => children.forEach((c) => killGroup(c, 'SIGTERM')));
process.on('SIGINT', () => process.exit(130));

export function start(
  command: string,
  args: string[],
  env: Record<string, string>,
  /** Where the child's error output goes; the browser's is noise about services it does not use. */
  stderr: 'inherit' | 'ignore' = 'inherit',
  cwd: string = root,
): ChildProcess {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', stderr],
    detached: true,
  });
  children.push(child);
  return child;
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    killGroup(child, 'SIGTERM');
    setTimeout(() => killGroup(child, 'SIGKILL'), 5000).unref();
  });
}

export async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${url}`);
}

export async function portInUse(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/** Settles with `promise`, or rejects once `ms` have passed: no step of the bench waits forever. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Busy and total CPU time of the whole machine so far (Linux /proc/stat), or null elsewhere. */
function cpuTimes(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    const total = fields.reduce((sum, n) => sum + n, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** When the machine counts as quiet: its cores at most this busy over one window. */
export const QUIET = { maxBusyShare: 0.15, windowMs: 2_000, maxMs: 60_000 } as const;

/**
 * Waits, at most QUIET.maxMs, until the machine's cores were at most QUIET.maxBusyShare busy over
 * one QUIET.windowMs: after a load phase the servers go on working for a while (collecting
 * garbage, writing back), and a browser measured meanwhile shares the cores with them. Returns the
 * seconds waited and whether the last window was quiet (also when the machine does not say).
 */
export async function waitForQuietMachine(): Promise<{ waitedSeconds: number; quiet: boolean }> {
  const started = Date.now();
  let quiet = true;
  for (;;) {
    const before = cpuTimes();
    await new Promise((resolve) => setTimeout(resolve, QUIET.windowMs));
    const after = cpuTimes();
    if (!before || !after || after.total === before.total) break;
    quiet = (after.busy - before.busy) / (after.total - before.total) <= QUIET.maxBusyShare;
    if (quiet || Date.now() - started >= QUIET.maxMs) break;
  }
  return { waitedSeconds: (Date.now() - started) / 1000, quiet };
}
