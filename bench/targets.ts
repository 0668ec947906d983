/**
 * The final table: every target of the benchmark, with the figure this run measured and whether
 * it is met. A target whose phase did not run (`--only`) or produced no figure says so.
 */
import { CAMPAIGN_TARGETS, type CampaignFigures } from './campaign';
import type { CompareResult } from './compare';
import type { LighthouseFigures } from './lighthouse';
import type { CalendarLaneFigures } from './calendar-lane';
import { RENDER_TARGETS, type RenderFigures, type RenderLoad } from './render';
import type { SharedAddressFigures } from './shared-address';

export interface SteadyFigures {
  /** Pages with houses per second. */
  readonly servedRps: number;
  readonly partner429: number;
  readonly maxInAnyMinute: number;
}

export interface TargetInputs {
  /** Calls per minute the partner allows. */
  readonly quotaPerMinute: number;
  readonly instances: number;
  readonly steady?: SteadyFigures;
  readonly steadyOne?: SteadyFigures;
  readonly compare?: readonly CompareResult[];
  readonly campaign?: CampaignFigures;
  readonly sharedAddress?: SharedAddressFigures;
  readonly calendarLane?: CalendarLaneFigures;
  readonly lighthouse?: readonly LighthouseFigures[];
  /** The bare Next.js page's Lighthouse figures from the same runs. */
  readonly lighthouseReference?: LighthouseFigures;
  readonly render?: RenderFigures;
  /** Uncompressed HTML of the search page, bytes. */
  readonly searchHtmlBytes?: number;
}

/** Site requests/s ÷ bare Node requests/s on the same bytes, at least. */
export const MIN_RATIO = { api: 0.5, page: 0.25 } as const;

export type Verdict = 'met' | 'not met' | 'not run';
export interface Row {
  readonly measure: string;
  readonly value: string;
  readonly target: string;
  readonly verdict: Verdict;
}

const timesQuota = (figures: SteadyFigures, quota: number) => (figures.servedRps * 60) / quota;

function ratioRow(
  compare: readonly CompareResult[] | undefined,
  label: string,
  measure: string,
  minRatio: number,
): Row {
  const result = compare?.find((r) => r.target.label === label);
  const target = `≥ ${result?.target.minRatio ?? minRatio}`;
  if (!result) return { measure, value: '-', target, verdict: 'not run' };
  if (result.ratio === undefined)
    return { measure, value: result.skipped ?? '-', target, verdict: 'not met' };
  return {
    measure,
    value: result.ratio.toFixed(3),
    target: `≥ ${result.target.minRatio}`,
    verdict: result.ratio >= result.target.minRatio ? 'met' : 'not met',
  };
}

function campaignRows(campaign: CampaignFigures | undefined): Row[] {
  const { minRatio, minHitRatio } = CAMPAIGN_TARGETS;
  const ratio = campaign?.ratio;
  const hitRatio = campaign?.hitRatio;
  const verdict = (value: number | undefined, min: number): Verdict =>
    campaign === undefined ? 'not run' : value !== undefined && value >= min ? 'met' : 'not met';
  const shown = (value: string | undefined) =>
    campaign === undefined ? '-' : (value ?? campaign.skipped ?? '-');
  return [
    {
      measure: 'campaign landing links, a click id per request, site ÷ bare Node',
      value: shown(ratio?.toFixed(3)),
      target: `≥ ${minRatio}`,
      verdict: verdict(ratio, minRatio),
    },
    {
      measure: 'campaign landing links, answered from the page store',
      value: shown(hitRatio === undefined ? undefined : `${(hitRatio * 100).toFixed(2)} %`),
      target: `≥ ${minHitRatio * 100} %`,
      verdict: verdict(hitRatio, minHitRatio),
    },
  ];
}

/** Guests behind one address meet no "busy" while the partner quota has room (fewer calls than the site's 90 %). */
function sharedAddressRow(figures: SharedAddressFigures | undefined, quota: number): Row {
  const measure = 'shared address: guests’ pages and API answers "busy" while the quota has room';
  if (!figures) return { measure, value: '-', target: '0', verdict: 'not run' };
  if (figures.skipped) return { measure, value: figures.skipped, target: '0', verdict: 'not met' };
  const busy = figures.busyPages + figures.busyApi;
  const room = figures.partnerCalls < quota * 0.9;
  return {
    measure,
    value: `${busy} of ${figures.pages} pages (${figures.partnerCalls} partner calls in ${figures.seconds.toFixed(0)} s)`,
    target: '0',
    verdict: busy === 0 || !room ? 'met' : 'not met',
  };
}

/**
 * The calendars' spare lane keeps the partner within 90 calls in any 60 s and takes nothing from
 * booking steps, and still prices days the guests see: on average one for every two calendars
 * opened, each for a party nobody asked for, in the few seconds a guest looks at it.
 */
