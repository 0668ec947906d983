/**
 * The campaign phase: newsletter and ad traffic sends every visitor to one of a few landing links
 * (search and house deep links tagged with `utm_source`/`utm_medium`), and every click carries a
 * click id of its own (`gclid`, `fbclid`). The site serves them all from the one stored page per
 * link (lib/seo/page-params.ts), so it should come as close to a bare Node server answering the
 * same bytes as it does for one cached address (bench/compare.ts).
 *
 * Each landing link is asked, with a new click id each time, until the site answers it from its
 * store; that answer is what the bare server replays. Then the site (each request a new click id)
 * and the bare server (the landing links as recorded) are loaded alternately, site-bare-bare-site,
 * every load bounded in time. The stored-page hit ratio is the site's own count of how it answered
 * the shareable requests of its two rounds.
 */
import { randomBytes } from 'node:crypto';
import { boundedLoad, captureAnswer, mean, startBareServer, type CapturedAnswer, type LoadFigures } from './compare';
import type { Counters } from './site-counters';

/** Site requests/s ÷ bare requests/s, and the share of requests answered from the store, at least. */
export const CAMPAIGN_TARGETS = { minRatio: 0.5, minHitRatio: 0.99 } as const;

export interface CampaignFigures {
  readonly links: readonly string[];
  /** Why the phase measured nothing, when it did not. */
  readonly skipped?: string;
  readonly site: LoadFigures[];
  readonly bare: LoadFigures[];
  readonly ratio?: number;
  /** Shareable requests the site answered during its rounds, and how many from its store. */
  readonly answered: number;
  readonly hits: number;
  readonly hitRatio?: number;
}

export interface CampaignSettings {
  readonly siteUrl: string;
  readonly barePort: number;
  readonly connections: number;
  readonly duration: number;
  readonly acceptEncoding: string;
  /** The site's page-store and partner-read counters (bench/site-counters.ts). */
  readonly counters: () => Promise<Counters>;
}

const SOURCES = ['utm_source=newsletter&utm_medium=email', 'utm_source=google&utm_medium=cpc'];

/**
 * The landing links of a campaign: the most popular search deep links with dates and house
 * pages, each with the tags of a newsletter or an ad.
 */
export function campaignLinks(links: readonly string[], searches = 3, houses = 2): string[] {
  const pick = (prefix: string, count: number) => links.filter((l) => l.startsWith(prefix)).slice(0, count);
  return [...pick('/en/search?startDate=', searches), ...pick('/en/houses/', houses)].map(
    (link, i) => `${link}${link.includes('?') ? '&' : '?'}${SOURCES[i % SOURCES.length]}`,
  );
}

/** A click id of its own for every request, about as long as the ad platforms' own. */
function clickIds(): () => string {
  const base = randomBytes(24).toString('base64url');
  let n = 0;
  return () => `${n % 2 === 0 ? 'gclid' : 'fbclid'}=${base}${(n++).toString(36)}`;
}

