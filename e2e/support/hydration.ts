import { expect, type Page } from '@playwright/test';

/**
 * Holds back the page's scripts, as on a slow phone where the server-rendered page is on screen
 * and used before its scripts arrive. Call the returned function to let them load.
 */
export async function holdPageScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Waits until React has brought the page to life: the element is hydrated (React keeps its props
 * on the node) and the browser has had two idle moments since, so the effects that run right
 * after hydration have run too.
 */
export async function waitForHydration(page: Page, selector: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          (s) => Object.keys(document.querySelector(s) ?? {}).some((key) => key.startsWith('__reactProps$')),
          selector,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => requestIdleCallback(() => resolve(), { timeout: 2_000 }), { timeout: 2_000 }),
      ),
  );
}
