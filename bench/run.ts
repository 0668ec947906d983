/**
 * `npm run bench`: the sandbox (with realistic latency), a redis-server and the production site
 * (BENCH_INSTANCES compiled site server processes sharing cache and quota through Redis; one
 * instance uses the in-memory store) on loopback, and bounded autocannon loads of searches and
 * house pages over a few hundred deep links with a skewed popularity:
 *
 * 1. cold: the first minute after a deploy, every cache empty;
 * 2. warm-up (not timed): each link not yet answered with houses is asked again, in order of
 *    popularity, until all are cached or BENCH_WARMUP seconds pass; the quota sets the pace;
 * 3. steady: the same load as 1 on the warmed site, the state a site that has been up is in;
 * 4. steady, one instance: the instances stop and one takes over the same warmed store, the
 *    same load again: what a single process serves;
 * 5. compare: on that instance, a cached /api/search answer, search page and house page beside
 *    a bare node:http server answering the same bytes (bench/compare.ts);
 *    campaign: the same on a few tagged landing links, each request with a click id of its own,
 *    and the share of them answered from the page store (bench/campaign.ts);
 * 6. lighthouse: Lighthouse mobile on home, search, house and a booking step (bench/lighthouse.ts),
 *    beside a bare Next.js page built from bench/reference-app, the framework's floor;
 * 7. cache off: the same load against fresh instances with partner caching disabled.
 *
 * Prints site throughput and latency beside the partner calls they cost, then every target with
 * this run's figure. The partner's "max in any 60 s" covers the whole life of the cached site.
 *
 * `--quick` shortens every phase, `--only=cold,steady,steady1,cacheoff,compare,campaign,lighthouse` runs
 * a subset (bench/options.ts). BENCH_DURATION (seconds per timed phase, default 60),
 * BENCH_CONNECTIONS (16), BENCH_INSTANCES (2), BENCH_WARMUP (seconds, 300),
 * BENCH_COMPARE_DURATION (8), BENCH_ACCEPT_ENCODING, BENCH_LIGHTHOUSE_RUNS (5, 1 with --quick) and CHROME_PATH
 * (/usr/bin/chromium) tune the run; BENCH_CACHE_OFF=skip leaves out phase 7.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { LOCALES } from '../lib/i18n/locales';
import { mulberry32 } from '../sandbox/src/prng';
import { startRedis, type RedisServer } from '../test/redis';
import {
  compareWithBareNode,
  printComparison,
  type CapturedAnswer,
  type CompareResult,
  type CompareTarget,
} from './compare';
import { campaignLinks, printCampaign, runCampaign, type CampaignFigures } from './campaign';
import { describeCounters, readCounters } from './site-counters';
import { printLighthouse, runLighthouse, type LighthouseFigures, type LighthousePage } from './lighthouse';
import { readOptions, type Phase } from './options';
import { portInUse, root, start, stop, waitFor, within } from './processes';
import { startReferenceApp } from './reference-app';
import { ensureServerBuild, SERVER_OUTPUT } from '../scripts/build-server';
import { MIN_RATIO, printTargets, type SteadyFigures } from './targets';

const options = readOptions(process.argv.slice(2), process.env);
const { duration: DURATION, connections: CONNECTIONS, instances: INSTANCES, warmup: WARMUP } = options;
const runs = (phase: Phase) => options.phases.has(phase);

const SANDBOX_PORT = 4210;
const SITE_PORT = 3210;
const BARE_PORT = 3230;
const DEBUGGING_PORT = 9232;
const REFERENCE_PORT = 3240;
const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
const SITE_URLS = Array.from({ length: INSTANCES }, (_, i) => `http://127.0.0.1:${SITE_PORT + i}`);
/** The public origin the instances share (as behind a load balancer). */
const SITE_URL = SITE_URLS[0]!;
/** The partner's quota, calls per minute (the sandbox's default). */
const QUOTA_PER_MINUTE = 100;

function isoDay(offsetDays: number): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
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

