import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXED_SECURITY_HEADERS } from '../lib/security-headers';
import { referenceNextConfig } from './reference-app';

const dir = mkdtempSync(path.join(tmpdir(), 'reference-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function loadConfig(text: string): Promise<{
  poweredByHeader?: boolean;
  headers?: () => Promise<{ source: string; headers: { key: string; value: string }[] }[]>;
}> {
  const file = path.join(dir, `next.config.${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, text);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)).default;
}

describe('the Lighthouse reference page', () => {
  it('is served with every header the site sends whatever the page, the opener policy among them', async () => {
    const config = await loadConfig(referenceNextConfig());
    expect(config.poweredByHeader).toBe(false);
    const [rule, ...others] = await config.headers!();
    expect(others).toEqual([]);
    expect(rule?.source).toBe('/:path*');
    const sent = Object.fromEntries((rule?.headers ?? []).map(({ key, value }) => [key, value]));
    expect(sent).toEqual(FIXED_SECURITY_HEADERS);
    expect(sent['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('writes header values that need quoting as the values themselves', async () => {
    const config = await loadConfig(referenceNextConfig({ 'x-test': `it's "quoted" \\ here` }));
    const [rule] = await config.headers!();
    expect(rule?.headers).toEqual([{ key: 'x-test', value: `it's "quoted" \\ here` }]);
  });
});
