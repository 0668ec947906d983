import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
import { main, type CheckReport } from '../index';

/** Helpers shared by the partner check's tests: profiles in temp files and the command's answer. */

export const ROOT = path.resolve(__dirname, '../../..');
export const DOCUMENTED_PROFILE = path.join(ROOT, 'profiles/partner-documented.json');

export function partnerEnv(url: string, key = 'demo-key'): Record<string, string> {
  return { PARTNER_API_URL: url, PARTNER_API_KEY: key, PARTNER_ID: 'demo-partner' };
}

let dir: string | undefined;

/** A partner profile written to a temp file, for PARTNER_PROFILE. */
export function profileFile(profile: unknown): string {
  dir ??= mkdtempSync(path.join(tmpdir(), 'partner-check-'));
  const file = path.join(dir, `profile-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(profile));
  return file;
}

/** Runs the command as the CLI does (with --json) and returns its exit code and report. */
export async function runCommand(
  env: Record<string, string>,
): Promise<{ code: number; report: CheckReport; printed: string }> {
  const out: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    out.push(args.join(' '));
  });
  let code: number;
  try {
    code = await main(['--json'], env);
  } finally {
    log.mockRestore();
  }
  const printed = out.join('\n');
  return { code, report: JSON.parse(printed) as CheckReport, printed };
}

export async function reservations(url: string): Promise<unknown[]> {
  return (await (await fetch(`${url}/__sandbox/reservations`)).json()) as unknown[];
}
