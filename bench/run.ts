/**
 * `npm run bench`: the sandbox (with realistic latency) and the production site on loopback,
 * a bounded autocannon load of searches and house pages over a few hundred deep links with a
 * skewed popularity, then the same load against a site with partner caching disabled.
 * Prints site throughput and latency beside the partner calls it cost.
 *
 * BENCH_DURATION (seconds, default 60) and BENCH_CONNECTIONS (default 16) tune the run;
 * BENCH_CACHE_OFF=skip leaves out the comparison run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(__dirname, '..');
const SANDBOX_PORT = 4210;
const SITE_PORT = 3210;
const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
const SITE_URL = `http://127.0.0.1:${SITE_PORT}`;
const DURATION = Math.min(Math.max(Number(process.env.BENCH_DURATION ?? 60), 5), 300);
const CONNECTIONS = Math.min(Math.max(Number(process.env.BENCH_CONNECTIONS ?? 16), 1), 64);
const LOCALES = ['nl', 'en', 'de', 'fr'] as const;

const children: ChildProcess[] = [];
/** Children run in their own process group, so npx and the server it starts stop together. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
process.on('exit', () => children.forEach((c) => killGroup(c, 'SIGTERM')));
process.on('SIGINT', () => process.exit(130));

/** Small seeded PRNG so two runs use the same link sequence. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function isoDay(offsetDays: number): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${url}`);
}

function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  children.push(child);
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    killGroup(child, 'SIGTERM');
    setTimeout(() => killGroup(child, 'SIGKILL'), 5000).unref();
  });
}

async function sandboxJson(pathname: string, init?: RequestInit): Promise<unknown> {
  const res = await fetch(`${SANDBOX_URL}${pathname}`, {
    ...init,
    headers: { 'x-security-key': 'demo-key', 'x-partner': 'demo-partner', ...(init?.headers ?? {}) },
  });
  return res.json();
}

/** A few hundred deep links: searches over dates and parties, and house pages. */
async function buildLinks(): Promise<string[]> {
  const houses = (await sandboxJson('/bungalow/api/v1/booking/parkActiveHouses')) as Array<{ id: number }>;
  const rand = mulberry32(7);
  const links: string[] = [];
  const parties = ['adults=2', 'adults=2&child0512=2', 'adults=4', 'adults=2&pets=1', 'adults=6', ''];
  for (let i = 0; i < 220; i++) {
    const startOffset = 5 + Math.floor(rand() * 150);
    const nights = [2, 3, 4, 7][Math.floor(rand() * 4)]!;
    const party = parties[Math.floor(rand() * parties.length)]!;
    const locale = LOCALES[Math.floor(rand() * LOCALES.length)]!;
    const dates = i % 11 === 0 ? '' : `startDate=${isoDay(startOffset)}&endDate=${isoDay(startOffset + nights)}`;
    links.push(`/${locale}/search?${[dates, party].filter(Boolean).join('&')}`);
  }
  for (let i = 0; i < 120 && houses.length > 0; i++) {
    const house = houses[Math.floor(rand() * houses.length)]!;
    const locale = LOCALES[Math.floor(rand() * LOCALES.length)]!;
    links.push(`/${locale}/houses/${house.id}`);
  }
  return [...new Set(links)];
}

