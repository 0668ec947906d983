import { createNavigation } from 'next-intl/navigation';
import type { ComponentProps } from 'react';
import { routing } from './routing';

const navigation = createNavigation(routing);

export const { redirect, usePathname, useRouter, getPathname } = navigation;

/**
 * next-intl's Link, not prefetched unless a link asks for it (`prefetch`). Every page of the
 * site is rendered per request (each carries its own CSP nonce) and no route has a loading
 * boundary, so a prefetch reads only a route's tree and metadata: up to three requests the server
 * renders, for each link that comes into view, while the click fetches the whole page anyway.
 * Measured on a phone-like link (150 ms latency, 1.6 Mbit/s), the booking step appeared as soon
 * after a tap on Book without the prefetch as with it.
 */
export function Link({ prefetch = false, ...props }: ComponentProps<typeof navigation.Link>) {
  return <navigation.Link prefetch={prefetch} {...props} />;
}

/** The address of one page in every language, by locale: a page's hreflang alternates. */
export function languagePaths(href: string): Record<string, string> {
  return Object.fromEntries(routing.locales.map((locale) => [locale, getPathname({ locale, href })]));
}
