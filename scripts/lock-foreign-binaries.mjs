/**
 * The registry this project installs from does not carry every platform's prebuilt binary
 * (e.g. @swc/core-darwin-arm64), so `npm install` leaves those optional packages out of
 * package-lock.json, and `npm ci` then refuses the lock as out of sync. This adds an entry for
 * each missing optional platform package, with its os/cpu constraints, so `npm ci` knows it and
 * skips it on a machine it does not fit. Run after `npm install` changes the lock:
 *   node scripts/lock-foreign-binaries.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const OS = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = [
  ['arm64', 'arm64'],
  ['aarch64', 'arm64'],
  ['x64', 'x64'],
  ['ia32', 'ia32'],
  ['ppc64', 'ppc64'],
  ['s390x', 's390x'],
  ['riscv64', 'riscv64'],
  ['loong64', 'loong64'],
  ['wasm32', 'wasm32'],
  ['arm', 'arm'],
];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = CPU.find(([token]) => parts.includes(token))?.[1];
  if (!cpu) return null;
  const entry = { cpu: [cpu] };
  if (os) entry.os = [os];
  if (os === 'linux') {
    if (parts.some((p) => p.startsWith('musl'))) entry.libc = ['musl'];
    else if (parts.some((p) => p.startsWith('gnu'))) entry.libc = ['glibc'];
  }
  return entry;
}

let added = 0;
for (const [path, pkg] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = path === '' ? '' : `${path}/`;
    if (lock.packages[`${base}node_modules/${name}`] || lock.packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    lock.packages[`node_modules/${name}`] = { version, optional: true, ...platform };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`lock: added ${added} optional platform packages`);
