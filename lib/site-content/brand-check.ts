import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrandSection } from './brand-schema';
import type { SiteContentFile } from './schema';
import { contrastProblems, resolveBrandColours, type BrandColours } from './colour-contrast';
import { IMAGE_CONTENT_TYPES, pngSize, sniffImage, svgSize, type ImageKind } from './image-type';

/**
 * The brand section checked against the files it names: each logo and icon is read, told apart
 * by its bytes and, for the PNG icons, measured; the colours' text keeps its contrast. Shared by
 * the server's start-up check (one line per problem, the server does not start) and the pages
 * (which show what passed and keep the site's own for the rest). No `server-only` here: the site
 * server imports it before Next.js runs.
 */

export const BRAND_ASSET_NAMES = ['logo', 'favicon', 'icon192', 'icon512', 'appleTouch'] as const;
export type BrandAssetName = (typeof BRAND_ASSET_NAMES)[number];

interface AssetRule {
  /** Where the file is named in the content file. */
  readonly field: string;
  readonly kinds: readonly ImageKind[];
  /** Pixels a PNG must measure, width and height. */
  readonly size?: number;
}

const RULES: Readonly<Record<BrandAssetName, AssetRule>> = {
  logo: { field: 'brand.logo', kinds: ['svg', 'png', 'webp'] },
  favicon: { field: 'brand.icons.favicon', kinds: ['ico', 'png', 'svg'] },
  icon192: { field: 'brand.icons.icon192', kinds: ['png'], size: 192 },
  icon512: { field: 'brand.icons.icon512', kinds: ['png'], size: 512 },
  appleTouch: { field: 'brand.icons.appleTouch', kinds: ['png'], size: 180 },
};

/** A logo or icon is a picture, not a photo album: anything larger is a mistake. */
export const MAX_BRAND_FILE_BYTES = 2 * 1024 * 1024;

export interface BrandAsset {
  readonly kind: ImageKind;
  readonly contentType: string;
  readonly bytes: Buffer;
  /** Part of the file's address, so a changed file gets a new one and browsers keep it for good. */
  readonly hash: string;
  /** Its proportions where the bytes tell them (PNG, SVG), so the header keeps its room while it loads. */
  readonly size: { width: number; height: number } | null;
}

export interface CheckedBrand {
  /** One line per problem, each naming the field it is about. */
  readonly problems: string[];
  /** The files that passed, by name. */
  readonly assets: Partial<Record<BrandAssetName, BrandAsset>>;
  /** The logo when it is an https:// address (not read here: shown as the partner serves it). */
  readonly logoUrl?: string;
  readonly colours: BrandColours;
  /** Changes whenever the brand's settings or one of its files does: part of each stored page's key. */
  readonly fingerprint: string;
}

function fileOf(brand: BrandSection | undefined, name: BrandAssetName): string | undefined {
  return name === 'logo' ? brand?.logo : brand?.icons?.[name];
}

function describeReadError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'unreadable';
}

function checkAsset(
  name: BrandAssetName,
  file: string,
  baseDir: string,
  readFile: (file: string) => Buffer,
): BrandAsset | string {
  const rule = RULES[name];
  let bytes: Buffer;
  try {
    bytes = readFile(path.resolve(baseDir, file));
  } catch (error) {
    return `${rule.field}: cannot read ${file} (${describeReadError(error)})`;
  }
  if (bytes.length > MAX_BRAND_FILE_BYTES) return `${rule.field}: ${file} is larger than 2 MB`;
  const kind = sniffImage(bytes);
  if (kind === null || !rule.kinds.includes(kind)) {
    const wanted = rule.kinds.map((k) => k.toUpperCase()).join(', ');
    return `${rule.field}: ${file} is ${kind === null ? 'not an image' : `a ${kind.toUpperCase()} image`}; it must be ${wanted}`;
  }
  if (rule.size !== undefined) {
    const size = pngSize(bytes);
    if (size?.width !== rule.size || size.height !== rule.size) {
      return `${rule.field}: ${file} measures ${size ? `${size.width}×${size.height}` : 'nothing readable'}; it must be ${rule.size}×${rule.size} pixels`;
    }
  }
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 16);
  const size = kind === 'png' ? pngSize(bytes) : kind === 'svg' ? svgSize(bytes) : null;
  return { kind, contentType: IMAGE_CONTENT_TYPES[kind], bytes, hash, size };
}

/** Checks the file's brand; its files are read relative to `baseDir`, the content file's folder. */
export function checkBrand(
  file: Pick<SiteContentFile, 'brand' | 'locales'>,
  baseDir: string,
  readFile: (file: string) => Buffer = (file) => readFileSync(file),
): CheckedBrand {
  const { brand } = file;
  const problems: string[] = [];
  const assets: Partial<Record<BrandAssetName, BrandAsset>> = {};
  let logoUrl: string | undefined;
  for (const name of BRAND_ASSET_NAMES) {
    const named = fileOf(brand, name);
    if (named === undefined) continue;
    if (name === 'logo' && /^https:\/\//i.test(named)) {
      logoUrl = named;
      continue;
    }
    const checked = checkAsset(name, named, baseDir, readFile);
    if (typeof checked === 'string') problems.push(checked);
    else assets[name] = checked;
  }
  const colours = resolveBrandColours(brand?.colors);
  if (brand?.colors) problems.push(...contrastProblems(colours));
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([brand ?? null, Object.entries(file.locales ?? {}).map(([locale, o]) => [locale, o?.brand])]))
    .update(BRAND_ASSET_NAMES.map((name) => assets[name]?.hash ?? '').join(','))
    .digest('base64url')
    .slice(0, 12);
  return { problems, assets, logoUrl, colours, fingerprint };
}
