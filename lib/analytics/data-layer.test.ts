import { describe, expect, it } from 'vitest';
import { hasAnalyticsConsent } from './consent';
import {
  ANALYTICS_OFF,
  mayPush,
  pushAnalyticsEvent,
  type AnalyticsBrowser,
  type AnalyticsConfig,
} from './data-layer';
import { purchase, viewItem } from './events';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    map,
  };
}

/** A browser with its cookie jar, data layer and both storages, as the push sees them. */
function fakeBrowser(cookies = '') {
  const layer: unknown[] = [];
  const tab = memoryStorage();
  const local = memoryStorage();
  const browser: AnalyticsBrowser & { jar: string } = {
    jar: cookies,
    cookies: () => browser.jar,
    dataLayer: () => layer,
    storage: (scope) => (scope === 'tab' ? tab : local),
  };
  return { browser, layer, tab, local };
}

const ON_WITH_CONSENT: AnalyticsConfig = { enabled: true, consent: 'required' };
const ON_WITHOUT_CONSENT: AnalyticsConfig = { enabled: true, consent: 'not-required' };
const event = viewItem({ id: 7, name: 'Dune Lodge', price: 100 });

describe('the consent cookie', () => {
  it('grants consent only with exactly analytics_consent=granted', () => {
    expect(hasAnalyticsConsent('a=1; analytics_consent=granted')).toBe(true);
    expect(hasAnalyticsConsent('analytics_consent=denied')).toBe(false);
    expect(hasAnalyticsConsent('x_analytics_consent=granted')).toBe(false);
    expect(hasAnalyticsConsent('analytics_consent=granted-not')).toBe(false);
    expect(hasAnalyticsConsent('')).toBe(false);
  });
});

describe('pushing to the data layer', () => {
  it('pushes nothing while analytics is off, even with consent', () => {
    const { browser, layer } = fakeBrowser('analytics_consent=granted');
    expect(mayPush(ANALYTICS_OFF, browser.cookies())).toBe(false);
    expect(pushAnalyticsEvent(ANALYTICS_OFF, event, undefined, browser)).toBe(false);
    expect(layer).toEqual([]);
  });

  it('drops events before consent when consent is required, and pushes those after it', () => {
    const { browser, layer } = fakeBrowser();
    expect(pushAnalyticsEvent(ON_WITH_CONSENT, event, undefined, browser)).toBe(false);
    expect(layer).toEqual([]);
    browser.jar = 'analytics_consent=granted';
    const later = viewItem({ id: 8, name: 'Pine Cabin' });
    expect(pushAnalyticsEvent(ON_WITH_CONSENT, later, undefined, browser)).toBe(true);
    // Only the event after consent: the one before was not kept for later.
    expect(layer).toEqual([{ ecommerce: null }, later]);
  });

  it('pushes without asking when the partner needs no consent', () => {
    const { browser, layer } = fakeBrowser();
    expect(pushAnalyticsEvent(ON_WITHOUT_CONSENT, event, undefined, browser)).toBe(true);
    expect(layer).toEqual([{ ecommerce: null }, event]);
  });

  it('pushes a purchase once per browser, also across a reload that renders it again', () => {
    const { browser, layer, local } = fakeBrowser();
    const bought = purchase({ reservationCode: 'TX-1', house: { id: 7, name: 'Dune Lodge', price: 900 } });
    expect(pushAnalyticsEvent(ON_WITHOUT_CONSENT, bought, { key: 'TX-1', scope: 'browser' }, browser)).toBe(
      true,
    );
    expect(pushAnalyticsEvent(ON_WITHOUT_CONSENT, bought, { key: 'TX-1', scope: 'browser' }, browser)).toBe(
      false,
    );
    const other = purchase({ reservationCode: 'TX-2', house: { id: 7, name: 'Dune Lodge', price: 900 } });
    expect(pushAnalyticsEvent(ON_WITHOUT_CONSENT, other, { key: 'TX-2', scope: 'browser' }, browser)).toBe(
      true,
    );
    expect(layer.filter((e) => (e as { event?: string }).event === 'purchase')).toHaveLength(2);
    // The stored marker does not spell the reservation code.
    expect(local.map.get('pbs.analytics.sent.v1')).not.toContain('TX-1');
  });

  it('does not mark an event as pushed while consent is missing, so it is pushed when it happens again', () => {
    const { browser, layer } = fakeBrowser();
    const once = { key: '7|2027-05-01|2027-05-08', scope: 'tab' } as const;
    expect(pushAnalyticsEvent(ON_WITH_CONSENT, event, once, browser)).toBe(false);
    browser.jar = 'analytics_consent=granted';
    expect(pushAnalyticsEvent(ON_WITH_CONSENT, event, once, browser)).toBe(true);
    expect(layer).toHaveLength(2);
  });
});
