import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCALES } from '@/lib/i18n/locales';
import { getSiteBrand } from '@/lib/site-content/brand';

/**
 * /embed/search.js: the partner search box (embed/search-box.ts, built by `npm run build:embed`
 * into embed/dist/search.js). Served by a route rather than from public/, because partner pages
 * on other origins load it and the static file server cannot give it the headers they need:
 * any origin may load and read it (CORS and cross-origin resource policy), as JavaScript by its
 * type. The site's page policy on the answer does not matter: a script runs under the policy of
 * the page that loads it.
 *
 * With a brand in the site content the bundle is wrapped in a function that declares it
 * (EMBED_BRAND: the site's name per locale and its colours), so the box looks like the site
 * without a new build; without one the bundle is sent as built.
 */
export const dynamic = 'force-dynamic';

const BUNDLE = path.join(process.cwd(), 'embed/dist/search.js');

let loaded: Promise<{ body: string; etag: string }> | undefined;

/** The brand the box is told about; null when the site content names none. */
function embedBrand(): Record<string, unknown> | null {
  const brand = getSiteBrand();
  const names = Object.fromEntries(LOCALES.flatMap((locale) => {
    const name = brand.name(locale);
    return name === undefined ? [] : [[locale, name]];
  }));
  const colours = brand.hasColours ? { primary: brand.colours.primary, onPrimary: brand.colours.onPrimary } : {};
  if (Object.keys(names).length === 0 && !brand.hasColours) return null;
  return { ...(Object.keys(names).length > 0 ? { name: names } : {}), ...colours };
}

function loadBundle() {
  loaded ??= readFile(BUNDLE, 'utf8').then((built) => {
    const brand = embedBrand();
    // JSON is a JavaScript expression; the names are only ever put into the page as text.
    const body = brand === null ? built : `(()=>{const EMBED_BRAND=${JSON.stringify(brand)};\n${built}})();\n`;
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
  });
  return loaded;
}

/** Partners' pages keep the copy for an hour, and a day more while it is refreshed: the name has no version in it. */
const HEADERS = {
  'content-type': 'text/javascript; charset=utf-8',
  'cache-control': 'public, max-age=3600, stale-while-revalidate=86400',
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
  'x-content-type-options': 'nosniff',
};

export async function GET(req: Request) {
  const { body, etag } = await loadBundle();
  if (req.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { ...HEADERS, etag } });
  return new Response(body, { headers: { ...HEADERS, etag } });
}
