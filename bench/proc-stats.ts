/**
 * CPU time and resident memory of a server the bench started, read from Linux /proc: the process
 * and every process below it (a launcher may run the server as its child). Elsewhere they read
 * as unknown (undefined).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

let ticksPerSecond: number | undefined;

/** The kernel's clock ticks per second, in which /proc/<pid>/stat counts CPU time. */
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    const answer = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
    const value = Number(answer.stdout?.trim());
    ticksPerSecond = Number.isFinite(value) && value > 0 ? value : 100;
  }
  return ticksPerSecond;
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
export function statFields(stat: string): string[] {
  return stat
    .slice(stat.lastIndexOf(')') + 2)
    .trim()
    .split(/\s+/);
}

function readStat(pid: number): string[] | undefined {
  try {
    return statFields(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** `pid` and its descendants, as running now. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [pid];
  }
  for (const entry of entries) {
    // Field 4 of stat is the parent's id; after the command name it is the second field.
    const parent = Number(readStat(Number(entry))?.[1]);
    if (!Number.isFinite(parent)) continue;
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const pending = [pid];
  while (pending.length > 0) {
    const next = pending.pop()!;
    tree.push(next);
    pending.push(...(children.get(next) ?? []));
  }
  return tree;
}

/** User and system CPU milliseconds the processes have used so far (utime + stime). */
export function cpuMilliseconds(pids: readonly number[]): number | undefined {
  let ticks = 0;
  let known = false;
  for (const pid of pids) {
    const fields = readStat(pid);
    if (!fields) continue;
    // utime and stime are stat fields 14 and 15: the 12th and 13th after the command name.
    ticks += Number(fields[11]) + Number(fields[12]);
    known = true;
  }
  return known ? (ticks * 1000) / clockTicks() : undefined;
}

/** Resident memory of the processes together, bytes (VmRSS of each). */
export function residentBytes(pids: readonly number[]): number | undefined {
  let bytes = 0;
  let known = false;
  for (const pid of pids) {
    try {
      const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (!match) continue;
      bytes += Number(match[1]) * 1024;
      known = true;
    } catch {
      // gone meanwhile
    }
  }
  return known ? bytes : undefined;
}
