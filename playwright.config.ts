import { defineConfig, devices } from '@playwright/test';
import { chromium } from './e2e/support/chromium';

const SANDBOX_PORT = 4110;
const SITE_PORT = 3100;
export const SITE_URL = `http://127.0.0.1:${SITE_PORT}`;
export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  // The multi-instance run has its own servers: playwright.fleet.config.ts.
  testIgnore: ['fleet/**'],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: SITE_URL,
    trace: 'retain-on-failure',
    locale: 'en-GB',
    timezoneId: 'Europe/Amsterdam',
    launchOptions: chromium,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], launchOptions: chromium },
      grep: /@mobile/,
    },
  ],
  webServer: [
    {
      command: 'npx tsx sandbox/src/main.ts',
      url: `${SANDBOX_URL}/__sandbox/stats`,
      // The quota and 429 behaviour are proven by the integration tests; here a larger quota keeps
      // one browser test's partner calls (and the tests' own direct reads) from pausing the next.
      env: {
        SANDBOX_PORT: String(SANDBOX_PORT),
        SANDBOX_HOST: '127.0.0.1',
        SANDBOX_LATENCY_MS: '0',
        SANDBOX_PUBLIC_URL: SANDBOX_URL,
        SANDBOX_RATE_LIMIT_PER_MIN: '5000',
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx tsx scripts/site-server.ts -p ${SITE_PORT} -H 127.0.0.1`,
      url: `${SITE_URL}/api/health`,
      env: { SANDBOX_URL, SITE_URL, LOG_LEVEL: 'warn', PARTNER_RATE_LIMIT_PER_MIN: '3000' },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
