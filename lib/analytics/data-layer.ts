/**
 * The one place that pushes analytics events, in the browser. Nothing is pushed unless the
 * partner turned analytics on, and, where consent is required, only while the consent cookie is
 * set (consent.ts). The site loads no tag manager: it only appends to `window.dataLayer`
 * (creating it when absent), and whatever the partner runs there reads it.
 */
import { browserStorage } from '@/lib/browser-storage';
import { hasAnalyticsConsent, type ConsentMode } from './consent';
import { toSafeEvent, type AnalyticsEvent } from './events';

/** The partner's analytics settings, read on the server (config.ts) and handed to the pages. */
export interface AnalyticsConfig {
  enabled: boolean;
  consent: ConsentMode;
}

export const ANALYTICS_OFF: AnalyticsConfig = { enabled: false, consent: 'required' };

/**
 * An event that is pushed once only: once in this tab (`tab`, e.g. entering the booking flow of a
 * stay), or once in this browser (`browser`, the purchase: a reload or a second tab of the
 * thank-you page must not count the booking again).
 */
export interface OnceKey {
  key: string;
  scope: 'tab' | 'browser';
}

type KeyStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** What the push reads and writes in the browser; tests hand in their own. */
export interface AnalyticsBrowser {
  cookies(): string;
  dataLayer(): unknown[];
  storage(scope: OnceKey['scope']): KeyStorage | null;
}

const SENT_KEY = 'pbs.analytics.sent.v1';
const MAX_SENT = 50;

function windowBrowser(): AnalyticsBrowser {
  return {
    cookies: () => document.cookie,
    dataLayer: () => {
      const holder = window as unknown as { dataLayer?: unknown[] };
      if (!Array.isArray(holder.dataLayer)) holder.dataLayer = [];
      return holder.dataLayer;
    },
    storage: browserStorage,
  };
}

/**
 * A short digest of a once-key (FNV-1a): the stored list says "pushed already" without keeping
 * the reservation code or the stay it was for in readable form.
 */
export function digestKey(key: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

function readSent(storage: KeyStorage | null): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(SENT_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether events may be pushed now: analytics on, and consent given where it is required. */
export function mayPush(config: AnalyticsConfig, cookies: string): boolean {
  return config.enabled && (config.consent === 'not-required' || hasAnalyticsConsent(cookies));
}

/**
 * Pushes the event (rebuilt by toSafeEvent) when allowed, preceded by `{ ecommerce: null }` so
 * the data layer does not merge it with the previous event's items. Returns whether it pushed.
 */
export function pushAnalyticsEvent(
  config: AnalyticsConfig,
  event: AnalyticsEvent,
  once?: OnceKey,
  browser: AnalyticsBrowser = windowBrowser(),
): boolean {
  if (!mayPush(config, browser.cookies())) return false;
  const safe = toSafeEvent(event);
  if (!safe) return false;
  const storage = once ? browser.storage(once.scope) : null;
  const digest = once ? digestKey(`${safe.event}:${once.key}`) : null;
  const sent = once ? readSent(storage) : [];
  if (digest !== null && sent.includes(digest)) return false;
  const layer = browser.dataLayer();
  layer.push({ ecommerce: null });
  layer.push(safe);
  if (digest !== null) {
    try {
      storage?.setItem(SENT_KEY, JSON.stringify([...sent, digest].slice(-MAX_SENT)));
    } catch {
      // full or disabled: a reload may then count the event again
    }
  }
  return true;
}
