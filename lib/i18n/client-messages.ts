import type { AbstractIntlMessages } from 'next-intl';

/**
 * The messages each part of the site hands to the browser. next-intl serializes whatever a
 * `NextIntlClientProvider` is given into the page, so the whole catalogue (tens of kilobytes per
 * locale) would travel with every page; each provider gets only what the client components
 * rendered under it translate. Server components translate on the server and need none of this.
 *
 * A list holds message paths: a namespace (`booking`), a group (`booking.states`) or one message
 * (`header.languages`). A nested provider replaces its parent's messages rather than adding to
 * them, so each list names everything its part uses, shared components included.
 *
 * Where each list applies: `shell` is the site shell's provider (header, campaign capture,
 * analytics and the error boundaries of pages without a provider of their own); a page that renders
 * client components wraps its content in its own provider; a segment whose error boundary needs
 * messages of its own (the booking pages) gets the provider from its layout instead, which also
 * covers the boundary. client-messages.test.ts reads the client components under each provider
 * and fails when a list misses a message they use or names one nothing uses.
 */
export const CLIENT_MESSAGES = {
  shell: ['header.language', 'errorPage', 'favourites.link'],
  home: ['loading', 'party', 'searchForm', 'stepper'],
  search: ['favourites.heart', 'loading', 'party', 'searchForm', 'stepper'],
  house: [
    'booking.price',
    'favourites.heart',
    'house.booking',
    'house.calendar',
    'house.gallery',
    'party',
    'price',
    'stepper',
  ],
  park: ['favourites.heart', 'loading'],
  favourites: ['favourites.heart', 'favourites.page'],
  compare: ['favourites.heart'],
  booking: ['booking', 'legal.stayConditions', 'party.counts', 'party.hints', 'party.labels', 'stepper'],
  thankYou: [
    'booking.guest.email',
    'booking.states.errorBody',
    'booking.states.errorReference',
    'booking.states.errorTitle',
    'booking.states.retry',
    'booking.thankYou.bookedBy',
    'booking.thankYou.print',
  ],
  partnerLinks: [
    'criteriaNotes',
    'partners.links',
    'party.labels',
    'party.summary',
    'party.title',
    'refine.filters',
    'searchForm',
  ],
} as const satisfies Record<string, readonly string[]>;

export type ClientMessageScope = keyof typeof CLIENT_MESSAGES;

/** The part of `messages` at `paths` (dotted names), in the same nesting; missing paths are skipped. */
export function pickMessages(messages: AbstractIntlMessages, paths: readonly string[]): AbstractIntlMessages {
  const picked: AbstractIntlMessages = {};
  for (const path of paths) {
    const keys = path.split('.');
    let value: AbstractIntlMessages | string | undefined = messages;
    for (const key of keys) value = typeof value === 'object' ? value[key] : undefined;
    const last = keys.pop();
    if (value === undefined || last === undefined) continue;
    let target = picked;
    for (const key of keys) {
      const existing = target[key];
      target = typeof existing === 'object' ? existing : (target[key] = {});
    }
    target[last] = value;
  }
  return picked;
}