interface PhaseResult extends SteadyFigures {
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
const OPERATOR_TOKEN = randomBytes(16).toString('hex');

/** One booking-cookie secret for every instance, as production runs them behind a balancer. */
const SESSION_SECRET = randomBytes(32).toString('hex');

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

/** Starts site instances on `urls`; with more than one they share a store in Redis. */
async function startSite(
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
    start(process.execPath, [...prefix, SERVER_OUTPUT, '-p', new URL(url).port, '-H', '127.0.0.1'], {
      NODE_ENV: 'production',
      SANDBOX_URL,
      SITE_URL,
      LOG_LEVEL: 'error',
      HEALTH_TOKEN: OPERATOR_TOKEN,
      SESSION_SECRET,
      PARTNER_CACHE: cacheOff ? 'off' : 'on',
      // The load stands for many guests behind one proxy (guestAddress): each keeps to its own
      // share of the partner calls, as guests do in production.
      TRUST_PROXY: '1',
      ...(redis ? { REDIS_URL: redis.url } : {}),
    }),
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
function guestAddress(n: number): string {
  return `198.51.100.${1 + (n % GUESTS)}`;
}

/** One bounded autocannon load spread over the instances, as a round-robin balancer would. */
async function load(label: string, urls: readonly string[], links: string[]): Promise<PhaseResult> {
  const pick = zipfPicker(links.length);
  const before = await sandboxStats();
  const countersBefore = await readCounters(urls, OPERATOR_TOKEN);
  const started = Date.now();
  let busy = 0;
  const result = await within(
    autocannon({
      // autocannon spreads connections over several URLs; its types only name the single form.
      url: (urls.length === 1 ? urls[0]! : urls) as unknown as string,
      connections: CONNECTIONS,
      duration: DURATION,
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
    (DURATION + 60) * 1000,
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
async function warmUp(
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

function reportWarmUp(
  warm: { warmed: number; ms: number; calls: number },
  total: number,
  what: string,
): void {
  console.log(
    `warm-up${what}: ${warm.warmed} of ${total} links answered with houses after ${(warm.ms / 1000).toFixed(0)} s ` +
      `and ${warm.calls} more partner calls`,
  );
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

interface Stay {
  houseId: number;
  startDate: string;
  endDate: string;
}

/** The sandbox as the partner, for test data; a 429 (the quota the site shares) is waited out. */
async function partnerRead<T>(pathAndQuery: string): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${SANDBOX_URL}/bungalow/api/v1/booking/${pathAndQuery}`, {
      headers: { 'x-security-key': 'demo-key', 'x-partner': 'demo-partner', language: 'EN' },
      signal: AbortSignal.timeout(20_000),
    });
    if (res.ok) return (await res.json()) as T;
    if (res.status !== 429 || attempt >= 3)
      throw new Error(`sandbox answered ${res.status} to ${pathAndQuery}`);
    await new Promise((r) => setTimeout(r, 1000 * Math.min(30, Number(res.headers.get('retry-after') ?? 5))));
  }
}

/**
 * A stay the sandbox can book (a free unit, no reservation on it), a month or more ahead, found
 * the way the browser tests find theirs: a few houses, a few start dates each.
 */
async function findBookableStay(): Promise<Stay> {
  const taken = (await (await fetch(`${SANDBOX_URL}/__sandbox/reservations`)).json()) as Array<{
    houseId: number;
    startDate: string;
    endDate: string;
  }>;
  const { houseList } = await partnerRead<{ houseList?: { houseId: number }[] }>('searchHouses?adults=2');
  for (const { houseId } of (houseList ?? []).slice(0, 5)) {
    const house = await partnerRead<{ availableStartDates?: string[] }>(`houseDetails/${houseId}?adults=2`);
    const starts = (house.availableStartDates ?? [])
      .map((d) => d.slice(0, 10))
      .filter((d) => d >= isoDay(30));
    for (const start of starts.slice(0, 3)) {
      const withStart = await partnerRead<{ availableEndDates?: string[] }>(
        `houseDetails/${houseId}?adults=2&startDate=${start}`,
      );
      const end = withStart.availableEndDates?.[0]?.slice(0, 10);
      if (!end) continue;
      const clash = taken.some(
        (r) => r.houseId === houseId && r.startDate.slice(0, 10) < end && start < r.endDate.slice(0, 10),
      );
      if (clash) continue;
      const units = await partnerRead<unknown[]>(
        `availableHouseUnits?houseId=${houseId}&adults=2&startDate=${start}&endDate=${end}`,
      );
      if (units.length > 0) return { houseId, startDate: start, endDate: end };
    }
  }
  throw new Error('no bookable stay found in the sandbox');
}

/** The most popular English search with dates, and the most popular English house page. */
function pickPages(links: readonly string[]): { search: string; house: string } {
  return {
    search:
      links.find((l) => l.startsWith('/en/search?startDate=')) ??
      `/en/search?startDate=${isoDay(30)}&endDate=${isoDay(33)}&adults=2`,
    house: links.find((l) => l.startsWith('/en/houses/')) ?? '/en/houses/1',
  };
}

function isGoodAnswer(target: CompareTarget, answer: CapturedAnswer): boolean {
  if (answer.status !== 200) return false;
  if (target.path.startsWith('/api/')) {
    try {
      const body = JSON.parse(answer.decoded) as { houses?: unknown[]; stale?: boolean };
      return Array.isArray(body.houses) && body.houses.length > 0 && body.stale !== true;
    } catch {
      return false;
    }
  }
  return !answer.decoded.includes(BUSY_MARKER);
}

async function main(): Promise<void> {
  const oneInstanceUrls = [SITE_URL];
  for (const url of [
    ...SITE_URLS,
    SANDBOX_URL,
    `http://127.0.0.1:${BARE_PORT}`,
    `http://127.0.0.1:${DEBUGGING_PORT}`,
    `http://127.0.0.1:${REFERENCE_PORT}`,
  ]) {
    if (await portInUse(url)) throw new Error(`${url} is already in use: stop the old process first`);
  }
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  if (!existsSync(path.join(root, distDir, 'BUILD_ID'))) {
    const build = spawnSync('npx', ['next', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(1);
  }
  const sandbox = start('npx', ['tsx', 'sandbox/src/main.ts'], {
    SANDBOX_PORT: String(SANDBOX_PORT),
    SANDBOX_HOST: '127.0.0.1',
    SANDBOX_LATENCY_MS: process.env.SANDBOX_LATENCY_MS ?? '120',
  });
  const redis = INSTANCES > 1 ? await startRedis() : undefined;
  const started = Date.now();
  try {
    await waitFor(`${SANDBOX_URL}/__sandbox/stats`, 30_000);
    const links = await buildLinks();
    console.log(
      `bench${options.quick ? " (quick: figures are not the site's)" : ''}: ${[...options.phases].join(', ')}; ` +
        `build ${distDir}; ${links.length} distinct deep links, ${CONNECTIONS} connections, ${DURATION} s per timed phase, ` +
        `${INSTANCES} site instance(s)${redis ? ' sharing one redis-server' : ''}`,
    );

    const results: PhaseResult[] = [];
    let steady: PhaseResult | undefined;
    let steadyOne: PhaseResult | undefined;
    let compare: CompareResult[] | undefined;
    let campaign: CampaignFigures | undefined;
    let lighthouse: LighthouseFigures[] | undefined;
    let searchHtmlBytes: number | undefined;
    let site: ChildProcess[] = [];

    if (runs('cold') || runs('steady')) {
      site = await startSite(SITE_URLS, false, redis);
      // The partner's counts start with the cached site's life.
      await fetch(`${SANDBOX_URL}/__sandbox/reset`, { method: 'POST' });
      if (runs('cold')) results.push(await load('cold', SITE_URLS, links));
      if (runs('steady')) {
        reportWarmUp(await warmUp(SITE_URLS, links, WARMUP), links.length, '');
        steady = await load(INSTANCES > 1 ? `steady, ${INSTANCES} inst.` : 'steady', SITE_URLS, links);
        results.push(steady);
        if (INSTANCES === 1) steadyOne = steady;
      }
      // One instance keeps its in-memory store for the phases below; several hand over to one.
      if (INSTANCES > 1) {
        await Promise.all(site.map(stop));
        site = [];
      }
    }

    if ((runs('steady1') && !steadyOne) || runs('compare') || runs('campaign') || runs('lighthouse')) {
      if (site.length === 0) {
        site = await startSite(oneInstanceUrls, false, redis);
        if (!runs('cold') && !runs('steady'))
          await fetch(`${SANDBOX_URL}/__sandbox/reset`, { method: 'POST' });
      }
      if (runs('steady1') && !steadyOne) {
        reportWarmUp(await warmUp(oneInstanceUrls, links, WARMUP), links.length, ', one instance');
        steadyOne = await load('steady, 1 inst.', oneInstanceUrls, links);
        results.push(steadyOne);
      }
      const pages = pickPages(links);
      if (runs('compare')) {
        const query = pages.search.slice(pages.search.indexOf('?') + 1);
        const targets: CompareTarget[] = [
          { label: 'cached /api/search', path: `/api/search?${query}&locale=en`, minRatio: MIN_RATIO.api },
          { label: 'cached search page', path: pages.search, minRatio: MIN_RATIO.page },
          { label: 'cached house page', path: pages.house, minRatio: MIN_RATIO.page },
        ];
        await warmUp(
          oneInstanceUrls,
          targets.map((t) => t.path),
          Math.max(30, WARMUP / 5),
        );
        const settings = {
          siteUrl: SITE_URL,
          barePort: BARE_PORT,
          connections: CONNECTIONS,
          duration: options.compareDuration,
          acceptEncoding: options.acceptEncoding,
          isGood: isGoodAnswer,
          partnerCalls: async () => (await sandboxStats()).calls.total,
        };
        compare = await compareWithBareNode(targets, settings);
        printComparison(compare, settings);
        searchHtmlBytes = compare.find((r) => r.target.path === pages.search)?.answer?.decodedBytes;
      }
      if (runs('campaign')) {
        const settings = {
          siteUrl: SITE_URL,
          barePort: BARE_PORT,
          connections: CONNECTIONS,
          duration: options.compareDuration,
          acceptEncoding: options.acceptEncoding,
          counters: () => readCounters(oneInstanceUrls, OPERATOR_TOKEN),
        };
        campaign = await runCampaign(campaignLinks(links), settings);
        printCampaign(campaign, settings);
      }
      if (runs('lighthouse')) {
        const stay = await findBookableStay();
        const lighthousePages: LighthousePage[] = [
          { label: 'home', path: '/en', indexable: true },
          { label: 'search', path: pages.search, indexable: true },
          { label: 'house', path: pages.house, indexable: true },
          {
            label: 'booking step',
            path: `/en/book/${stay.houseId}?startDate=${stay.startDate}&endDate=${stay.endDate}`,
            indexable: false,
          },
        ];
        // Built first: its build takes about a minute, which would age the warmed pages.
        const reference = await startReferenceApp(REFERENCE_PORT);
        let measured: LighthouseFigures[];
        try {
          await warmUp(
            oneInstanceUrls,
            lighthousePages.map((p) => p.path),
            Math.max(30, WARMUP / 5),
          );
          measured = await runLighthouse(
            [
              ...lighthousePages,
              { label: 'bare Next.js', path: '/', indexable: true, origin: reference.url, reference: true },
            ],
            {
              siteUrl: SITE_URL,
              debuggingPort: DEBUGGING_PORT,
              runs: options.lighthouseRuns,
              chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
            },
          );
        } finally {
          await reference.close();
        }
        printLighthouse(measured, options.lighthouseRuns);
        lighthouse = measured.filter((r) => !r.page.reference);
        searchHtmlBytes ??= lighthouse.find((r) => r.page.label === 'search')?.htmlResource;
      }
    }
    await Promise.all(site.map(stop));

    if (runs('cacheoff') && process.env.BENCH_CACHE_OFF !== 'skip') {
      // A clean store, so the comparison starts with a full bucket too.
      if (redis) spawnSync('redis-cli', ['-p', String(redis.port), 'FLUSHALL'], { stdio: 'ignore' });
      site = await startSite(SITE_URLS, true, redis);
      await fetch(`${SANDBOX_URL}/__sandbox/reset`, { method: 'POST' });
      results.push(await load('cache off', SITE_URLS, links));
      await Promise.all(site.map(stop));
    }
    if (results.length > 0) printTable(results);
    printTargets({
      quotaPerMinute: QUOTA_PER_MINUTE,
      instances: INSTANCES,
      steady,
      steadyOne,
      compare,
      campaign,
      lighthouse,
      searchHtmlBytes,
    });
    console.log(`\nbench took ${((Date.now() - started) / 60_000).toFixed(1)} min`);
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
