import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bundleEmbed, EMBED_OUTFILE, loadSiteMessageFiles } from './build';
import { pickAllEmbedMessages } from './messages';
import { LOCALES } from '@/lib/i18n/locales';

/** The size partners were promised: one small request on their pages. */
const MAX_GZIP_BYTES = 12 * 1024;

const built = readFileSync(EMBED_OUTFILE, 'utf8');

describe('the built search box (embed/dist/search.js)', () => {
  it(`is at most ${MAX_GZIP_BYTES} bytes gzipped`, () => {
    expect(gzipSync(built, { level: 9 }).length).toBeLessThanOrEqual(MAX_GZIP_BYTES);
  });

  it('evaluates no strings as code, which a strict partner policy would block', () => {
    expect(built).not.toMatch(/\beval\s*\(/);
    expect(built).not.toMatch(/\bnew\s+Function\b/);
    expect(built).not.toMatch(/\bsetTimeout\s*\(\s*["'`]/);
    expect(built).not.toMatch(/\.innerHTML\b|\.outerHTML\b|insertAdjacentHTML/);
  });

  it('carries the texts of the site messages in every locale', () => {
    const messages = pickAllEmbedMessages(loadSiteMessageFiles);
    for (const locale of LOCALES) {
      for (const text of [messages[locale].startDate, messages[locale].submit, messages[locale].errors.endBeforeStart, messages[locale].labels.child1317]) {
        expect(built).toContain(JSON.stringify(text).slice(1, -1));
      }
    }
  });

  it('is the build of the current sources and messages (run `npm run build:embed` after changing either)', async () => {
    expect(await bundleEmbed()).toBe(built);
  });
});
