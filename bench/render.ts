/**
 * The render phase: what a page costs the first time its address is asked for. Pages the site has
 * stored serve at about bare Node's rate (bench/compare.ts); an address not yet stored is a full
 * render. On the warmed instance, every request of these loads is a search or house page under
 * an address new to the page store whose partner answers are cached (bench/unseen-urls.ts), so
 * the figures are the render alone: pages a second and CPU milliseconds per page of the site
 * process (from /proc, bench/proc-stats.ts), beside a bare Next.js page rendered per request
 * (bench/reference-app, /render), the framework's floor on this machine. Each side first renders
 * pages that are not counted until every server has rendered a couple of thousand (warmRenders),
 * so the figures are those of a process whose render path V8 has already optimized.
 *
 * Then the host: with several site instances (BENCH_INSTANCES, sharing Redis), the same loads
 * spread over all of them and over as many servers of the bare page, so that pages a second are
 * the machine's with every core at work, as a partner runs one instance per core. The target rows
 * read these when there are several instances; one instance's figures are printed beside them.
 *
 * Then memory: the site instance's resident size after the phases beside `next start` of the same
 * build after the same loads (its own partner cache warmed first), which holds the framework and
 * the site's pages without the site server around them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUSY_MARKER, guestAddress, siteEnvironment, warmUp } from './load';
import { boundedLoad, mean } from './compare';
import { cpuMilliseconds, processTree, residentBytes } from './proc-stats';
import { root, start, stop, waitFor } from './processes';
import { respell } from './unseen-urls';

export const RENDER_TARGETS = {
  /**
   * Twice the rates two cores rendered unseen addresses at before this phase existed: 23 and 27 a
   * second at about 85 ms of CPU each, both cores at work (23 × 85 ms is 2 s of CPU a second).
   */
  searchPagesPerSecond: 2 * 23,
  housePagesPerSecond: 2 * 27,
  /** The site instance's resident memory ÷ `next start`'s, at most. */
  maxRssRatio: 1.5,
} as const;

export interface RenderLoad {
  /** Rendered answers (2xx, not from the page store, not "busy") a second. */
  readonly pagesPerSecond: number;
  readonly cpuMsPerPage?: number;
  readonly pages: number;
  /** Answers that came from the page store: the address was not new after all. */
  readonly stored: number;
  /** Non-2xx, socket errors, timeouts and "busy" pages. */
  readonly failures: number;
  readonly p50: number;
  readonly partnerCalls: number;
}

/** The loads of one side by side: the site's two pages and the bare page, on the same servers. */
export interface RenderSide {
  readonly search?: RenderLoad;
  readonly house?: RenderLoad;
  readonly reference?: RenderLoad;
}

export interface RenderFigures extends RenderSide {
  readonly skipped?: string;
  /** The loads spread over every site instance and as many bare-page servers. */
  readonly host?: RenderSide & { readonly instances: number };
  /** The same loads on `next start` of the same build. */
  readonly nextStart?: { readonly search?: RenderLoad; readonly house?: RenderLoad };
  readonly siteRssBytes?: number;
  readonly nextStartRssBytes?: number;
}

/** A server a load goes to, and its process, whose CPU time is read. */
export interface RenderServer {
  readonly url: string;
  readonly pid: number | undefined;
}

export interface RenderSettings {
  readonly siteUrl: string;
  readonly sitePid: number | undefined;
  readonly reference: (RenderServer & { readonly servers: readonly RenderServer[] }) | undefined;
  /**
   * Starts the site's other instances (sharing the first one's store) for the host loads, and
   * returns them with a way to stop them; absent with one instance.
   */
  readonly moreInstances?: () => Promise<{ servers: RenderServer[]; stop: () => Promise<void> }>;
  /** A free loopback port for `next start`. */
  readonly nextStartPort: number;
  readonly connections: number;
  readonly duration: number;
  readonly acceptEncoding: string;
  readonly partnerCalls: () => Promise<number>;
}

