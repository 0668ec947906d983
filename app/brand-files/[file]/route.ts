import { BRAND_ASSET_NAMES, type BrandAssetName } from '@/lib/site-content/brand-check';
import { brandFileAnswer } from '@/lib/site-content/brand-answer';

/**
 * /brand-files/{name}.{hash}.{ext}: the partner's logo and icons from the site content, read
 * from the configured files when the server starts, so a changed file needs a restart and no
 * build. The hash is the file's content hash: an address names one version, kept for a year.
 */
export const dynamic = 'force-dynamic';

const ADDRESS = /^([A-Za-z0-9]+)\.([\w-]{1,64})\.(svg|png|webp|ico)$/;

export async function GET(req: Request, { params }: { params: Promise<{ file: string }> }) {
  const match = ADDRESS.exec((await params).file);
  const name = match?.[1];
  if (!match || !(BRAND_ASSET_NAMES as readonly string[]).includes(name ?? '')) {
    return new Response('Not found', { status: 404, headers: { 'cache-control': 'public, max-age=60' } });
  }
  return (
    brandFileAnswer(req, name as BrandAssetName, match[2]!) ??
    new Response('Not found', { status: 404, headers: { 'cache-control': 'public, max-age=60' } })
  );
}