/** Zipf-like popularity: a few links take most of the traffic, as on a real marketing site. */
function zipfPicker(n: number, s = 1.1, seed = 11): () => number {
  const weights = Array.from({ length: n }, (_, k) => 1 / Math.pow(k + 1, s));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let acc = 0;
  for (const w of weights) cumulative.push((acc += w / total));
  const rand = mulberry32(seed);
  return () => {
    const r = rand();
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

interface RunResult {
  label: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  partnerCalls: number;
  partnerPerMinute: number;
  maxInAnyMinute: number;
  partner429: number;
  /** 2xx answers that showed the "partner busy" notice instead of houses. */
  busy: number;
}

/** The designed busy state carries this id (components/ui/partner-busy-notice.tsx). */
const BUSY_MARKER = 'id="busy-heading"';

async function runOnce(label: string, links: string[], cacheOff: boolean): Promise<RunResult> {
  const site = start('npx', ['next', 'start', '-p', String(SITE_PORT), '-H', '127.0.0.1'], {
    NODE_ENV: 'production',
    SANDBOX_URL,
    SITE_URL,
    LOG_LEVEL: 'error',
    PARTNER_CACHE: cacheOff ? 'off' : 'on',
  });
  await waitFor(`${SITE_URL}/api/health`, 60_000);
  await fetch(`${SANDBOX_URL}/__sandbox/reset`, { method: 'POST' });
  const pick = zipfPicker(links.length);
  const started = Date.now();
  let busy = 0;
  const result = await autocannon({
    url: SITE_URL,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 20,
    requests: [
      {
        setupRequest: (req) => ({ ...req, path: links[pick()] ?? '/' }),
        onResponse: (status, body) => {
          if (status < 300 && body.includes(BUSY_MARKER)) busy++;
        },
      },
    ],
  });
  const minutes = (Date.now() - started) / 60_000;
  const stats = (await (await fetch(`${SANDBOX_URL}/__sandbox/stats`)).json()) as {
    calls: { total: number };
    rateLimited: number;
    maxCallsInAnyMinute: number;
  };
  await stop(site);
  return {
    label,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    partnerCalls: stats.calls.total,
    partnerPerMinute: stats.calls.total / minutes,
    maxInAnyMinute: stats.maxCallsInAnyMinute,
    partner429: stats.rateLimited,
    busy,
  };
}

function printTable(results: RunResult[]): void {
  const rows: Array<[string, (r: RunResult) => string]> = [
    ['site requests', (r) => String(r.requests)],
    ['site requests/s', (r) => r.rps.toFixed(1)],
    ['latency p50 (ms)', (r) => String(r.p50)],
    ['latency p99 (ms)', (r) => String(r.p99)],
    ['errors (socket/timeout)', (r) => String(r.errors)],
    ['non-2xx answers', (r) => String(r.non2xx)],
    ['2xx "partner busy" pages', (r) => String(r.busy)],
    ['partner calls', (r) => String(r.partnerCalls)],
    ['partner calls/min (avg)', (r) => r.partnerPerMinute.toFixed(1)],
    ['partner calls, max in any 60 s', (r) => String(r.maxInAnyMinute)],
    ['partner 429s', (r) => String(r.partner429)],
    ['site requests per partner call', (r) => (r.requests / Math.max(1, r.partnerCalls)).toFixed(1)],
    ['served / partner quota (100/min)', (r) => ((r.rps * 60) / 100).toFixed(1) + '×'],
  ];
  const width = 34;
  console.log(`\n${'metric'.padEnd(width)}${results.map((r) => r.label.padStart(18)).join('')}`);
  for (const [name, fmt] of rows) console.log(`${name.padEnd(width)}${results.map((r) => fmt(r).padStart(18)).join('')}`);
}

async function portInUse(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  for (const url of [SITE_URL, SANDBOX_URL]) {
    if (await portInUse(url)) throw new Error(`${url} is already in use: stop the old process first`);
  }
  if (!existsSync(path.join(root, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'))) {
    const build = spawnSync('npx', ['next', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(1);
  }
  const sandbox = start('npx', ['tsx', 'sandbox/src/main.ts'], {
    SANDBOX_PORT: String(SANDBOX_PORT),
    SANDBOX_HOST: '127.0.0.1',
    SANDBOX_LATENCY_MS: process.env.SANDBOX_LATENCY_MS ?? '120',
  });
  await waitFor(`${SANDBOX_URL}/__sandbox/stats`, 30_000);
  const links = await buildLinks();
  console.log(`bench: ${links.length} distinct deep links, ${CONNECTIONS} connections, ${DURATION} s per run`);
  const cached = await runOnce('cache on', links, false);
  // BENCH_CACHE_OFF=skip leaves out the comparison run while tuning.
  const uncached = process.env.BENCH_CACHE_OFF === 'skip' ? [] : [await runOnce('cache off', links, true)];
  await stop(sandbox);
  printTable([cached, ...uncached]);
  const ok = cached.partner429 === 0 && cached.maxInAnyMinute <= 90;
  console.log(
    `\ntarget (≥30× quota served, 0 partner 429s, ≤90 calls in any minute): ${ok && (cached.rps * 60) / 100 >= 30 ? 'met' : 'NOT met'}`,
  );
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
