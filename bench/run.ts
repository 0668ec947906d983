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
 *    shared: two guests behind one address, each in Chromium opening a search and ten of its
 *    houses in new tabs, and how many of their pages said "busy" (bench/shared-address.ts);
 *    calendar: a minute after the shared guests, three guests open house pages whose calendars
 *    price every arrival day through the spare lane while a fourth opens a booking step every few
 *    seconds: the partner's most calls in any 60 s, its 429s, the booking steps that said "busy"
 *    and the days priced (bench/calendar-lane.ts);
 * 6. lighthouse: Lighthouse mobile on home, search, house and a booking step (bench/lighthouse.ts),
 *    beside a bare Next.js page built from bench/reference-app, the framework's floor;
 *    render: on that instance, search and house pages at addresses new to the page store with
 *    their partner answers cached, pages/s and CPU ms a page beside the reference page rendered
 *    per request, then the instance's resident memory beside `next start` of the same build
 *    after the same loads (bench/render.ts);
 * 7. cache off: the same load against fresh instances with partner caching disabled.
 *
 * Prints site throughput and latency beside the partner calls they cost, then every target with
 * this run's figure. The partner's "max in any 60 s" covers the whole life of the cached site.
 *
 * `--quick` shortens every phase, `--only=cold,steady,steady1,cacheoff,compare,campaign,shared,calendar,lighthouse,render` runs
 * a subset (bench/options.ts). BENCH_DURATION (seconds per timed phase, default 60),
 * BENCH_CONNECTIONS (16), BENCH_INSTANCES (2), BENCH_WARMUP (seconds, 300),
 * BENCH_COMPARE_DURATION (8), BENCH_ACCEPT_ENCODING, BENCH_LIGHTHOUSE_RUNS (5, 1 with --quick),
 * BENCH_RENDER_DURATION (10) and CHROME_PATH (/usr/bin/chromium) tune the run; BENCH_CACHE_OFF=skip leaves out phase 7.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startRedis } from '../test/redis';
import {
  compareWithBareNode,
  printComparison,
  type CapturedAnswer,
  type CompareResult,
  type CompareTarget,
} from './compare';
import { campaignLinks, printCampaign, runCampaign, type CampaignFigures } from './campaign';
import { readCounters } from './site-counters';
import { printLighthouse, runLighthouse, type LighthouseFigures, type LighthousePage } from './lighthouse';
import { buildLinks, findBookableStay, pickPages } from './links';
import {
  BUSY_MARKER,
  OPERATOR_TOKEN,
  load,
  printTable,
  reportWarmUp,
  sandboxStats,
  startSite,
  warmUp,
  type PhaseResult,
} from './load';
import { readOptions, type Phase } from './options';
import {
  BARE_PORT,
  DEBUGGING_PORT,
  NEXT_START_PORT,
  QUOTA_PER_MINUTE,
  REFERENCE_PORT,
  SANDBOX_PORT,
  SANDBOX_URL,
  SITE_PORT,
} from './ports';
import { portInUse, root, start, stop, waitFor } from './processes';
import { startReferenceApp, type ReferenceApp } from './reference-app';
import { printRender, runRender, type RenderFigures } from './render';
import { printCalendarLane, runCalendarLane, type CalendarLaneFigures } from './calendar-lane';
import { printSharedAddress, runSharedAddress, type SharedAddressFigures } from './shared-address';
import { MIN_RATIO, printTargets } from './targets';

const options = readOptions(process.argv.slice(2), process.env);
const { duration: DURATION, connections: CONNECTIONS, instances: INSTANCES, warmup: WARMUP } = options;
const runs = (phase: Phase) => options.phases.has(phase);

