'use client';

import Image from 'next/image';
import type { ReactNode } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { ICON_SPRITE_PATH, type IconName } from '@/components/ui/icon-shapes';
import { LinkPendingIndicator } from '@/components/ui/navigation-pending';

/*
 * The client parts of a result card. What the cards have in common (image sizes, prefetching,
 * the pending spinner, the markup around each fact) is fixed here rather than rendered on the
 * server, so the page's serialized tree carries only what differs per card: a dozen cards
 * would otherwise repeat the same props and elements a dozen times. They render on the server
 * all the same, so the cards are complete without JavaScript.
 */

export type CardImageLoading = 'first' | 'eager' | 'lazy';

/**
 * The card's picture. It fills the card's picture box (see .card-media in globals.css); the
 * width and height only give the optimizer an aspect ratio, the `sizes` choose the file. The
 * first cards load eagerly, and the very first one is fetched before anything else the page
 * asks for: it is usually the largest thing on a phone's first screen.
 */
export function CardImage({
  src,
  alt,
  loading = 'lazy',
}: {
  src: string;
  alt: string;
  loading?: CardImageLoading;
}) {
  return (
    <Image
      src={src}
      alt={alt}
      width={288}
      height={192}
      sizes="(min-width: 1024px) 18rem, (min-width: 640px) 16rem, 100vw"
      loading={loading === 'lazy' ? 'lazy' : 'eager'}
      {...(loading === 'first' ? { fetchPriority: 'high' as const } : {})}
    />
  );
}

/** The house's name as the card's link: its ::after (see .card h3 a) makes the whole card clickable. */
export function CardLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} prefetch={false}>
      {children}
      <LinkPendingIndicator />
    </Link>
  );
}

/** A fact of the card: the icon it is drawn with and its full text, already translated. */
export type CardFact = readonly [icon: IconName, text: string];

/**
 * The card's facts, each with its icon from the sprite. The icons' size and colour come from
 * .card-facts; they are hidden from assistive technology, the text says the same.
 */
export function CardFacts({ facts }: { facts: readonly CardFact[] }) {
  return (
    <ul className="card-facts">
      {facts.map(([icon, text]) => (
        <li key={icon}>
          <svg aria-hidden>
            <use href={`${ICON_SPRITE_PATH}#${icon}`} />
          </svg>
          {text}
        </li>
      ))}
    </ul>
  );
}
