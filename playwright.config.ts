import { defineConfig, devices } from '@playwright/test';

const SANDBOX_PORT = 4110;
const SITE_PORT = 3100;
export const SITE_URL = `http://127.0.0.1:${SITE_PORT}`;
export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: 'e2e',
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
      env: { SANDBOX_PORT: String(SANDBOX_PORT), SANDBOX_HOST: '127.0.0.1', SANDBOX_LATENCY_MS: '0', SANDBOX_PUBLIC_URL: SANDBOX_URL },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx next start -p ${SITE_PORT} -H 127.0.0.1`,
      url: `${SITE_URL}/api/health`,
      env: { SANDBOX_URL, SITE_URL, LOG_LEVEL: 'warn' },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