function calendarLaneRow(figures: CalendarLaneFigures | undefined): Row {
  const measure = 'calendar lane: partner calls in any 60 s, 429s, booking steps "busy", days priced a calendar';
  const target = '≤ 90, 0, 0, ≥ 0.5';
  if (!figures) return { measure, value: '-', target, verdict: 'not run' };
  const perCalendar = figures.calendars > 0 ? figures.pricedDays / figures.calendars : 0;
  const met =
    figures.maxInAnyMinute <= 90 &&
    figures.rateLimited === 0 &&
    figures.bookingPagesBusy === 0 &&
    perCalendar >= 0.5;
  return {
    measure,
    value: `${figures.maxInAnyMinute}, ${figures.rateLimited}, ${figures.bookingPagesBusy} of ${figures.bookingPages}, ${perCalendar.toFixed(2)} (${figures.pricedDays} days, ${figures.calendars} calendars)`,
    target,
    verdict: met ? 'met' : 'not met',
  };
}

/** Each page's score, `error` for a run that failed and `n/a` where the measure does not apply. */
function scoreList(
  pages: readonly LighthouseFigures[],
  pick: (r: LighthouseFigures) => number | undefined,
  applies: (r: LighthouseFigures) => boolean = () => true,
): string {
  return pages.map((r) => (applies(r) ? (r.error ? 'error' : String(pick(r) ?? '-')) : 'n/a')).join(' / ');
}

/** The Lighthouse pages' labels, as the measures name them. */
const pageLabels = (pages: readonly LighthouseFigures[] | undefined) =>
  pages?.map((r) => r.page.label).join(' / ') ?? 'home / search / house / booking step';

function lighthouseRow(
  pages: readonly LighthouseFigures[] | undefined,
  measure: string,
  pick: (r: LighthouseFigures) => number | undefined,
  min: number,
  applies: (r: LighthouseFigures) => boolean = () => true,
): Row {
  const target = min === 100 ? '100' : `≥ ${min} each`;
  if (!pages || pages.length === 0) return { measure, value: '-', target, verdict: 'not run' };
  const met = pages.every((r) => !applies(r) || (!r.error && (pick(r) ?? -1) >= min));
  return { measure, value: scoreList(pages, pick, applies), target, verdict: met ? 'met' : 'not met' };
}

/** Points a guest page's Lighthouse performance may be below the bare Next.js page's, at most. */
export const MAX_POINTS_BELOW_REFERENCE = 3;

/**
 * Each guest page's Lighthouse performance beside the bare Next.js page scored in the same runs:
 * a slower machine lowers every score alike, so the distance is what the site's pages add.
 */
function besideReferenceRow(
  pages: readonly LighthouseFigures[] | undefined,
  reference: LighthouseFigures | undefined,
): Row {
  const measure = `Lighthouse mobile performance beside the bare Next.js page, ${pageLabels(pages)}`;
  const target = `≥ bare − ${MAX_POINTS_BELOW_REFERENCE} each`;
  if (!pages || pages.length === 0 || !reference) return { measure, value: '-', target, verdict: 'not run' };
  const floor = reference.performance;
  const met =
    floor !== undefined &&
    !reference.error &&
    pages.every(
      (r) => !r.error && r.performance !== undefined && r.performance >= floor - MAX_POINTS_BELOW_REFERENCE,
    );
  return {
    measure,
    value: `${scoreList(pages, (r) => r.performance)} vs ${reference.error ? 'error' : (floor ?? '-')}`,
    target,
    verdict: met ? 'met' : 'not met',
  };
}

const perSecond = (load: RenderLoad) =>
  `${load.pagesPerSecond.toFixed(1)}/s, ${load.cpuMsPerPage === undefined ? '-' : load.cpuMsPerPage.toFixed(1)} ms CPU`;

/**
 * An unseen address's render rate, with the bare Next.js page's beside it: the host's (every site
 * instance loaded, every core at work) when the phase measured it, one instance's beside that.
 */
function renderRow(render: RenderFigures | undefined, page: 'search' | 'house', min: number): Row {
  const measure = `render of an unseen URL, ${page} page, pages a second`;
  const target = `≥ ${min}`;
  if (!render) return { measure, value: '-', target, verdict: 'not run' };
  const side = render.host ?? render;
  const load = side[page];
  if (!load) return { measure, value: render.skipped ?? '-', target, verdict: 'not met' };
  const reference = side.reference;
  const share =
    reference && reference.pagesPerSecond > 0
      ? `; ${(load.pagesPerSecond / reference.pagesPerSecond).toFixed(3)} of the bare Next.js page (${perSecond(reference)})`
      : '';
  const verdict = load.pagesPerSecond >= min ? 'met' : 'not met';
  const value = `${perSecond(load)}${share}`;
  if (!render.host) return { measure, value, target, verdict };
  const one = render[page];
  const alone = one ? `; one instance alone ${perSecond(one)}` : '';
  return { measure, value: `${render.host.instances} instances: ${value}${alone}`, target, verdict };
}

