import type { Locator, Page } from '@playwright/test';

/**
 * Whether the browser has laid out the element: false while it sits inside a part with
 * `content-visibility: auto` that is skipped because it is away from the screen.
 */
export function isLaidOut(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));
}

/** Waits two frames: a part that came near the screen is laid out in the first. */
export async function afterTwoFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Sums every layout shift from now on, as the browser scores them; the returned function reads
 * the sum so far.
 */
export async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const seen = window as unknown as { shifted: number };
    seen.shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.shifted += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift' });
  });
  return () => page.evaluate(() => (window as unknown as { shifted: number }).shifted);
}

/**
 * Every layout shift since the page began to load, or since `sinceMs` on the page's clock
 * (`performance.now()`), each with the elements that moved (their tag, class, position and size
 * before and after), so a failing check names what moved.
 */
export function layoutShiftsSinceLoad(page: Page, sinceMs = 0): Promise<string[]> {
  return page.evaluate(
    (since) =>
      new Promise<string[]>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve(
            list.getEntries().filter((entry) => entry.startTime >= since).map((entry) => {
              const { value, sources } = entry as unknown as {
                value: number;
                sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
              };
              const moved = sources.map(({ node, previousRect: from, currentRect: to }) => {
                const element = node instanceof Element ? node : node?.parentElement;
                const name = element ? `${element.tagName.toLowerCase()}.${element.className}` : 'a removed node';
                return `${name} (x ${from.x} → ${to.x}, ${from.width} → ${to.width} px wide; y ${from.y} → ${to.y}, ${from.height} → ${to.height} px high)`;
              });
              return `${value.toFixed(4)}: ${moved.join('; ')}`;
            }),
          );
        }).observe({ type: 'layout-shift', buffered: true });
        // No entry at all calls no observer: nothing shifted.
        setTimeout(() => resolve([]), 500);
      }),
    sinceMs,
  );
}
