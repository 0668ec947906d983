import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { serverOnlyPlugin } from './scripts/eslint-server-only-rule.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

// Tests and their support code run in Node, never in a bundle, so they may use the offline
// partner (sandbox/) and import server modules; the folder layering below still applies to them.
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/fixtures/**'];

// Server code. `lib/booking-*` is every sibling of the booking domain that holds its server side
// (route handlers, records, rules), whatever it is named. Every entry must be a glob: the rule
// refuses a list that mixes globs and plain paths.
const SERVER_FOLDERS = ['lib/partner-api/**', 'lib/upstream/**', 'lib/session/**', 'lib/booking-*/**', 'lib/metrics/**', 'lib/{env,log}.ts'];

// Which folder may import which. Paths are matched after the import is resolved, so `@/…`
// aliases and relative paths are treated alike.
const LAYER_ZONES = [
  {
    target: ['components/**', 'instrumentation-client.ts'],
    from: SERVER_FOLDERS,
    message:
      'components/ is UI that can reach the browser: it receives data from pages and route handlers and may import only the shared domain (lib/booking) and i18n, never partner calls, the upstream governor, sessions, the booking server side, env or logging.',
  },
  {
    target: 'lib/**',
    from: ['components/**', 'app/**'],
    message:
      'lib/ sits below the UI: move what both sides need (types, limits, schemas) into lib/ and import it from components/ and app/, never the other way round.',
  },
  {
    target: 'lib/booking/**',
    from: [...SERVER_FOLDERS, 'lib/http/**', 'lib/pages/**'],
    message:
      'lib/booking is the booking domain shared by browser and server: it must not know the partner API (lib/partner-api maps partner data to and from lib/booking) nor any server layer.',
  },
  {
    target: ['lib/**', 'app/**', 'components/**', 'proxy.ts', 'instrumentation.ts', 'instrumentation-client.ts'],
    from: ['server/**'],
    message:
      'server/ is the production HTTP server around Next.js, a process of its own: it imports lib/, never the other way round. What both the server and the code Next.js bundles need lives in lib/.',
  },
  {
    target: 'server/**',
    from: ['app/**', 'components/**'],
    message:
      'server/ answers requests before and around Next.js and imports only lib/: pages, route handlers and UI reach it through Next.js, never by import.',
  },
  {
    target: 'lib/upstream/**',
    from: ['lib/partner-api/**', 'lib/booking/**', 'lib/booking-*/**', 'lib/pages/**', 'lib/session/**', 'lib/http/**'],
    message:
      'lib/upstream (quota, cache, circuit breaker, retries) knows nothing about the partner or the booking domain: lib/partner-api hands it operation names and error classes through its interface.',
  },
];

const SANDBOX_ZONE = {
  target: ['app/**', 'components/**', 'lib/**', 'server/**', 'proxy.ts', 'instrumentation.ts', 'instrumentation-client.ts'],
  from: ['sandbox/**'],
  message: 'sandbox/ is the offline stand-in for the partner API, for tests and local runs; production code must not depend on it.',
};

const SERVER_ONLY_REASON =
  'components/ and lib/booking hold code the browser can load; server code lives in the server folders of lib/ and reaches the UI as props or through route handlers.';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  // eslint-config-next registers the jsx-a11y plugin with a handful of rules; turn on its full recommended set.
  { files: ['**/*.tsx'], rules: { ...jsxA11y.flatConfigs.recommended.rules } },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    name: 'layering/production',
    files: ['**/*.ts', '**/*.tsx'],
    ignores: TEST_FILES,
    rules: { 'import/no-restricted-paths': ['error', { basePath: ROOT, zones: [...LAYER_ZONES, SANDBOX_ZONE] }] },
  },
  {
    name: 'layering/tests',
    files: TEST_FILES,
    rules: { 'import/no-restricted-paths': ['error', { basePath: ROOT, zones: LAYER_ZONES }] },
  },
  {
    name: 'layering/server-only',
    files: ['components/**/*.{ts,tsx}', 'lib/booking/**/*.{ts,tsx}', 'instrumentation-client.ts'],
    ignores: TEST_FILES,
    plugins: { layering: serverOnlyPlugin },
    rules: { 'layering/no-server-only-import': ['error', { reason: SERVER_ONLY_REASON }] },
  },
  {
    // zod in the browser must run without compiling code (the content security policy reports
    // its test of `new Function`), which lib/validation/zod-browser.ts sets before any schema.
    name: 'browser/zod',
    files: ['components/**/*.{ts,tsx}', 'lib/booking/**/*.{ts,tsx}', 'lib/site-api/**/*.ts', 'lib/pages/house-queries.ts'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: "Code the browser loads imports z from '@/lib/validation/zod-browser', which parses without compiling code.",
            },
          ],
        },
      ],
    },
  },
  {
    name: 'layering/client-components',
    files: ['app/**/*.{ts,tsx}'],
    plugins: { layering: serverOnlyPlugin },
    rules: {
      'layering/no-server-only-import': [
        'error',
        { clientComponentsOnly: true, reason: "a 'use client' file is bundled for the browser." },
      ],
    },
  },
  globalIgnores(['.next/**', '.next-*/**', 'out/**', 'build/**', 'next-env.d.ts', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'test/fixtures/**', 'test-results-*/**', 'embed/dist/**', 'dist/**']),
]);
