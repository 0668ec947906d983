/**
 * The brand's colours and the contrast their text keeps. The stylesheet draws text in a handful
 * of pairings (white on the primary colour for buttons, the dark primary for links on white, …);
 * a partner who gives only some colours gets the others derived from them, and every pairing is
 * checked against WCAG 2.2 AA: 4.5:1 for normal text, 3:1 for the focus ring and borders.
 * Pure, so the start-up check and the pages share it.
 */

/** A colour as the file gives it: `#rgb` or `#rrggbb`. */
export const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export const BRAND_COLOUR_NAMES = [
  'primary',
  'primaryDark',
  'primaryDarker',
  'primaryLight',
  'primaryLighter',
  'onPrimary',
  'accent',
  'onAccent',
] as const;
export type BrandColourName = (typeof BRAND_COLOUR_NAMES)[number];
export type BrandColours = Readonly<Record<BrandColourName, string>>;

/** The stylesheet's own colours (app/globals.css): what a site without a brand shows. */
export const DEFAULT_BRAND_COLOURS: BrandColours = {
  primary: '#1d6b57',
  primaryDark: '#155646',
  primaryDarker: '#0f4236',
  primaryLight: '#eef7f4',
  primaryLighter: '#d5ece4',
  onPrimary: '#ffffff',
  accent: '#b4461f',
  onAccent: '#ffffff',
};

/** The stylesheet variable each colour sets. */
export const BRAND_COLOUR_VARIABLES: Readonly<Record<BrandColourName, string>> = {
  primary: '--color-brand-600',
  primaryDark: '--color-brand-700',
  primaryDarker: '--color-brand-800',
  primaryLight: '--color-brand-50',
  primaryLighter: '--color-brand-100',
  onPrimary: '--color-on-brand',
  accent: '--color-accent-600',
  onAccent: '--color-on-accent',
};

type Rgb = readonly [number, number, number];

export function parseHexColour(value: string): Rgb {
  if (!HEX_COLOUR.test(value)) throw new Error(`not a #rgb or #rrggbb colour: ${value}`);
  const hex = value.length === 4 ? [...value.slice(1)].map((digit) => digit + digit).join('') : value.slice(1);
  return [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as unknown as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** `colour` moved `share` (0–1) of the way towards `towards`, channel by channel. */
export function mixColours(colour: string, towards: string, share: number): string {
  const from = parseHexColour(colour);
  const to = parseHexColour(towards);
  return toHex(from.map((channel, i) => channel + (to[i]! - channel) * share) as unknown as Rgb);
}

/** Relative luminance as WCAG defines it (sRGB channels linearised, weighted 0.2126/0.7152/0.0722). */
export function relativeLuminance(colour: string): number {
  const [r, g, b] = parseHexColour(colour).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** (lighter + 0.05) / (darker + 0.05): 1 for the same colour, 21 for black on white. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Every colour, those the file leaves out derived from the ones it gives: the darker shades mix
 * the primary colour with black, the lighter ones with white, text on a colour stays white.
 * Without any colour the stylesheet's own are kept exactly.
 */
export function resolveBrandColours(given: Partial<Record<BrandColourName, string>> = {}): BrandColours {
  if (given.primary === undefined) return { ...DEFAULT_BRAND_COLOURS, ...given };
  const primary = given.primary;
  return {
    primary,
    primaryDark: given.primaryDark ?? mixColours(primary, '#000000', 0.2),
    primaryDarker: given.primaryDarker ?? mixColours(primary, '#000000', 0.45),
    primaryLight: given.primaryLight ?? mixColours(primary, '#ffffff', 0.92),
    primaryLighter: given.primaryLighter ?? mixColours(primary, '#ffffff', 0.82),
    onPrimary: given.onPrimary ?? DEFAULT_BRAND_COLOURS.onPrimary,
    accent: given.accent ?? DEFAULT_BRAND_COLOURS.accent,
    onAccent: given.onAccent ?? DEFAULT_BRAND_COLOURS.onAccent,
  };
}

const WHITE = '#ffffff';
/** The darkest text the stylesheet sets on the light brand colour (slate-900). */
const BODY_TEXT = '#0f172a';

interface Pairing {
  readonly text: BrandColourName | 'white' | 'body text';
  readonly on: BrandColourName | 'white';
  readonly minimum: number;
  readonly where: string;
}

/** Where the stylesheet puts one colour on another. */
const PAIRINGS: readonly Pairing[] = [
  { text: 'onPrimary', on: 'primary', minimum: 4.5, where: 'buttons and selected items' },
  { text: 'onPrimary', on: 'primaryDark', minimum: 4.5, where: 'a button under the pointer, the skip link' },
  { text: 'onPrimary', on: 'primaryDarker', minimum: 4.5, where: 'a pressed button' },
  { text: 'primaryDark', on: 'white', minimum: 4.5, where: 'links and headings' },
  { text: 'primaryDarker', on: 'primaryLight', minimum: 4.5, where: 'labels on light brand panels' },
  { text: 'primaryDarker', on: 'primaryLighter', minimum: 4.5, where: 'badges and chosen calendar days' },
  { text: 'body text', on: 'primaryLight', minimum: 4.5, where: 'text on light brand panels' },
  { text: 'accent', on: 'white', minimum: 4.5, where: 'accent text such as the kept favourites' },
  { text: 'onAccent', on: 'accent', minimum: 4.5, where: 'accent badges' },
  { text: 'primary', on: 'white', minimum: 3, where: 'the focus ring and borders' },
];

function colourOf(name: Pairing['text'] | Pairing['on'], colours: BrandColours): string {
  if (name === 'white') return WHITE;
  if (name === 'body text') return BODY_TEXT;
  return colours[name];
}

/** One line per pairing below its minimum, naming both colours, the ratio and the minimum. */
export function contrastProblems(colours: BrandColours, prefix = 'brand.colors'): string[] {
  const named = (name: string) => (name === 'white' || name === 'body text' ? name : `${prefix}.${name}`);
  return PAIRINGS.flatMap(({ text, on, minimum, where }) => {
    const ratio = contrastRatio(colourOf(text, colours), colourOf(on, colours));
    if (ratio >= minimum) return [];
    return [
      `${named(text)} on ${named(on)} has a contrast of ${ratio.toFixed(2)}:1 (${where}); WCAG AA needs at least ${minimum}:1`,
    ];
  });
}
