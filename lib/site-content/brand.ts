import 'server-only';
import type { Metadata } from 'next';
import type { Locale } from '@/lib/i18n/locales';
import { getLogger } from '@/lib/log';
import { checkBrand, type BrandAsset, type BrandAssetName, type CheckedBrand } from './brand-check';
import { BRAND_COLOUR_NAMES, BRAND_COLOUR_VARIABLES, type BrandColours } from './colour-contrast';
import type { ShellBrand } from './brand-schema';
import { brandBaseDir, type LoadedSiteContent } from './load';
import { getLoadedSiteContent } from './read';
import { resolveBrandName, type SiteContentFile } from './schema';

/**
 * The partner's brand as the pages apply it: read with the site content (once per process, so a
 * changed file needs a restart, not a build) and checked like the server's start-up check does.
 * A file that fails its check is left out here and the site's own is shown instead: the site
 * server does not start with one, so this only happens under a bare `next start`.
 */

export interface SiteBrand {
  /** The site's name in `locale`, or undefined for the name in the site's messages. */
  name(locale: Locale): string | undefined;
  readonly colours: BrandColours;
  /** The stylesheet variables the brand's colours override; undefined without colours. */
  readonly colourStyle: Readonly<Record<string, string>> | undefined;
  /** Whether the file gave colours of its own. */
  readonly hasColours: boolean;
  /** The header's logo: a brand file's address, an https:// address, or undefined for none. */
  readonly logoSrc: string | undefined;
  asset(name: BrandAssetName): BrandAsset | undefined;
  /** The address a brand file is served at, with its content hash; undefined when not configured. */
  assetUrl(name: BrandAssetName): string | undefined;
  readonly fingerprint: string;
}

const EXTENSIONS: Readonly<Record<BrandAsset['kind'], string>> = { png: 'png', webp: 'webp', svg: 'svg', ico: 'ico' };

/** `/brand-files/{name}.{hash}.{ext}`: app/brand-files/[file]/route.ts serves it. */
export function brandFilePath(name: BrandAssetName, asset: BrandAsset): string {
  return `/brand-files/${name}.${asset.hash}.${EXTENSIONS[asset.kind]}`;
}

function makeBrand(file: SiteContentFile, checked: CheckedBrand): SiteBrand {
  const hasColours = file.brand?.colors !== undefined;
  const colourStyle = hasColours
    ? Object.fromEntries(BRAND_COLOUR_NAMES.map((name) => [BRAND_COLOUR_VARIABLES[name], checked.colours[name]]))
    : undefined;
  const assetUrl = (name: BrandAssetName) => {
    const asset = checked.assets[name];
    return asset ? brandFilePath(name, asset) : undefined;
  };
  return {
    name: (locale) => resolveBrandName(file, locale),
    colours: checked.colours,
    colourStyle,
    hasColours,
    logoSrc: assetUrl('logo') ?? checked.logoUrl,
    asset: (name) => checked.assets[name],
    assetUrl,
    fingerprint: checked.fingerprint,
  };
}

let current: { loaded: LoadedSiteContent; brand: SiteBrand } | undefined;

export function getSiteBrand(): SiteBrand {
  const loaded = getLoadedSiteContent();
  if (current?.loaded === loaded) return current.brand;
  const checked = checkBrand(loaded.file, brandBaseDir(loaded));
  if (checked.problems.length > 0) {
    getLogger().error(
      { event: 'site-content.brand-invalid', problems: checked.problems },
      'the brand cannot be shown as configured; the site shows its own name, logo, icons or colours where it fails',
    );
  }
  // Colours that fail their contrast are not shown at all: the site keeps its own.
  const file = checked.problems.some((problem) => problem.startsWith('brand.colors'))
    ? { ...loaded.file, brand: { ...loaded.file.brand, colors: undefined } }
    : loaded.file;
  current = { loaded, brand: makeBrand(file, file === loaded.file ? checked : checkBrand(file, brandBaseDir(loaded))) };
  return current.brand;
}

/** The logo height the header draws, in CSS pixels. */
const LOGO_HEIGHT = 32;

/** The brand as the page shell applies it: colour variables on <html>, the header's logo. */
export function getShellBrand(): ShellBrand {
  const brand = getSiteBrand();
  const size = brand.asset('logo')?.size;
  const logo =
    brand.logoSrc === undefined
      ? undefined
      : {
          src: brand.logoSrc,
          ...(size ? { width: Math.round((size.width / size.height) * LOGO_HEIGHT), height: LOGO_HEIGHT } : {}),
        };
  return { ...(brand.colourStyle ? { colourStyle: brand.colourStyle } : {}), ...(logo ? { logo } : {}) };
}

/**
 * The icons and manifest every page links: the brand's files at their hashed addresses, or the
 * site's own (the favicon, the SVG icon, the 180-pixel touch icon in public/brand).
 */
export function brandIconMetadata(): Pick<Metadata, 'icons' | 'manifest'> {
  const brand = getSiteBrand();
  const favicon = brand.asset('favicon');
  const faviconUrl = brand.assetUrl('favicon');
  return {
    icons: {
      icon:
        favicon && faviconUrl
          ? [{ url: faviconUrl, type: favicon.contentType }]
          : [
              { url: '/favicon.ico', sizes: '48x48', type: 'image/x-icon' },
              { url: '/brand/icon.svg', sizes: 'any', type: 'image/svg+xml' },
            ],
      apple: [{ url: brand.assetUrl('appleTouch') ?? '/brand/icon-180.png', sizes: '180x180', type: 'image/png' }],
    },
    manifest: '/manifest.webmanifest',
  };
}
