import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The .env files Next.js would load (.env.production.local, .env.local, .env.production, .env),
 * into process.env before the configuration is checked, so the check sees what the site will run
 * with. It is Next.js's own loader, which loads them once: Next.js finds them loaded when it starts.
 */
export function loadEnvFiles(projectDir: string): void {
  const nextDir = path.dirname(
    createRequire(path.join(projectDir, 'package.json')).resolve('next/package.json'),
  );
  const { loadEnvConfig } = createRequire(path.join(nextDir, 'package.json'))('@next/env') as {
    loadEnvConfig(dir: string, dev: boolean): unknown;
  };
  loadEnvConfig(projectDir, false);
}
