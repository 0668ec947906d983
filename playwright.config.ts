import { defineConfig, devices } from '@playwright/test';
import { chromium } from './e2e/support/chromium';
import { SERVER_NODE_OPTIONS, SERVER_OUTPUT } from './scripts/build-server';

/**
 * E2E_PORT_OFFSET moves every port of this run (default 0), so a second run against another
 * build folder (NEXT_DIST_DIR) can go on beside the first without taking its ports.
 */
const PORT_OFFSET = Number.parseInt(process.env.E2E_PORT_OFFSET ?? '0', 10) || 0;
const SANDBOX_PORT = 4110 + PORT_OFFSET;
const SITE_PORT = 3100 + PORT_OFFSET;
export const SITE_URL = `http://127.0.0.1:${SITE_PORT}`;
export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;

/**
 * A second sandbox and site pair whose sandbox answers with only the fields the partner
 * documents (SANDBOX_FIELDS=seed). The `seed` project runs the booking flows and park pages
 * tagged @seed against it, so every payment type is booked in both field modes. Its own pair,
 * not a runtime switch of the first sandbox: the site caches partner answers, and a shared
 * sandbox would let one mode's cached answers leak into the other's tests.
 */
const SEED_SANDBOX_PORT = 4111 + PORT_OFFSET;
const SEED_SITE_PORT = 3101 + PORT_OFFSET;
export const SEED_SITE_URL = `http://127.0.0.1:${SEED_SITE_PORT}`;
export const SEED_SANDBOX_URL = `http://127.0.0.1:${SEED_SANDBOX_PORT}`;

function sandboxServer(port: number, url: string, fields: 'full' | 'seed') {
  return {
    command: 'npx tsx sandbox/src/main.ts',
    url: `${url}/__sandbox/stats`,
    // The quota and 429 behaviour are proven by the integration tests; here a larger quota keeps
    // one browser test's partner calls (and the tests' own direct reads) from pausing the next.
    env: {
      SANDBOX_PORT: String(port),
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_LATENCY_MS: '0',
      SANDBOX_PUBLIC_URL: url,
      SANDBOX_RATE_LIMIT_PER_MIN: '5000',
      SANDBOX_FIELDS: fields,
    },
    reuseExistingServer: false,
    timeout: 60_000,
  };
}

/** Opens the operator endpoints (/api/metrics) of the test sites, for the specs that read the counts. */
export const E2E_HEALTH_TOKEN = 'e2e-operator-token-0123456789abcdef0123';

function siteServer(port: number, siteUrl: string, sandboxUrl: string) {
  return {
    // The compiled site server, as production runs it (compiled first when its sources changed).
    command: `npx tsx scripts/build-server.ts --if-stale && node ${SERVER_NODE_OPTIONS.join(' ')} ${SERVER_OUTPUT} -p ${port} -H 127.0.0.1`,
    url: `${siteUrl}/api/health`,
    // Analytics is on with consent required: without the consent cookie, which only the analytics
    // spec sets, nothing is pushed, so every other spec sees the site as a guest who declined.
    env: {
      SANDBOX_URL: sandboxUrl,
      SITE_URL: siteUrl,
      LOG_LEVEL: 'warn',
      PARTNER_RATE_LIMIT_PER_MIN: '3000',
      ANALYTICS_DATALAYER: 'on',
      ANALYTICS_CONSENT: 'required',
      HEALTH_TOKEN: E2E_HEALTH_TOKEN,
      // The ledger has suites of its own (and the fleet's run books into one Postgres); here the
      // two sites would share one embedded database folder, which only one process may open.
      LEDGER: 'off',
    },
    reuseExistingServer: false,
    timeout: 120_000,
  };
}

export default defineConfig({
  testDir: 'e2e',
  // The multi-instance run has its own servers: playwright.fleet.config.ts.
  testIgnore: ['fleet/**'],
  // A run on moved ports keeps its own results folder, so two runs do not clear each other's.
  outputDir: PORT_OFFSET === 0 ? 'test-results' : `test-results-${PORT_OFFSET}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: SITE_URL,
    // Recording a trace (a DOM snapshot and a screenshot at every step) made the run about a
    // quarter slower on a two-core machine, and a run that passes throws it away. To keep a failed
    // test's trace, run `npx playwright test --trace=retain-on-failure`.
    trace: 'off',
    locale: 'en-GB',
    timezoneId: 'Europe/Amsterdam',
    launchOptions: chromium,
  },
  // `metadata` tells the tests which sandbox serves their site (e2e/support/sandbox.ts).
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      metadata: { sandboxUrl: SANDBOX_URL, fields: 'full' },
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], launchOptions: chromium },
      grep: /@mobile/,
      metadata: { sandboxUrl: SANDBOX_URL, fields: 'full' },
    },
    {
      name: 'seed',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, baseURL: SEED_SITE_URL },
      testMatch: /(booking|booking-preferences|parks)\.spec\.ts/,
      grep: /@seed/,
      metadata: { sandboxUrl: SEED_SANDBOX_URL, fields: 'seed' },
    },
  ],
  webServer: [
    sandboxServer(SANDBOX_PORT, SANDBOX_URL, 'full'),
    siteServer(SITE_PORT, SITE_URL, SANDBOX_URL),
    sandboxServer(SEED_SANDBOX_PORT, SEED_SANDBOX_URL, 'seed'),
    siteServer(SEED_SITE_PORT, SEED_SITE_URL, SEED_SANDBOX_URL),
  ],
});
