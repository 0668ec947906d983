/**
 * `npm run bench`: the sandbox (with realistic latency), a redis-server and the production site
 * (BENCH_INSTANCES `next start` processes sharing cache and quota through Redis; one instance
 * uses the in-memory store) on loopback, and bounded autocannon loads of searches and house
 * pages over a few hundred deep links with a skewed popularity:
 *
 * 1. cold: the first minute after a deploy, every cache empty;
 * 2. warm-up (not timed): each link not yet answered with houses is asked again, in order of
 *    popularity, until all are cached or BENCH_WARMUP seconds pass; the quota sets the pace;
 * 3. steady: the same load as 1 on the warmed site, the state a site that has been up is in;
 * 4. cache off: the same load against fresh instances with partner caching disabled.
 *
 * Prints site throughput and latency beside the partner calls they cost. The partner's
 * "max in any 60 s" covers the whole life of the cached site (phases 1 to 3 back to back).
 *
 * BENCH_DURATION (seconds per timed phase, default 60), BENCH_CONNECTIONS (default 16),
 * BENCH_INSTANCES (default 2), BENCH_WARMUP (seconds, default 300) tune the run;
 * BENCH_CACHE_OFF=skip leaves out phase 4.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { LOCALES } from '../lib/i18n/locales';
import { mulberry32 } from '../sandbox/src/prng';
import { startRedis, type RedisServer } from '../test/redis';

const root = path.resolve(__dirname, '..');
const SANDBOX_PORT = 4210;
const SITE_PORT = 3210;
const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
const clamp = (value: number, min: number, max: number) =>
  Math.min(Math.max(Number.isFinite(value) ? value : min, min), max);
const DURATION = clamp(Number(process.env.BENCH_DURATION ?? 60), 5, 300);
const CONNECTIONS = clamp(Number(process.env.BENCH_CONNECTIONS ?? 16), 1, 64);
const INSTANCES = clamp(Math.floor(Number(process.env.BENCH_INSTANCES ?? 2)), 1, 4);
const WARMUP = clamp(Number(process.env.BENCH_WARMUP ?? 300), 0, 900);
const SITE_URLS = Array.from({ length: INSTANCES }, (_, i) => `http://127.0.0.1:${SITE_PORT + i}`);
/** The public origin the instances share (as behind a load balancer). */
const SITE_URL = SITE_URLS[0]!;

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
    const dates =
      i % 11 === 0 ? '' : `startDate=${isoDay(startOffset)}&endDate=${isoDay(startOffset + nights)}`;
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

interface PhaseResult {
  label: string;
  requests: number;
  rps: number;
  /** 2xx pages that showed houses (or a house), not the busy notice. */
  servedRps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** 2xx answers that showed the "partner busy" notice instead of houses. */
  busy: number;
  partnerCalls: number;
  partnerPerMinute: number;
  maxInAnyMinute: number;
  partner429: number;
}

/** The designed busy state carries this id (components/ui/partner-busy-notice.tsx). */
const BUSY_MARKER = 'id="busy-heading"';

interface SandboxStats {
  calls: { total: number };
  rateLimited: number;
  maxCallsInAnyMinute: number;
}

async function sandboxStats(): Promise<SandboxStats> {
  return (await (await fetch(`${SANDBOX_URL}/__sandbox/stats`)).json()) as SandboxStats;
}

/** Starts the site instances; with more than one they share a store in Redis. */
async function startSite(cacheOff: boolean, redis: RedisServer | undefined): Promise<ChildProcess[]> {
  const sites = SITE_URLS.map((url, i) =>
    start('npx', ['tsx', 'scripts/site-server.ts', '-p', String(SITE_PORT + i), '-H', '127.0.0.1'], {
      NODE_ENV: 'production',
      SANDBOX_URL,
      SITE_URL,
      LOG_LEVEL: 'error',
      PARTNER_CACHE: cacheOff ? 'off' : 'on',
      ...(redis ? { REDIS_URL: redis.url } : {}),
    }),
  );
  await Promise.all(SITE_URLS.map((url) => waitFor(`${url}/api/health`, 60_000)));
  return sites;
}

