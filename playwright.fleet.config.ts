import { defineConfig } from '@playwright/test';
import { FLEET } from './e2e/fleet/ports';
import { chromium } from './e2e/support/chromium';

/**
 * `npx playwright test -c playwright.fleet.config.ts`: three instances of the production build
 * behind a round-robin balancer, one redis-server and the sandbox at the real quota
 * (e2e/fleet/start-fleet.ts). Needs `next build` first, like the main e2e run.
 */
export default defineConfig({
  testDir: 'e2e/fleet',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: FLEET.siteUrl,
    locale: 'en-GB',
    timezoneId: 'Europe/Amsterdam',
    launchOptions: chromium,
  },
  webServer: {
    command: 'npx tsx e2e/fleet/start-fleet.ts',
    url: `${FLEET.siteUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
