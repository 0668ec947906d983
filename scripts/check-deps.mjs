// The installed `next` is at or above the floor that fixes its known advisories (older versions let
// crafted requests skip middleware), and no production dependency has a high or critical advisory. When the registry's audit endpoint cannot be
// reached (some mirrors refuse it), that is said plainly and the version floor still decides.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const FLOORS = { next: '16.3.3' };

function parse(version) {
  return version.split('-')[0].split('.').map(Number);
}

export function atLeast(version, floor) {
  const a = parse(version);
  const b = parse(floor);
  for (let i = 0; i < 3; i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  // A pre-release of the floor itself comes before it.
  return !version.includes('-');
}

function main() {
  let ok = true;
  for (const [name, floor] of Object.entries(FLOORS)) {
    const { version } = JSON.parse(readFileSync(path.join('node_modules', name, 'package.json'), 'utf8'));
    const pass = atLeast(version, floor);
    console.log(`${name} ${version}: ${pass ? 'at or above' : 'BELOW'} the floor ${floor}`);
    ok &&= pass;
  }
  const audit = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  let report;
  try {
    report = JSON.parse(audit.stdout);
  } catch {
    report = undefined;
  }
  if (!report?.metadata?.vulnerabilities) {
    const why =
      report?.message ?? report?.error?.summary ?? (audit.stderr.trim().split('\n').at(-1) || 'no answer');
    console.log(`npm audit could not run here (${why}); the version floors decide`);
  } else {
    const counts = report.metadata.vulnerabilities;
    const serious = (counts.high ?? 0) + (counts.critical ?? 0);
    console.log(
      `npm audit: ${counts.high ?? 0} high, ${counts.critical ?? 0} critical advisories in production dependencies`,
    );
    ok &&= serious === 0;
  }
  process.exit(ok ? 0 : 1);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
