/**
 * Lighthouse (its default, mobile configuration: a mid-range phone on a slow 4G link, simulated)
 * on the warmed site, in the Chromium the system provides. The browser is started here with a
 * fixed loopback debugging port and a throwaway profile; nothing is downloaded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Flags, Result } from 'lighthouse';
import { QUIET, start, stop, waitFor, waitForQuietMachine, within } from './processes';

export interface LighthousePage {
  readonly label: string;
  readonly path: string;
  /** False for a page that asks not to be indexed: its SEO score does not apply. */
  readonly indexable: boolean;
  /** Where the page is served, when not by the site (the framework's reference page). */
  readonly origin?: string;
  /** A page measured beside the site's for comparison: no target applies to it. */
  readonly reference?: boolean;
}

export interface LighthouseFigures {
  readonly page: LighthousePage;
  readonly error?: string;
  readonly performance?: number;
  readonly accessibility?: number;
  readonly bestPractices?: number;
  readonly seo?: number;
  readonly lcpMs?: number;
  readonly tbtMs?: number;
  readonly cls?: number;
  /** Bytes transferred and uncompressed, from Lighthouse's network records. */
  readonly jsTransfer?: number;
  readonly jsResource?: number;
  readonly htmlTransfer?: number;
  readonly htmlResource?: number;
  /** Failed audits of the four categories, for a score below 100 (ids only). */
  readonly failing?: string[];
  /** Where the browser ended up, when a redirect took it elsewhere. */
  readonly finalUrl?: string;
  /** The performance score of every run of this page, in the order they ran (the spread is the noise). */
  readonly allPerformance?: readonly number[];
  /**
   * Lighthouse's own measure of how fast the machine ran its CPU benchmark just before this run
   * (higher is faster). Its CPU slowdown is a fixed four times whatever the machine, so a slower
   * machine simulates a slower phone and scores lower: this is what makes two runs comparable.
   */
  readonly benchmarkIndex?: number;
  /** The benchmark index of every run of this page, in the order they ran. */
  readonly allBenchmarkIndex?: readonly number[];
  /**
   * Main-thread time of the run by kind of work (Lighthouse's groups: scriptEvaluation,
   * styleLayout, other, parseHTML, …), in milliseconds as Lighthouse counts them: four times what
   * the machine took. It shows where a page's blocking time comes from and how that differs from
   * the reference page's. On Linux, for instance, style and layout wait on a synchronous request to
   * the browser process for each new font size and weight, slow while script compilation fills
   * the cores; a phone makes no such request.
   */
  readonly mainThread?: Readonly<Record<string, number>>;
}

/** The flags the bench runs Debian's Chromium with. */
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-extensions',
  '--mute-audio',
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const score = (lhr: Result, id: string) => {
  const value = lhr.categories[id]?.score;
  return typeof value === 'number' ? Math.round(value * 100) : undefined;
};
const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue;

/** The rows of an audit whose details are a table (fields unchecked); undefined for any other audit. */
function tableItems<T>(lhr: Result, id: string): T[] | undefined {
  const details = lhr.audits[id]?.details;
  return details && details.type === 'table' ? (details.items as T[]) : undefined;
}

interface NetworkItem {
  resourceType?: unknown;
  transferSize?: unknown;
  resourceSize?: unknown;
}

function bytesOf(lhr: Result, type: string): { transfer: number; resource: number } {
  const items = tableItems<NetworkItem>(lhr, 'network-requests') ?? [];
  let transfer = 0;
  let resource = 0;
  for (const item of items) {
    if (item.resourceType !== type) continue;
    transfer += typeof item.transferSize === 'number' ? item.transferSize : 0;
    resource += typeof item.resourceSize === 'number' ? item.resourceSize : 0;
  }
  return { transfer, resource };
}

interface WorkItem {
  group?: unknown;
  duration?: unknown;
}

function mainThreadOf(lhr: Result): Record<string, number> | undefined {
  const items = tableItems<WorkItem>(lhr, 'mainthread-work-breakdown');
  if (!items) return undefined;
  const byGroup: Record<string, number> = {};
  for (const item of items) {
    if (typeof item.group === 'string' && typeof item.duration === 'number') {
      byGroup[item.group] = (byGroup[item.group] ?? 0) + item.duration;
    }
  }
  return byGroup;
}

