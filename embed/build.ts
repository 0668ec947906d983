/**
 * Builds the partner search box (embed/search-box.ts) into embed/dist/search.js, the script the
 * site serves at /embed/search.js: one minified file, no framework, with the texts of the four
 * locales taken from the site's message files. `npm run build:embed`; `npm run build` runs it first.
 * The built file is kept in the repository, so a fresh clone serves the box before any build.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { pickAllEmbedMessages, type SiteMessageFiles } from './messages';
import type { Locale } from '../lib/i18n/locales';

const ROOT = path.resolve(__dirname, '..');
export const EMBED_ENTRY = path.join(ROOT, 'embed/search-box.ts');
export const EMBED_OUTFILE = path.join(ROOT, 'embed/dist/search.js');

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
}

export function loadSiteMessageFiles(locale: Locale): SiteMessageFiles {
  return {
    common: readJson(`messages/${locale}/common.json`),
    search: readJson(`messages/${locale}/search.json`),
    partners: readJson(`messages/${locale}/partners.json`),
  };
}

/** The bundle's text, without writing it (the tests compare it with the file kept in the repository). */
export async function bundleEmbed(): Promise<string> {
  const result = await build({
    entryPoints: [EMBED_ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    // Browsers with custom elements, shadow DOM and constructable stylesheets all read ES2020.
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    define: { EMBED_MESSAGES: JSON.stringify(pickAllEmbedMessages(loadSiteMessageFiles)) },
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('esbuild wrote no output');
  return file.text;
}

async function main(): Promise<void> {
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const code = await bundleEmbed();
  mkdirSync(path.dirname(EMBED_OUTFILE), { recursive: true });
  writeFileSync(EMBED_OUTFILE, code);
  const { gzipSync } = await import('node:zlib');
  process.stdout.write(
    `${path.relative(ROOT, EMBED_OUTFILE)}: ${Buffer.byteLength(code)} bytes, ${gzipSync(code, { level: 9 }).length} gzip\n`,
  );
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