/** Asks for the link with a new click id each time until the answer comes from the store. */
async function recordStored(
  link: string,
  settings: CampaignSettings,
  nextClick: () => string,
): Promise<{ answer?: CapturedAnswer; why: string }> {
  let why = 'no answer';
  for (let attempt = 0; attempt < 20; attempt++) {
    const click = nextClick();
    try {
      const answer = await captureAnswer(settings.siteUrl, `${link}&${click}`, settings.acceptEncoding);
      if (answer.status !== 200) why = `answered ${answer.status}`;
      else if (answer.headers['x-page-cache'] !== 'hit') why = 'never served from the page store';
      else if (answer.decoded.includes(click.slice(click.indexOf('=') + 1)))
        why = 'the stored page holds a click id';
      else return { answer, why };
    } catch (err) {
      why = err instanceof Error ? err.message : String(err);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { why };
}

/** One bounded load over the landing links in turn, each request's path from `path`. */
async function load(
  base: string,
  links: readonly string[],
  path: (link: string) => string,
  settings: CampaignSettings,
): Promise<LoadFigures> {
  let next = 0;
  const result = await boundedLoad(base, settings, `the campaign load on ${base}`, [
    { setupRequest: (req) => ({ ...req, path: path(links[next++ % links.length]!) }) },
  ]);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const count = (counters: Counters, result: string) => counters.get(`page store ${result}`) ?? 0;
const answeredCount = (counters: Counters) =>
  ['hit', 'stored', 'rendered', 'session'].reduce((sum, result) => sum + count(counters, result), 0);

export async function runCampaign(
  links: readonly string[],
  settings: CampaignSettings,
): Promise<CampaignFigures> {
  const empty = { links, site: [], bare: [], answered: 0, hits: 0 };
  if (links.length === 0) return { ...empty, skipped: 'no landing links' };
  const nextClick = clickIds();
  const recorded = [];
  for (const link of links) {
    const { answer, why } = await recordStored(link, settings, nextClick);
    if (!answer) return { ...empty, skipped: `${link}: ${why}` };
    recorded.push({
      path: link,
      status: answer.status,
      headers: answer.headers,
      body: answer.body.toString('base64'),
    });
  }
  const bare = await startBareServer(recorded, settings.barePort);
  try {
    const siteRound = async () => {
      const before = await settings.counters();
      const figures = await load(settings.siteUrl, links, (link) => `${link}&${nextClick()}`, settings);
      const after = await settings.counters();
      return {
        figures,
        answered: answeredCount(after) - answeredCount(before),
        hits: count(after, 'hit') - count(before, 'hit'),
      };
    };
    const bareRound = () => load(bare.url, links, (link) => link, settings);
    const first = await siteRound();
    const bareFigures = [await bareRound(), await bareRound()];
    const second = await siteRound();
    const site = [first.figures, second.figures];
    const bareRps = mean(bareFigures.map((f) => f.rps));
    const answered = first.answered + second.answered;
    const hits = first.hits + second.hits;
    return {
      links,
      site,
      bare: bareFigures,
      ratio: bareRps > 0 ? mean(site.map((f) => f.rps)) / bareRps : undefined,
      answered,
      hits,
      hitRatio: answered > 0 ? hits / answered : undefined,
    };
  } finally {
    await bare.close();
  }
}

export function printCampaign(
  figures: CampaignFigures,
  settings: { connections: number; duration: number },
): void {
  console.log(
    `\ncampaign: ${figures.links.length} landing links, a new gclid/fbclid on every request, site beside bare ` +
      `node:http on the same bytes (${settings.connections} connections, ${settings.duration} s each, rounds site-bare, bare-site)`,
  );
  for (const link of figures.links) console.log(`  ${link}`);
  if (figures.skipped) {
    console.log(`  skipped: ${figures.skipped}`);
    return;
  }
  for (const [name, rounds] of [
    ['site', figures.site],
    ['bare', figures.bare],
  ] as const) {
    const cells = rounds.map((f) => `${f.rps.toFixed(0)} req/s, p50 ${f.p50} ms`).join(' | ');
    const failures = rounds.reduce((sum, f) => sum + f.non2xx + f.errors, 0);
    console.log(`  ${name.padEnd(6)}${cells}   non-2xx or errors: ${failures}`);
  }
  const ratio = figures.ratio;
  const hitRatio = figures.hitRatio;
  console.log(
    `  ratio site ÷ bare (mean req/s) ${ratio === undefined ? '-' : ratio.toFixed(3)}  ` +
      `target ≥ ${CAMPAIGN_TARGETS.minRatio}: ${ratio !== undefined && ratio >= CAMPAIGN_TARGETS.minRatio ? 'met' : 'not met'}`,
  );
  console.log(
    `  stored-page hits ${figures.hits} of ${figures.answered} (${hitRatio === undefined ? '-' : `${(hitRatio * 100).toFixed(2)} %`})  ` +
      `target ≥ ${CAMPAIGN_TARGETS.minHitRatio * 100} %: ${hitRatio !== undefined && hitRatio >= CAMPAIGN_TARGETS.minHitRatio ? 'met' : 'not met'}`,
  );
}