function failingAudits(lhr: Result, page: LighthousePage): string[] {
  const failing: string[] = [];
  for (const id of CATEGORIES) {
    if (id === 'performance' || (id === 'seo' && !page.indexable)) continue;
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && typeof audit.score === 'number' && audit.score < 1) failing.push(ref.id);
    }
  }
  return failing;
}

export function figuresOf(page: LighthousePage, lhr: Result): LighthouseFigures {
  if (lhr.runtimeError) return { page, error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
  const js = bytesOf(lhr, 'Script');
  const html = bytesOf(lhr, 'Document');
  return {
    page,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    jsTransfer: js.transfer,
    jsResource: js.resource,
    htmlTransfer: html.transfer,
    htmlResource: html.resource,
    failing: failingAudits(lhr, page),
    finalUrl: lhr.finalDisplayedUrl === lhr.requestedUrl ? undefined : lhr.finalDisplayedUrl,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    mainThread: mainThreadOf(lhr),
  };
}

/**
 * The run with the median performance score of one page's runs, with every run's score and
 * benchmark index beside it; the first run (an error) when none scored.
 */
export function medianRun(runs: readonly LighthouseFigures[]): LighthouseFigures {
  const scored = runs.filter((r) => r.performance !== undefined);
  const median = [...scored].sort((a, b) => a.performance! - b.performance!)[
    Math.floor((scored.length - 1) / 2)
  ];
  if (!median) return runs[0]!;
  return {
    ...median,
    allPerformance: scored.map((r) => r.performance!),
    allBenchmarkIndex: scored.flatMap((r) => (r.benchmarkIndex === undefined ? [] : [r.benchmarkIndex])),
  };
}

export interface LighthouseSettings {
  readonly siteUrl: string;
  readonly debuggingPort: number;
  readonly runs: number;
  readonly chromePath: string;
}

/**
 * Runs every page `runs` times and keeps, per page, the run with the median performance. The
 * runs go round the pages (home, search, …, home, search, …), so a slow stretch of the machine
 * lands on one run of several pages instead of on every run of one.
 */
export async function runLighthouse(
  pages: readonly LighthousePage[],
  settings: LighthouseSettings,
): Promise<LighthouseFigures[]> {
  const { default: lighthouse } = await import('lighthouse');
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-chromium-'));
  const browser = start(
    settings.chromePath,
    [
      ...CHROMIUM_FLAGS,
      `--remote-debugging-port=${settings.debuggingPort}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    {},
    'ignore',
  );
  try {
    await waitFor(`http://127.0.0.1:${settings.debuggingPort}/json/version`, 30_000);
    const flags: Flags = {
      port: settings.debuggingPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      maxWaitForLoad: 45_000,
    };
    // Lighthouse slows what it observes four times over, so a core taken by the servers' own
    // after-work (garbage collection after a load phase) shows as the page's blocking time.
    let longestWait = 0;
    let notQuiet = 0;
    const runsOf = pages.map(() => [] as LighthouseFigures[]);
    const good = (i: number) => runsOf[i]!.filter((r) => !r.error).length;
    // A run that fails (a trace Chromium did not record on a busy machine) is tried again in a
    // later round, twice at most.
    for (let round = 0; round < settings.runs + 2; round++) {
      for (const [i, page] of pages.entries()) {
        if (good(i) >= settings.runs) continue;
        const quiet = await waitForQuietMachine();
        longestWait = Math.max(longestWait, quiet.waitedSeconds);
        if (!quiet.quiet) notQuiet += 1;
        try {
          const outcome = await within(
            lighthouse(`${page.origin ?? settings.siteUrl}${page.path}`, flags),
            180_000,
            `Lighthouse on ${page.path}`,
          );
          runsOf[i]!.push(
            outcome ? figuresOf(page, outcome.lhr) : { page, error: 'Lighthouse returned no result' },
          );
        } catch (err) {
          runsOf[i]!.push({ page, error: err instanceof Error ? err.message : String(err) });
        }
      }
    }
    const results = runsOf.map(medianRun);
    console.log(
      `\nLighthouse runs began once the machine was quiet (cores ≤ ${QUIET.maxBusyShare * 100} % busy over ` +
        `${QUIET.windowMs / 1000} s): waited up to ${longestWait.toFixed(1)} s` +
        (notQuiet > 0 ? `; ${notQuiet} run(s) began busier, after ${QUIET.maxMs / 1000} s` : ''),
    );
    return results;
  } finally {
    await stop(browser);
    rmSync(profile, { recursive: true, force: true });
  }
}

const kb = (bytes: number | undefined) => (bytes === undefined ? '-' : `${(bytes / 1024).toFixed(1)} KB`);
const spread = (values: readonly number[] | undefined) =>
  values && values.length > 0 ? `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}` : '-';
const show = (value: number | undefined, digits = 0) => (value === undefined ? '-' : value.toFixed(digits));

type Row = [string, (r: LighthouseFigures) => string];

/** Lighthouse's main-thread groups, in the order the bench prints them. */
const MAIN_THREAD_GROUPS: ReadonlyArray<readonly [string, string]> = [
  ['scriptEvaluation', 'script evaluation'],
  ['scriptParseCompile', 'script parse and compile'],
  ['styleLayout', 'style and layout'],
  ['parseHTML', 'HTML and CSS parsing'],
  ['paintCompositeRender', 'paint and composite'],
  ['garbageCollection', 'garbage collection'],
  ['other', 'other (page start, tasks)'],
];

export function printLighthouse(results: readonly LighthouseFigures[], runs: number): void {
  console.log(
    `\nLighthouse ${runs > 1 ? `(median of ${runs} runs by performance) ` : ''}mobile, simulated throttling`,
  );
  const width = 30;
  const rows: Row[] = [
    ['performance', (r) => show(r.performance)],
    ['accessibility', (r) => show(r.accessibility)],
    ['best practices', (r) => show(r.bestPractices)],
    ['SEO', (r) => (r.page.indexable ? show(r.seo) : `n/a (${show(r.seo)})`)],
    ['LCP (ms)', (r) => show(r.lcpMs)],
    ['TBT (ms)', (r) => show(r.tbtMs)],
    ['CLS', (r) => show(r.cls, 3)],
    ['JavaScript, transferred', (r) => kb(r.jsTransfer)],
    ['JavaScript, uncompressed', (r) => kb(r.jsResource)],
    ['HTML, transferred', (r) => kb(r.htmlTransfer)],
    ['HTML, uncompressed', (r) => kb(r.htmlResource)],
  ];
  const work = (group?: string) => (r: LighthouseFigures) => {
    if (!r.mainThread) return '-';
    const values = group ? [r.mainThread[group] ?? 0] : Object.values(r.mainThread);
    return show(values.reduce((sum, value) => sum + value, 0));
  };
  rows.push(
    ['main thread, all work (ms)', work()],
    ...MAIN_THREAD_GROUPS.map(([group, label]): Row => [`  ${label}`, work(group)]),
    ['host CPU benchmark index', (r) => show(r.benchmarkIndex)],
  );
  if (runs > 1) {
    rows.splice(1, 0, ['performance, every run', (r) => (r.allPerformance ?? []).join(' ')]);
    rows.push(['  lowest to highest of the runs', (r) => spread(r.allBenchmarkIndex)]);
  }
  console.log(`${'page'.padEnd(width)}${results.map((r) => r.page.label.padStart(18)).join('')}`);
  for (const [name, fmt] of rows) {
    console.log(
      `${name.padEnd(width)}${results.map((r) => (r.error ? 'error' : fmt(r)).padStart(18)).join('')}`,
    );
  }
  for (const r of results) {
    console.log(
      `  ${r.page.label}: ${r.page.reference ? 'bench/reference-app, the same Next.js and React with no client component of its own, served with the headers every page of the site carries' : r.page.path}`,
    );
    if (r.finalUrl) console.log(`    redirected to ${r.finalUrl}`);
    if (r.error) console.log(`    error: ${r.error}`);
    else if (r.failing && r.failing.length > 0)
      console.log(`    audits below 100 (non-performance): ${r.failing.join(', ')}`);
  }
}