const SITE_URLS = Array.from({ length: INSTANCES }, (_, i) => `http://127.0.0.1:${SITE_PORT + i}`);
/** The public origin the instances share (as behind a load balancer). */
const SITE_URL = SITE_URLS[0]!;
const loadSettings = { connections: CONNECTIONS, duration: DURATION };

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
    `http://127.0.0.1:${NEXT_START_PORT}`,
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
    let lighthouseReference: LighthouseFigures | undefined;
    let sharedAddress: SharedAddressFigures | undefined;
    let render: RenderFigures | undefined;
    let calendarLane: CalendarLaneFigures | undefined;
    let searchHtmlBytes: number | undefined;
    let site: ChildProcess[] = [];

    if (runs('cold') || runs('steady')) {
      site = await startSite(SITE_URLS, false, redis);
      // The partner's counts start with the cached site's life.
      await fetch(`${SANDBOX_URL}/__sandbox/reset`, { method: 'POST' });
      if (runs('cold')) results.push(await load('cold', SITE_URLS, links, loadSettings));
      if (runs('steady')) {
        reportWarmUp(await warmUp(SITE_URLS, links, WARMUP), links.length, '');
        steady = await load(
          INSTANCES > 1 ? `steady, ${INSTANCES} inst.` : 'steady',
          SITE_URLS,
          links,
          loadSettings,
        );
        results.push(steady);
        if (INSTANCES === 1) steadyOne = steady;
      }
      // One instance keeps its in-memory store for the phases below; several hand over to one.
      if (INSTANCES > 1) {
        await Promise.all(site.map(stop));
        site = [];
      }
    }

    const oneInstancePhases: Phase[] = ['compare', 'campaign', 'shared', 'calendar', 'lighthouse', 'render'];
    if ((runs('steady1') && !steadyOne) || oneInstancePhases.some(runs)) {
      if (site.length === 0) {
        site = await startSite(oneInstanceUrls, false, redis);
        if (!runs('cold') && !runs('steady'))
          await fetch(`${SANDBOX_URL}/__sandbox/reset`, { method: 'POST' });
      }
      if (runs('steady1') && !steadyOne) {
        reportWarmUp(await warmUp(oneInstanceUrls, links, WARMUP), links.length, ', one instance');
        steadyOne = await load('steady, 1 inst.', oneInstanceUrls, links, loadSettings);
        results.push(steadyOne);
      }
      const pages = pickPages(links);
      // The site and the bare node:http server it is compared with, loaded alike.
      const bareComparison = {
        siteUrl: SITE_URL,
        barePort: BARE_PORT,
        connections: CONNECTIONS,
        duration: options.compareDuration,
        acceptEncoding: options.acceptEncoding,
      };
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
          ...bareComparison,
          isGood: isGoodAnswer,
          partnerCalls: async () => (await sandboxStats()).calls.total,
        };
        compare = await compareWithBareNode(targets, settings);
        printComparison(compare, settings);
        searchHtmlBytes = compare.find((r) => r.target.path === pages.search)?.answer?.decodedBytes;
      }
      if (runs('campaign')) {
        const settings = {
          ...bareComparison,
          counters: () => readCounters(oneInstanceUrls, OPERATOR_TOKEN),
        };
        campaign = await runCampaign(campaignLinks(links), settings);
        printCampaign(campaign, settings);
      }
      if (runs('shared')) {
        const shared = (together: boolean, firstArrivalDays: number) =>
          runSharedAddress({
            siteUrl: SITE_URL,
            chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
            guests: 2,
            tabsPerGuest: 10,
            partnerCalls: async () => (await sandboxStats()).calls.total,
            firstArrivalDays,
            together,
          });
        // Past every deep link's arrival (bench/links.ts), so every page the guests open is uncached.
        sharedAddress = await shared(false, 170);
        printSharedAddress(sharedAddress);
        // Then both at once, on a quota a minute later.
        await new Promise((resolve) => setTimeout(resolve, 60_000));
        printSharedAddress(await shared(true, 200));
      }
      if (runs('calendar')) {
        // The shared-address guests' calls leave the site's minute first: the spare lane takes a
        // call only while the minute has a whole burst left, which their tail would still fill.
        if (runs('shared')) await new Promise((resolve) => setTimeout(resolve, 60_000));
        calendarLane = await runCalendarLane({
          siteUrl: SITE_URL,
          chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
          seconds: options.quick ? 20 : 75,
          links,
          stay: await findBookableStay(),
        });
        printCalendarLane(calendarLane);
      }
      // Built before the pages Lighthouse measures are warmed: its build takes about a minute,
      // which would age them. The render phase loads it too.
      let reference: ReferenceApp | undefined;
      try {
        // As many servers of the bare page as site instances when the render phase loads the host.
        if (runs('lighthouse') || runs('render'))
          reference = await startReferenceApp(REFERENCE_PORT, runs('render') ? INSTANCES - 1 : 0);
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
          await warmUp(
            oneInstanceUrls,
            lighthousePages.map((p) => p.path),
            Math.max(30, WARMUP / 5),
          );
          const measured = await runLighthouse(
            [
              ...lighthousePages,
              { label: 'bare Next.js', path: '/', indexable: true, origin: reference!.url, reference: true },
            ],
            {
              siteUrl: SITE_URL,
              debuggingPort: DEBUGGING_PORT,
              runs: options.lighthouseRuns,
              chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
            },
          );
          printLighthouse(measured, options.lighthouseRuns);
          lighthouse = measured.filter((r) => !r.page.reference);
          lighthouseReference = measured.find((r) => r.page.reference);
          searchHtmlBytes ??= lighthouse.find((r) => r.page.label === 'search')?.htmlResource;
        }
        if (runs('render')) {
          const settings = {
            siteUrl: SITE_URL,
            sitePid: site[0]?.pid,
            reference,
            nextStartPort: NEXT_START_PORT,
            connections: CONNECTIONS,
            duration: options.renderDuration,
            acceptEncoding: options.acceptEncoding,
            partnerCalls: async () => (await sandboxStats()).calls.total,
            moreInstances:
              INSTANCES > 1
                ? async () => {
                    const more = await startSite(SITE_URLS.slice(1), false, redis);
                    return {
                      servers: more.map((child, i) => ({ url: SITE_URLS[i + 1]!, pid: child.pid })),
                      stop: async () => void (await Promise.all(more.map(stop))),
                    };
                  }
                : undefined,
          };
          render = await runRender(links, settings);
          printRender(render, settings);
        }
      } finally {
        await reference?.close();
      }
    }
    await Promise.all(site.map(stop));

    if (runs('cacheoff') && process.env.BENCH_CACHE_OFF !== 'skip') {
      // A clean store, so the comparison starts with a full bucket too.
      if (redis) spawnSync('redis-cli', ['-p', String(redis.port), 'FLUSHALL'], { stdio: 'ignore' });
      site = await startSite(SITE_URLS, true, redis);
      await fetch(`${SANDBOX_URL}/__sandbox/reset`, { method: 'POST' });
      results.push(await load('cache off', SITE_URLS, links, loadSettings));
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
      sharedAddress,
      calendarLane,
      lighthouse,
      lighthouseReference,
      render,
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