/** How many of the most popular search and house links the loads go round. */
const LINKS_PER_PAGE = 12;

/** The most popular search links with dates and house links, each kind `count` long. */
export function renderLinks(
  links: readonly string[],
  count = LINKS_PER_PAGE,
): { search: string[]; house: string[] } {
  return {
    search: links.filter((l) => /^\/\w+\/search\?startDate=/.test(l)).slice(0, count),
    house: links.filter((l) => /^\/\w+\/houses\/[^/?]+$/.test(l)).slice(0, count),
  };
}

/** Where a side's loads take their next search and house address from. */
export interface UnseenAddresses {
  readonly search: () => string;
  readonly house: () => string;
}

/** Hands out addresses: the links in turn, each time round spelled anew. */
function addresses(links: readonly string[]): () => string {
  let next = 0;
  return () => {
    const i = next++;
    return respell(links[i % links.length]!, 1 + Math.floor(i / links.length));
  };
}

/**
 * One load of `settings.duration` seconds over `servers`, the connections shared out among them
 * (as a round-robin balancer would), with their CPU time summed.
 */
async function renderLoad(
  servers: readonly RenderServer[],
  nextPath: () => string,
  settings: RenderSettings,
): Promise<RenderLoad> {
  const pids = servers.flatMap((server) => (server.pid === undefined ? [] : processTree(server.pid)));
  const callsBefore = await settings.partnerCalls();
  const cpuBefore = cpuMilliseconds(pids);
  const started = Date.now();
  let pages = 0;
  let stored = 0;
  let busy = 0;
  const connections = Math.max(1, Math.round(settings.connections / servers.length));
  const results = await Promise.all(
    servers.map((server) =>
      boundedLoad(server.url, { ...settings, connections }, `the render load on ${server.url}`, [
        {
          setupRequest: (req) => ({
            ...req,
            path: nextPath(),
            headers: { ...req.headers, 'x-forwarded-for': guestAddress(pages + stored) },
          }),
          onResponse: (status, body, _context, headers) => {
            if (status >= 300) return;
            if (body.includes(BUSY_MARKER)) busy++;
            else if (headers?.['x-page-cache'] === 'hit') stored++;
            else pages++;
          },
        },
      ]),
    ),
  );
  const seconds = (Date.now() - started) / 1000;
  const cpuAfter = cpuMilliseconds(pids);
  const sum = (pick: (result: (typeof results)[number]) => number) =>
    results.reduce((total, r) => total + pick(r), 0);
  return {
    pagesPerSecond: pages / seconds,
    cpuMsPerPage:
      pids.length > 0 && cpuBefore !== undefined && cpuAfter !== undefined && pages > 0
        ? (cpuAfter - cpuBefore) / pages
        : undefined,
    pages,
    stored,
    failures: sum((r) => r.non2xx + r.errors + r.timeouts) + busy,
    p50: mean(results.map((r) => r.latency.p50)),
    partnerCalls: (await settings.partnerCalls()) - callsBefore,
  };
}

/** Two rounds' figures as one: rates and CPU averaged, counts summed. */
function together(rounds: readonly RenderLoad[]): RenderLoad {
  const cpu = rounds.map((r) => r.cpuMsPerPage).filter((v): v is number => v !== undefined);
  const sum = (pick: (r: RenderLoad) => number) => rounds.reduce((total, r) => total + pick(r), 0);
  return {
    pagesPerSecond: mean(rounds.map((r) => r.pagesPerSecond)),
    cpuMsPerPage: cpu.length === rounds.length ? mean(cpu) : undefined,
    pages: sum((r) => r.pages),
    stored: sum((r) => r.stored),
    failures: sum((r) => r.failures),
    p50: mean(rounds.map((r) => r.p50)),
    partnerCalls: sum((r) => r.partnerCalls),
  };
}

