import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getSiteBrand } from './brand';
import type { BrandAssetName } from './brand-check';

/**
 * The answers of the brand's files (app/brand-files, app/favicon.ico): the configured file's
 * bytes, read when the server started, with an ETag from their content. An SVG is sent under a
 * policy of its own that runs nothing, should anyone open it as a page.
 */

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An address whose hash is not the file's now (a page from before a restart): briefly cacheable. */
export const REVALIDATE = 'public, max-age=300';

export function brandBytesAnswer(
  req: Request,
  bytes: Uint8Array,
  contentType: string,
  etag: string,
  cacheControl: string,
): Response {
  const headers: Record<string, string> = {
    'content-type': contentType,
    'cache-control': cacheControl,
    etag,
    'x-content-type-options': 'nosniff',
  };
  if (contentType.startsWith('image/svg+xml')) {
    headers['content-security-policy'] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
  }
  if (req.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(bytes), { headers });
}

/** The brand file `name` at `hash`, or null when the brand has no such file. */
export function brandFileAnswer(req: Request, name: BrandAssetName, hash: string): Response | null {
  const asset = getSiteBrand().asset(name);
  if (!asset) return null;
  return brandBytesAnswer(req, asset.bytes, asset.contentType, `"${asset.hash}"`, hash === asset.hash ? IMMUTABLE : REVALIDATE);
}

let siteFavicon: Promise<Buffer> | undefined;

/** /favicon.ico: the brand's favicon, else the site's own from public/brand. */
export async function faviconAnswer(req: Request): Promise<Response> {
  const own = brandFileAnswer(req, 'favicon', '');
  if (own) return own;
  siteFavicon ??= readFile(path.join(process.cwd(), 'public/brand/favicon.ico'));
  return brandBytesAnswer(req, await siteFavicon, 'image/x-icon', '"site-favicon"', 'public, max-age=0');
}
