import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const __dirname = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(__dirname),
      // Outside Next.js the marker package throws; tests load server modules directly.
      'server-only': path.resolve(__dirname, 'test/server-only-stub.ts'),
    },
  },
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', '.next/**', '.next-*/**', 'e2e/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default (one worker fewer than the cores) is a single worker on a two-core
    // machine. The integration suites spend most of their time waiting on the servers they start,
    // so one worker more than the cores keeps both busy: on two cores the whole suite took 261 s
    // with three workers and 302 s with two.
    maxWorkers: availableParallelism() + 1,
  },
});