/** One bounded autocannon load spread over the instances, as a round-robin balancer would. */
async function load(label: string, links: string[]): Promise<PhaseResult> {
  const pick = zipfPicker(links.length);
  const before = await sandboxStats();
  const started = Date.now();
  let busy = 0;
  const result = await autocannon({
    // autocannon spreads connections over several URLs; its types only name the single form.
    url: SITE_URLS as unknown as string,
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
  const seconds = (Date.now() - started) / 1000;
  const after = await sandboxStats();
  const calls = after.calls.total - before.calls.total;
  const ok = result.requests.total - result.non2xx - busy;
  return {
    label,
    requests: result.requests.total,
    rps: result.requests.average,
    servedRps: ok / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    busy,
    partnerCalls: calls,
    partnerPerMinute: calls / (seconds / 60),
    maxInAnyMinute: after.maxCallsInAnyMinute,
    partner429: after.rateLimited,
  };
}

/**
 * Asks for every link not yet answered with houses, most popular first, a few at a time, until
 * all are cached or the time is up. Returns how many links ended up cached.
 */
async function warmUp(
  links: string[],
  seconds: number,
): Promise<{ warmed: number; ms: number; calls: number }> {
  const before = await sandboxStats();
  const started = Date.now();
  const until = started + seconds * 1000;
  const pending = [...links];
  let warmed = 0;
  let next = 0;
  const worker = async (slot: number) => {
    while (pending.length > 0 && Date.now() < until) {
      const link = pending.shift()!;
      const base = SITE_URLS[(next++ + slot) % SITE_URLS.length]!;
      try {
        const res = await fetch(`${base}${link}`, { signal: AbortSignal.timeout(20_000) });
        const body = await res.text();
        if ((res.ok && !body.includes(BUSY_MARKER)) || res.status === 404) {
          warmed++;
          continue;
        }
      } catch {
        // counted as not warmed; tried again later
      }
      pending.push(link);
      await new Promise((r) => setTimeout(r, 500));
    }
  };
  await Promise.all([0, 1, 2, 3].map(worker));
  const after = await sandboxStats();
  return { warmed, ms: Date.now() - started, calls: after.calls.total - before.calls.total };
}

function printTable(results: PhaseResult[]): void {
  const rows: Array<[string, (r: PhaseResult) => string]> = [
    ['site requests', (r) => String(r.requests)],
    ['site requests/s', (r) => r.rps.toFixed(1)],
    ['pages with houses/s', (r) => r.servedRps.toFixed(1)],
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
    ['pages with houses / quota (100/min)', (r) => ((r.servedRps * 60) / 100).toFixed(1) + '×'],
  ];
  const width = 38;
  console.log(`\n${'metric'.padEnd(width)}${results.map((r) => r.label.padStart(18)).join('')}`);
  for (const [name, fmt] of rows)
    console.log(`${name.padEnd(width)}${results.map((r) => fmt(r).padStart(18)).join('')}`);
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
  for (const url of [...SITE_URLS, SANDBOX_URL]) {
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
  const redis = INSTANCES > 1 ? await startRedis() : undefined;
  try {
    await waitFor(`${SANDBOX_URL}/__sandbox/stats`, 30_000);
    const links = await buildLinks();
    console.log(
      `bench: ${links.length} distinct deep links, ${CONNECTIONS} connections, ${DURATION} s per timed phase, ` +
        `${INSTANCES} site instance(s)${redis ? ' sharing one redis-server' : ''}`,
    );

    let site = await startSite(false, redis);
    await fetch(`${SANDBOX_URL}/__sandbox/reset`, { method: 'POST' });
    const cold = await load('cold', links);
    const warm = await warmUp(links, WARMUP);
    console.log(
      `warm-up: ${warm.warmed} of ${links.length} links answered with houses after ${(warm.ms / 1000).toFixed(0)} s ` +
        `and ${warm.calls} more partner calls`,
    );
    const steady = await load('steady', links);
    await Promise.all(site.map(stop));
    const results = [cold, steady];

    if (process.env.BENCH_CACHE_OFF !== 'skip') {
      // A clean store, so the comparison starts with a full bucket too.
      if (redis) spawnSync('redis-cli', ['-p', String(redis.port), 'FLUSHALL'], { stdio: 'ignore' });
      site = await startSite(true, redis);
      await fetch(`${SANDBOX_URL}/__sandbox/reset`, { method: 'POST' });
      results.push(await load('cache off', links));
      await Promise.all(site.map(stop));
    }
    printTable(results);
    const quotaKept = steady.partner429 === 0 && steady.maxInAnyMinute <= 90;
    const met = quotaKept && (steady.servedRps * 60) / 100 >= 30;
    console.log(
      `\ntarget, steady state (≥30× quota served as pages with houses, 0 partner 429s, ≤90 calls in any minute): ${met ? 'met' : 'NOT met'}`,
    );
  } finally {
    await stop(sandbox);
    await redis?.stop();
  }
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