function memoryRow(render: RenderFigures | undefined): Row {
  const measure = 'resident memory after the phases, site instance ÷ next start of the same build';
  const target = `≤ ${RENDER_TARGETS.maxRssRatio}`;
  if (!render) return { measure, value: '-', target, verdict: 'not run' };
  const site = render.siteRssBytes;
  const next = render.nextStartRssBytes;
  if (site === undefined || next === undefined || next <= 0)
    return { measure, value: render.skipped ?? 'not measured', target, verdict: 'not met' };
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  const ratio = site / next;
  return {
    measure,
    value: `${mb(site)} ÷ ${mb(next)} = ${ratio.toFixed(2)}`,
    target,
    verdict: ratio <= RENDER_TARGETS.maxRssRatio ? 'met' : 'not met',
  };
}

export function targetRows(inputs: TargetInputs): Row[] {
  const { quotaPerMinute: quota } = inputs;
  const rows: Row[] = [
    ratioRow(
      inputs.compare,
      'cached /api/search',
      'cached /api/search, site ÷ bare Node, same bytes',
      MIN_RATIO.api,
    ),
    ratioRow(inputs.compare, 'cached search page', 'cached search page, site ÷ bare Node', MIN_RATIO.page),
    ratioRow(inputs.compare, 'cached house page', 'cached house page, site ÷ bare Node', MIN_RATIO.page),
    ...campaignRows(inputs.campaign),
    sharedAddressRow(inputs.sharedAddress, quota),
    calendarLaneRow(inputs.calendarLane),
    renderRow(inputs.render, 'search', RENDER_TARGETS.searchPagesPerSecond),
    renderRow(inputs.render, 'house', RENDER_TARGETS.housePagesPerSecond),
    memoryRow(inputs.render),
  ];
  const one = inputs.steadyOne;
  const many = inputs.instances > 1 ? inputs.steady : undefined;
  rows.push({
    measure: 'steady, pages with houses ÷ quota, 1 instance',
    value:
      (one ? `${timesQuota(one, quota).toFixed(1)}×` : '-') +
      (many ? ` (${inputs.instances} instances: ${timesQuota(many, quota).toFixed(1)}×)` : ''),
    target: '≥ 100×',
    verdict: one ? (timesQuota(one, quota) >= 100 ? 'met' : 'not met') : 'not run',
  });
  const steady = inputs.steady;
  rows.push({
    measure: `steady, ${inputs.instances} instance(s): ≥ 30× quota, 0 partner 429, ≤ 90 calls in any 60 s`,
    value: steady
      ? `${timesQuota(steady, quota).toFixed(1)}×, ${steady.partner429} × 429, max ${steady.maxInAnyMinute}/60 s`
      : '-',
    target: '≥ 30×, 0, ≤ 90',
    verdict: steady
      ? timesQuota(steady, quota) >= 30 && steady.partner429 === 0 && steady.maxInAnyMinute <= 90
        ? 'met'
        : 'not met'
      : 'not run',
  });
  const lh = inputs.lighthouse;
  rows.push(
    lighthouseRow(lh, `Lighthouse mobile performance, ${pageLabels(lh)}`, (r) => r.performance, 95),
    besideReferenceRow(lh, inputs.lighthouseReference),
    lighthouseRow(lh, 'Lighthouse best practices', (r) => r.bestPractices, 100),
    lighthouseRow(lh, 'Lighthouse accessibility', (r) => r.accessibility, 100),
    lighthouseRow(
      lh,
      'Lighthouse SEO (indexable pages)',
      (r) => r.seo,
      100,
      (r) => r.page.indexable,
    ),
  );
  const html = inputs.searchHtmlBytes;
  rows.push({
    measure: 'search page HTML (uncompressed)',
    value: html === undefined ? '-' : `${(html / 1024).toFixed(1)} KB`,
    target: '≤ 80 KB',
    verdict: html === undefined ? 'not run' : html <= 80 * 1024 ? 'met' : 'not met',
  });
  return rows;
}

export function printTargets(inputs: TargetInputs): void {
  const rows = targetRows(inputs);
  const widths = [
    Math.max(...rows.map((r) => r.measure.length), 7),
    Math.max(...rows.map((r) => r.value.length), 8),
    Math.max(...rows.map((r) => r.target.length), 6),
  ] as const;
  console.log('\ntargets');
  console.log(
    `${'measure'.padEnd(widths[0])}  ${'this run'.padEnd(widths[1])}  ${'target'.padEnd(widths[2])}  result`,
  );
  for (const r of rows) {
    console.log(
      `${r.measure.padEnd(widths[0])}  ${r.value.padEnd(widths[1])}  ${r.target.padEnd(widths[2])}  ${r.verdict}`,
    );
  }
}
