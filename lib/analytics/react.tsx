'use client';

import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { addedCartItems } from './cart-items';
import { ANALYTICS_OFF, pushAnalyticsEvent, type AnalyticsConfig, type OnceKey } from './data-layer';
import { addToCart, type AnalyticsEvent, type AnalyticsItem } from './events';

/**
 * The React side of the analytics events: the layout provides the partner's settings, and a
 * component raises an event with one line, `useAnalyticsEvent(event)` in a client component or
 * `<AnalyticsPush event={…} />` in a server one. Without the provider analytics is off.
 */

const AnalyticsContext = createContext<AnalyticsConfig>(ANALYTICS_OFF);

export function AnalyticsProvider({ config, children }: { config: AnalyticsConfig; children: ReactNode }) {
  return <AnalyticsContext.Provider value={config}>{children}</AnalyticsContext.Provider>;
}

/**
 * Pushes `event` once it is on screen, and again only when it changes (a null event pushes
 * nothing). An event refused for want of consent is not kept for later.
 */
export function useAnalyticsEvent(event: AnalyticsEvent | null, once?: OnceKey): void {
  const config = useContext(AnalyticsContext);
  const text = config.enabled && event ? JSON.stringify(event) : null;
  const onceKey = once?.key;
  const onceScope = once?.scope;
  const pushed = useRef<string | null>(null);
  useEffect(() => {
    if (text === null || pushed.current === text) return;
    pushed.current = text;
    const parsed = JSON.parse(text) as AnalyticsEvent;
    pushAnalyticsEvent(config, parsed, onceKey && onceScope ? { key: onceKey, scope: onceScope } : undefined);
  }, [config, text, onceKey, onceScope]);
}

/** `useAnalyticsEvent` for server components: renders nothing. */
export function AnalyticsPush({ event, once }: { event: AnalyticsEvent | null; once?: OnceKey }) {
  useAnalyticsEvent(event, once);
  return null;
}

/**
 * `add_to_cart` for what the guest adds while on a step: the items as chosen now, compared with
 * the render before. What a step opens with (from the address, after a reload or Back) was added
 * earlier and is not counted again.
 */
export function useAddToCartEvents(items: readonly AnalyticsItem[]): void {
  const config = useContext(AnalyticsContext);
  const text = JSON.stringify(items);
  const before = useRef<AnalyticsItem[] | null>(null);
  useEffect(() => {
    const now = JSON.parse(text) as AnalyticsItem[];
    const previous = before.current;
    before.current = now;
    if (previous === null || !config.enabled) return;
    const added = addedCartItems(previous, now);
    if (added.length > 0) pushAnalyticsEvent(config, addToCart(added));
  }, [config, text]);
}