/**
 * Creates the embedded ledger's database in `dir` here, so that `next start` opens an existing
 * one, as the site instance opens the folder an earlier start created. Creating a database leaves
 * PGlite with about 430 MB of garbage outside the JavaScript heap (819 MB resident right after,
 * against 458 MB for opening an existing folder) until a full collection frees it: counted in
 * `next start`'s memory, it would flatter the site's ratio.
 */
async function createLedgerDatabase(dir: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  await (await PGlite.create(path.join(dir, 'pgdata'))).close();
}

/** `next start` of the site's build with the site's settings, its partner cache warmed on `links`. */
async function measureNextStart(
  links: { search: string[]; house: string[] },
  settings: RenderSettings,
): Promise<Pick<RenderFigures, 'nextStart' | 'nextStartRssBytes'>> {
  const url = `http://127.0.0.1:${settings.nextStartPort}`;
  // A ledger folder of its own: the site instance holds the default one, and a process that
  // cannot open its embedded database holds none of its memory.
  const ledgerDir = mkdtempSync(path.join(tmpdir(), 'bench-next-start-ledger-'));
  await createLedgerDatabase(ledgerDir);
  const nextStart = start(
    path.join(root, 'node_modules', '.bin', 'next'),
    ['start', '-p', String(settings.nextStartPort), '-H', '127.0.0.1'],
    { ...siteEnvironment(url, false, undefined), LEDGER_DIR: ledgerDir },
  );
  try {
    await waitFor(`${url}/en`, 60_000);
    await warmUp([url], [...links.search, ...links.house], 120);
    const load = (next: () => string) => renderLoad([{ url, pid: nextStart.pid }], next, settings);
    const unseen = { search: addresses(links.search), house: addresses(links.house) };
    const { search, house } = unseen;
    // Not counted, as on the site (measureSide).
    await warmRenders(1, load, unseen);
    // The site's rounds in the site's order.
    const first = { search: await load(search), house: await load(house) };
    const second = { house: await load(house), search: await load(search) };
    const rss = nextStart.pid === undefined ? undefined : residentBytes(processTree(nextStart.pid));
    return {
      nextStart: {
        search: together([first.search, second.search]),
        house: together([first.house, second.house]),
      },
      nextStartRssBytes: rss,
    };
  } finally {
    await stop(nextStart);
    rmSync(ledgerDir, { recursive: true, force: true });
  }
}

/**
 * Pages each server renders, not counted, before a side's rounds are. A fresh process renders
 * slower for its first thousand pages or so, while V8 optimizes the render path: one instance on
 * Redis rendered house pages in rounds of 10 s at 32, 32, 32 and 34 a second, then 40 to 43. What
 * a partner's instance does for hours is the steady state, so the rounds measure that, on every
 * side alike (the bare page renders this many in its first round).
 */
export const WARM_PAGES_PER_SERVER = 2000;
/** At most this many uncounted pairs of rounds, however slowly pages come. */
export const MAX_WARM_ROUNDS = 6;

/**
 * Uncounted rounds of `load`, a search round then a house round, until `servers` servers have
 * rendered WARM_PAGES_PER_SERVER pages each between them, or for MAX_WARM_ROUNDS pairs; gives the
 * pages rendered.
 */
export async function warmRenders(
  servers: number,
  load: (next: () => string) => Promise<Pick<RenderLoad, 'pages'>>,
  { search, house }: UnseenAddresses,
): Promise<number> {
  let pages = 0;
  for (let i = 0; i < MAX_WARM_ROUNDS && pages < WARM_PAGES_PER_SERVER * servers; i++) {
    pages += (await load(search)).pages + (await load(house)).pages;
  }
  return pages;
}

/**
 * The site's pages and the bare page, loaded on `site` and `bare`: uncounted rounds until every
 * server is warm (warmRenders), then two rounds each, alternated so drift in the machine's load
 * falls on every side alike.
 */
