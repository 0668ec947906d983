import type { Page } from '@playwright/test';

/**
 * Collects every content security policy violation the page reports, as events and as console
 * messages, from before its first script runs, eval included (the site tells zod not to compile
 * code in the browser, lib/validation/zod-browser.ts, so not even its one-time probe is reported).
 */
export async function watchPolicyViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleLines: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/content security policy/i.test(text)) consoleLines.push(text);
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  return async () => {
    // The events of the page currently open; a page navigated away from has reported by console.
    const events = await page
      .evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])
      .catch(() => [] as string[]);
    return [...events, ...consoleLines];
  };
}
