import type { Page } from '@playwright/test';

/**
 * Counts the whole documents the tab loads from now on. A page the router swaps in (a link
 * followed, Back or Forward within the site) is none; a reload or a fallback to a full load is one.
 */
export function countPageLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  return () => loads;
}
