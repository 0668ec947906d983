/**
 * What a link to one of the site's pages shows when it is shared (Open Graph, read by chat apps
 * and social networks, and the Twitter card): title, description, the page's main picture and
 * its language versions. Pages set this metadata whole: Next.js replaces a layout's
 * `openGraph` with the page's rather than merging the two, so every field is built here.
 */
import type { Metadata } from 'next';
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '@/lib/i18n/locales';
import { withoutTrackingParams } from './page-params';

/** Open Graph names a language with its country (`language_TERRITORY`). */
export const OPEN_GRAPH_LOCALES: Readonly<Record<Locale, string>> = {
  nl: 'nl_NL',
  en: 'en_GB',
  de: 'de_DE',
  fr: 'fr_FR',
};

/** Longest description most previews show before cutting it themselves. */
export const DESCRIPTION_LENGTH = 160;

export interface SocialImage {
  url: string;
  alt: string;
  width?: number;
  height?: number;
}

export interface PageMetadataInput {
  /** The site's public origin (SITE_URL); previews are read elsewhere, so every URL is absolute. */
  siteUrl: string;
  siteName: string;
  locale: string;
  /** The page's path in each language (e.g. `/en/parks/1`); the page's own is the canonical one. */
  languages: Readonly<Record<string, string>>;
  /**
   * The version for searchers in a language the site does not speak (hreflang x-default):
   * the default language's, unless the page has one that picks a language itself.
   */
  fallbackPath?: string;
  title: string;
  /** The title stands alone (no " · site name" suffix from the layout's template). */
  absoluteTitle?: boolean;
  description: string;
  image?: SocialImage | undefined;
}

/** An absolute http(s) URL for `url` read against the site's origin; null for anything else. */
export function toAbsoluteUrl(url: string, siteUrl: string): string | null {
  try {
    const absolute = new URL(url, siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`);
    return absolute.protocol === 'http:' || absolute.protocol === 'https:' ? absolute.href : null;
  } catch {
    return null;
  }
}

/** Text cut at a word boundary to `max` characters (with an ellipsis), whitespace collapsed. */
export function summarizeText(text: string, max = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

/** Non-empty parts joined with `separator`, for titles and descriptions made of optional facts. */
export function joinParts(parts: ReadonlyArray<string | null | undefined | false>, separator = ' · '): string {
  return parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(separator);
}

/** The Open Graph and Twitter card metadata of a page. */
export function buildSocialMetadata(input: PageMetadataInput): Pick<Metadata, 'openGraph' | 'twitter'> {
  const locale: Locale | undefined = isLocale(input.locale) ? input.locale : undefined;
  const ownPath = input.languages[input.locale];
  const url = ownPath === undefined ? null : toAbsoluteUrl(ownPath, input.siteUrl);
  const imageUrl = input.image ? toAbsoluteUrl(input.image.url, input.siteUrl) : null;
  const image =
    input.image && imageUrl
      ? {
          url: imageUrl,
          alt: input.image.alt,
          ...(input.image.width ? { width: input.image.width } : {}),
          ...(input.image.height ? { height: input.image.height } : {}),
        }
      : undefined;
  return {
    openGraph: {
      type: 'website',
      siteName: input.siteName,
      title: input.title,
      description: input.description,
      ...(url ? { url } : {}),
      ...(locale
        ? {
            locale: OPEN_GRAPH_LOCALES[locale],
            alternateLocale: LOCALES.filter((other) => other !== locale).map((other) => OPEN_GRAPH_LOCALES[other]),
          }
        : {}),
      ...(image ? { images: [image] } : {}),
    },
    // A large card only with a picture to fill it; without one the small card reads better.
    twitter: {
      card: image ? 'summary_large_image' : 'summary',
      title: input.title,
      description: input.description,
      ...(image ? { images: [{ url: image.url, alt: image.alt }] } : {}),
    },
  };
}

/**
 * A page's title, description, canonical address with its language versions, and share previews.
 * The addresses never carry a click id or campaign tag: search engines would index, and guests
 * share, one address per click of a campaign instead of the page's.
 */
export function buildPageMetadata(given: PageMetadataInput): Metadata {
  const input: PageMetadataInput = {
    ...given,
    languages: Object.fromEntries(
      Object.entries(given.languages).map(([locale, path]) => [locale, withoutTrackingParams(path)]),
    ),
    ...(given.fallbackPath !== undefined ? { fallbackPath: withoutTrackingParams(given.fallbackPath) } : {}),
  };
  const description = summarizeText(input.description);
  const canonical = input.languages[input.locale];
  const fallback = input.fallbackPath ?? input.languages[DEFAULT_LOCALE];
  return {
    title: input.absoluteTitle ? { absolute: input.title } : input.title,
    description,
    alternates: {
      ...(canonical ? { canonical } : {}),
      languages: { ...input.languages, ...(fallback ? { 'x-default': fallback } : {}) },
    },
    ...buildSocialMetadata({ ...input, description }),
  };
}
