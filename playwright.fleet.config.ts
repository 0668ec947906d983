import { defineConfig } from '@playwright/test';
import { FLEET } from './e2e/fleet/ports';

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
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'npx tsx e2e/fleet/start-fleet.ts',
    url: `${FLEET.siteUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
