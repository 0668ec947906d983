/**
 * Landings per campaign per day: page requests whose address carries utm_source or cid, counted
 * by day (UTC) × source × medium × campaign × cid, in memory in this process until the ledger
 * flushes them into its database. Nothing about the visitor is kept: no address, no cookie, no
 * user agent. Bots that say so are not counted, and at most MAX_VISIT_KEYS distinct combinations
 * are held between flushes, so links made up by a script cannot grow the memory.
 *
 * No `server-only` marker: the site server, which runs outside Next.js, counts here, and the
 * ledger inside Next.js flushes; a process singleton is the one counter both reach.
 */
import { normalizeCampaignTag } from '@/lib/attribution/campaign-rule';
import { processSingleton } from '@/lib/process-singleton';

export const MAX_VISIT_KEYS = 1000;

export interface VisitCount {
  /** YYYY-MM-DD, UTC. */
  readonly day: string;
  readonly utm_source: string;
  readonly utm_medium: string;
  readonly utm_campaign: string;
  readonly cid: string;
  readonly visits: number;
}

interface Counter {
  /** Off until the ledger runs in this process: nobody would flush the counts. */
  enabled: boolean;
  counts: Map<string, number>;
  /** Visits not counted because the bound was reached, since the last flush. */
  dropped: number;
}

const counter = () =>
  processSingleton<Counter>('ledger.visits', () => ({ enabled: false, counts: new Map(), dropped: 0 }));

export function enableVisitCounting(enabled: boolean): void {
  counter().enabled = enabled;
}

const BOT = /bot|crawler|spider/i;
const TAGS = ['utm_source', 'utm_medium', 'utm_campaign', 'cid'] as const;

/** A tag as a key part: '' when absent or invalid (an invalid tag is no campaign of anyone's). */
function part(params: URLSearchParams, name: string): string {
  const tag = normalizeCampaignTag(params.get(name));
  return typeof tag === 'string' ? tag : '';
}

export interface VisitRequest {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly userAgent?: string | undefined;
  /** A client-side navigation or prefetch of the site's own pages: not a landing. */
  readonly routerRequest?: boolean;
}

/** Counts the request when it is a page landing with campaign tags. Cheap when it is not. */
export function countCampaignVisit(req: VisitRequest, now = Date.now()): void {
  const url = req.url ?? '';
  if (!url.includes('utm_source=') && !url.includes('cid=')) return;
  const state = counter();
  if (!state.enabled || req.method !== 'GET' || req.routerRequest) return;
  if (url.startsWith('/_next/') || url.startsWith('/api/')) return;
  if (BOT.test(req.userAgent ?? '')) return;
  const query = url.indexOf('?');
  if (query < 0) return;
  const params = new URLSearchParams(url.slice(query + 1));
  const tags = TAGS.map((name) => part(params, name));
  const [source, , , cid] = tags;
  if (source === '' && cid === '') return;
  add(state, [new Date(now).toISOString().slice(0, 10), ...tags].join('\n'), 1);
}

/** Adds to a combination's count; a new combination past the bound is dropped. */
function add(state: Counter, key: string, visits: number): void {
  const seen = state.counts.get(key);
  if (seen !== undefined) state.counts.set(key, seen + visits);
  else if (state.counts.size < MAX_VISIT_KEYS) state.counts.set(key, visits);
  else state.dropped += visits;
}

/** The counts so far, and a fresh start; the ones a failed flush could not write go back with `restoreVisits`. */
export function takeVisits(): { counts: VisitCount[]; dropped: number } {
  const state = counter();
  const counts = [...state.counts].map(([key, visits]) => {
    const [day = '', utm_source = '', utm_medium = '', utm_campaign = '', cid = ''] = key.split('\n');
    return { day, utm_source, utm_medium, utm_campaign, cid, visits };
  });
  const dropped = state.dropped;
  state.counts = new Map();
  state.dropped = 0;
  return { counts, dropped };
}

/** Puts counts a flush could not write back, within the same bound. */
export function restoreVisits(counts: readonly VisitCount[]): void {
  const state = counter();
  for (const c of counts)
    add(state, [c.day, c.utm_source, c.utm_medium, c.utm_campaign, c.cid].join('\n'), c.visits);
}
