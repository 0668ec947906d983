import { Counter } from 'prom-client';
import { normalizeCampaignTag, type CampaignTags } from '@/lib/attribution/campaign-rule';
import { processSingleton } from '@/lib/process-singleton';
import { getSiteMetrics } from './registry';

/**
 * Finished bookings and their booked value by the campaign that brought them. Campaign tags come
 * from links anyone can write, so they are the one label set here that request input can reach.
 * Two bounds keep the series countable: each tag must pass the link builder's rule (at most 64
 * letters, digits and a few separators, else `(other)`), and at most MAX_CAMPAIGN_SERIES
 * distinct tag combinations get their own series per process; later ones are counted together
 * under `(other)` in every label. A booking without tags is counted under `(none)`. Neither value
 * can be a real tag: tags start with a letter or digit.
 */

export const MAX_CAMPAIGN_SERIES = 50;
export const NO_TAG = '(none)';
export const OTHER_TAG = '(other)';

const LABEL_NAMES = ['source', 'medium', 'campaign', 'cid'] as const;
type CampaignLabel = (typeof LABEL_NAMES)[number];
export type CampaignLabels = Record<CampaignLabel, string>;

const OVERFLOW: CampaignLabels = {
  source: OTHER_TAG,
  medium: OTHER_TAG,
  campaign: OTHER_TAG,
  cid: OTHER_TAG,
};

function labelOf(value: string | undefined): string {
  if (value === undefined) return NO_TAG;
  const tag = normalizeCampaignTag(value);
  return typeof tag === 'string' ? tag : tag === undefined ? NO_TAG : OTHER_TAG;
}

/**
 * The labels a booking with these tags is counted under. `seen` holds the combinations that have
 * a series already; a new one is added while there is room, else the booking goes to `(other)`.
 */
export function toCampaignLabels(
  tags: CampaignTags | undefined,
  seen: Set<string>,
  max = MAX_CAMPAIGN_SERIES,
): CampaignLabels {
  const labels: CampaignLabels = {
    source: labelOf(tags?.utm_source),
    medium: labelOf(tags?.utm_medium),
    campaign: labelOf(tags?.utm_campaign),
    cid: labelOf(tags?.cid),
  };
  const key = JSON.stringify(labels);
  if (seen.has(key)) return labels;
  if (seen.size >= max) return OVERFLOW;
  seen.add(key);
  return labels;
}

interface CampaignMetrics {
  bookings: Counter<CampaignLabel>;
  bookedValue: Counter<CampaignLabel>;
  seen: Set<string>;
}

function createCampaignMetrics(): CampaignMetrics {
  const registers = [getSiteMetrics().registry];
  return {
    bookings: new Counter({
      name: 'booking_campaign_bookings_total',
      help: `Finished bookings by campaign tags (utm_source, utm_medium, utm_campaign, cid); ${NO_TAG} when the booking had none, ${OTHER_TAG} past ${MAX_CAMPAIGN_SERIES} combinations`,
      labelNames: LABEL_NAMES,
      registers,
    }),
    bookedValue: new Counter({
      name: 'booking_campaign_booked_value_euros_total',
      help: 'Booked value in euros (the total of the partner price specification) by campaign tags, labelled as booking_campaign_bookings_total',
      labelNames: LABEL_NAMES,
      registers,
    }),
    seen: new Set(),
  };
}

// A process singleton beside the registry, for the reason lib/metrics/registry.ts gives: every
// copy of this module counts into the same series and shares one bound.
function getCampaignMetrics(): CampaignMetrics {
  return processSingleton('metrics.campaigns', createCampaignMetrics);
}

/** Counts one finished booking and its value (when known) under its campaign. */
export function countCampaignBooking(tags: CampaignTags | undefined, bookedValue: number | null): void {
  const metrics = getCampaignMetrics();
  const labels = toCampaignLabels(tags, metrics.seen);
  metrics.bookings.inc(labels);
  if (bookedValue !== null && Number.isFinite(bookedValue) && bookedValue > 0)
    metrics.bookedValue.inc(labels, bookedValue);
}
