import type { Locator } from '@playwright/test';

/**
 * Whether the browser has laid out the element: false while it sits inside a part with
 * `content-visibility: auto` that is skipped because it is away from the screen.
 */
export function isLaidOut(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));
}