async function measureSide(
  site: readonly RenderServer[],
  bare: readonly RenderServer[],
  unseen: UnseenAddresses,
  settings: RenderSettings,
): Promise<RenderSide> {
  const { search, house } = unseen;
  let n = 0;
  const referencePath = () => `/render?n=${n++}`;
  const onSite = (next: () => string) => renderLoad(site, next, settings);
  const onBare = () => renderLoad(bare, referencePath, settings);
  await warmRenders(site.length, onSite, unseen);
  await onBare();
  const first = { search: await onSite(search), house: await onSite(house), reference: await onBare() };
  const second = { reference: await onBare(), house: await onSite(house), search: await onSite(search) };
  return {
    search: together([first.search, second.search]),
    house: together([first.house, second.house]),
    reference: together([first.reference, second.reference]),
  };
}

export async function runRender(
  allLinks: readonly string[],
  settings: RenderSettings,
): Promise<RenderFigures> {
  const links = renderLinks(allLinks);
  if (links.search.length === 0 || links.house.length === 0) return { skipped: 'no search or house links' };
  if (!settings.reference) return { skipped: 'the reference page did not start' };
  const reference = settings.reference;
  // The plain links' partner answers cached, so the loads below call the partner for nothing.
  await warmUp([settings.siteUrl], [...links.search, ...links.house], 60);
  const first: RenderServer = { url: settings.siteUrl, pid: settings.sitePid };
  // One supply for both sides: the host's instances share the first one's page store, where the
  // addresses the first side asked for are stored.
  const unseen = { search: addresses(links.search), house: addresses(links.house) };
  const one = await measureSide([first], [reference], unseen, settings);
  const siteRssBytes =
    settings.sitePid === undefined ? undefined : residentBytes(processTree(settings.sitePid));
  let host: RenderFigures['host'];
  const more = await settings.moreInstances?.();
  if (more) {
    try {
      const servers = [first, ...more.servers];
      host = {
        instances: servers.length,
        ...(await measureSide(servers, reference.servers, unseen, settings)),
      };
    } finally {
      await more.stop();
    }
  }
  return { ...one, host, siteRssBytes, ...(await measureNextStart(links, settings)) };
}

const megabytes = (bytes: number | undefined) =>
  bytes === undefined ? '-' : `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function describeLoad(load: RenderLoad | undefined): string {
  if (!load) return '-';
  const cpu = load.cpuMsPerPage === undefined ? '-' : load.cpuMsPerPage.toFixed(1);
  return (
    `${load.pagesPerSecond.toFixed(1)} pages/s, ${cpu} ms CPU a page, p50 ${load.p50.toFixed(0)} ms ` +
    `(${load.pages} pages, ${load.stored} from the store, ${load.failures} failed, ${load.partnerCalls} partner calls)`
  );
}

export function printRender(
  figures: RenderFigures,
  settings: { connections: number; duration: number },
): void {
  console.log(
    `\nrender: addresses new to the page store, partner answers cached (${settings.connections} connections, ` +
      `${settings.duration} s a round, two rounds each)`,
  );
  if (figures.skipped) {
    console.log(`  skipped: ${figures.skipped}`);
    return;
  }
  console.log(`  search page        ${describeLoad(figures.search)}`);
  console.log(`  house page         ${describeLoad(figures.house)}`);
  console.log(`  bare Next.js page  ${describeLoad(figures.reference)}`);
  if (figures.host) {
    const { instances } = figures.host;
    console.log(
      `  the host: the loads spread over ${instances} site instances and ${instances} bare-page servers`,
    );
    console.log(`    search page      ${describeLoad(figures.host.search)}`);
    console.log(`    house page       ${describeLoad(figures.host.house)}`);
    console.log(`    bare Next.js     ${describeLoad(figures.host.reference)}`);
  }
  console.log(`  next start, search ${describeLoad(figures.nextStart?.search)}`);
  console.log(`  next start, house  ${describeLoad(figures.nextStart?.house)}`);
  console.log(
    `  resident memory: site instance ${megabytes(figures.siteRssBytes)}, ` +
      `next start of the same build ${megabytes(figures.nextStartRssBytes)}`,
  );
}
