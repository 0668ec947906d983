/**
 * The site under load: starting its instances as production runs them, one bounded autocannon
 * load spread over them, the warm-up before the steady phases, and the table of their figures.
 */
import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { mulberry32 } from '../sandbox/src/prng';
import type { RedisServer } from '../test/redis';
import { ensureServerBuild, SERVER_NODE_OPTIONS, SERVER_OUTPUT } from '../scripts/build-server';
import { QUOTA_PER_MINUTE, SANDBOX_URL } from './ports';
import { start, waitFor, within } from './processes';
import { describeCounters, readCounters } from './site-counters';
import type { SteadyFigures } from './targets';

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

export interface PhaseResult extends SteadyFigures {
  label: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** 2xx answers that showed the "partner busy" notice instead of houses. */
  busy: number;
  partnerCalls: number;
  partnerPerMinute: number;
}

/** The operator token the bench's site instances accept, to read their metrics. */
export const OPERATOR_TOKEN = randomBytes(16).toString('hex');

/** One booking-cookie secret for every instance, as production runs them behind a balancer. */
const SESSION_SECRET = randomBytes(32).toString('hex');

/** The designed busy state carries this id (components/ui/partner-busy-notice.tsx). */
export const BUSY_MARKER = 'id="busy-heading"';

interface SandboxStats {
  calls: { total: number; byOperation: Record<string, number> };
  rateLimited: number;
  maxCallsInAnyMinute: number;
}

export async function sandboxStats(): Promise<SandboxStats> {
  return (await (await fetch(`${SANDBOX_URL}/__sandbox/stats`)).json()) as SandboxStats;
}

/** The settings a site instance runs with in the bench; `siteUrl` is the public origin they share. */
export function siteEnvironment(
  siteUrl: string,
  cacheOff: boolean,
  redis: RedisServer | undefined,
): Record<string, string> {
  return {
    NODE_ENV: 'production',
    SANDBOX_URL,
    // The public origin the instances share (as behind a load balancer).
    SITE_URL: siteUrl,
    LOG_LEVEL: 'error',
    HEALTH_TOKEN: OPERATOR_TOKEN,
    SESSION_SECRET,
    PARTNER_CACHE: cacheOff ? 'off' : 'on',
    // The load stands for many guests behind one proxy (guestAddress): each keeps to its own
    // share of the partner calls, as guests do in production.
    TRUST_PROXY: '1',
    ...(redis ? { REDIS_URL: redis.url } : {}),
  };
}

/** Starts site instances on `urls`; with more than one they share a store in Redis. */
export async function startSite(
  urls: readonly string[],
  cacheOff: boolean,
  redis: RedisServer | undefined,
): Promise<ChildProcess[]> {
  // The compiled site server, as production runs it (compiled first when its sources changed).
  await ensureServerBuild();
  // BENCH_PROFILE_DIR=<dir>: each instance writes a CPU profile there when it stops.
  const profile = process.env.BENCH_PROFILE_DIR;
  const prefix = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const sites = urls.map((url) =>
    start(
      process.execPath,
      [...SERVER_NODE_OPTIONS, ...prefix, SERVER_OUTPUT, '-p', new URL(url).port, '-H', '127.0.0.1'],
      siteEnvironment(urls[0]!, cacheOff, redis),
    ),
  );
  await Promise.all(urls.map((url) => waitFor(`${url}/api/health`, 60_000)));
  return sites;
}

/** How many guests the load stands for. */
const GUESTS = 250;

/**
 * The address the proxy in front of the site names for guest `n` (X-Forwarded-For, read with
 * TRUST_PROXY=1): each guest has its own share of the partner calls, so the load measures the
 * site for many guests, not one client that the site would keep to its share.
 */
export function guestAddress(n: number): string {
  return `198.51.100.${1 + (n % GUESTS)}`;
}

/** One bounded autocannon load spread over the instances, as a round-robin balancer would. */
export async function load(
  label: string,
  urls: readonly string[],
  links: string[],
  { connections, duration }: { connections: number; duration: number },
): Promise<PhaseResult> {
  const pick = zipfPicker(links.length);
  const before = await sandboxStats();
  const countersBefore = await readCounters(urls, OPERATOR_TOKEN);
  const started = Date.now();
  let busy = 0;
  const result = await within(
    autocannon({
      // autocannon spreads connections over several URLs; its types only name the single form.
      url: (urls.length === 1 ? urls[0]! : urls) as unknown as string,
      connections,
      duration,
      timeout: 20,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            path: links[pick()] ?? '/',
            headers: { ...req.headers, 'x-forwarded-for': guestAddress(Math.floor(Math.random() * GUESTS)) },
          }),
          onResponse: (status, body) => {
            if (status < 300 && body.includes(BUSY_MARKER)) busy++;
          },
        },
      ],
    }),
    (duration + 60) * 1000,
    `the ${label} load`,
  );
  const seconds = (Date.now() - started) / 1000;
  const after = await sandboxStats();
  const calls = after.calls.total - before.calls.total;
  console.log(`${label}: ${describeCounters(countersBefore, await readCounters(urls, OPERATOR_TOKEN))}`);
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
export async function warmUp(
  urls: readonly string[],
  links: readonly string[],
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
      const base = urls[(next++ + slot) % urls.length]!;
      try {
        const res = await fetch(`${base}${link}`, {
          headers: { 'x-forwarded-for': guestAddress(next) },
          signal: AbortSignal.timeout(20_000),
        });
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

export function reportWarmUp(
  warm: { warmed: number; ms: number; calls: number },
  total: number,
  what: string,
): void {
  console.log(
    `warm-up${what}: ${warm.warmed} of ${total} links answered with houses after ${(warm.ms / 1000).toFixed(0)} s ` +
      `and ${warm.calls} more partner calls`,
  );
}

export function printTable(results: PhaseResult[]): void {
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
    [
      `pages with houses / quota (${QUOTA_PER_MINUTE}/min)`,
      (r) => ((r.servedRps * 60) / QUOTA_PER_MINUTE).toFixed(1) + '×',
    ],
  ];
  const width = 38;
  console.log(`\n${'metric'.padEnd(width)}${results.map((r) => r.label.padStart(18)).join('')}`);
  for (const [name, fmt] of rows)
    console.log(`${name.padEnd(width)}${results.map((r) => fmt(r).padStart(18)).join('')}`);
}
