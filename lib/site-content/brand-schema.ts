import { z } from 'zod';
import { BRAND_COLOUR_NAMES, HEX_COLOUR, type BrandColourName } from './colour-contrast';

/**
 * The partner's brand in the site-content file: the site's name, its logo, its icons and its
 * colours, so a partner looks like itself without a new build. Every part is optional; what is
 * left out stays as the site ships it. Files are named by a path relative to the content file's
 * folder; their bytes are checked when the server starts (./brand-check.ts).
 */

const FILE_PATH = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(500)
  .refine((value) => !/^[a-z][a-z0-9+.-]*:/i.test(value), 'a file path relative to the site-content file');

const LOGO = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(1000)
  .refine(
    (value) => !/^[a-z][a-z0-9+.-]*:/i.test(value) || /^https:\/\/[^\s"'<>]+$/i.test(value),
    'a file path relative to the site-content file, or an https:// address',
  );

const COLOUR = z.string().trim().regex(HEX_COLOUR, 'a colour as #rgb or #rrggbb');

export const BrandNameSchema = z.string().trim().min(1, 'must not be empty').max(60);

export const BrandIconsSchema = z.strictObject({
  /** The icon browsers show in tabs: an .ico (or a PNG or SVG). */
  favicon: FILE_PATH.optional(),
  /** PNG of 192 by 192 pixels, for the web app manifest. */
  icon192: FILE_PATH.optional(),
  /** PNG of 512 by 512 pixels, for the web app manifest and install screens. */
  icon512: FILE_PATH.optional(),
  /** PNG of 180 by 180 pixels: the icon an iPhone puts on the home screen. */
  appleTouch: FILE_PATH.optional(),
});
export type BrandIcons = z.infer<typeof BrandIconsSchema>;

export const BrandColoursSchema = z.strictObject(
  Object.fromEntries(BRAND_COLOUR_NAMES.map((name) => [name, COLOUR.optional()])) as Record<
    BrandColourName,
    z.ZodOptional<typeof COLOUR>
  >,
);

export const BrandSchema = z.strictObject({
  /** The site's name in the header, footer, titles and share previews; per locale below. */
  name: BrandNameSchema.optional(),
  /** SVG, PNG or WebP file, or an https:// address of one. */
  logo: LOGO.optional(),
  icons: BrandIconsSchema.optional(),
  colors: BrandColoursSchema.optional(),
});
export type BrandSection = z.infer<typeof BrandSchema>;

/** What one locale changes of the brand: its name (a logo and colours are the same in every language). */
export const BrandOverrideSchema = z.strictObject({ name: BrandNameSchema.optional() });

/** What the page shell shows of the brand (lib/site-content/brand.ts makes it on the server). */
export interface ShellBrand {
  /** Stylesheet variables set on <html>, overriding the stylesheet's brand colours. */
  readonly colourStyle?: Readonly<Record<string, string>>;
  /** The header's logo; without one the header keeps the site's house icon. */
  readonly logo?: { readonly src: string; readonly width?: number; readonly height?: number };
}
