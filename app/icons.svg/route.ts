import { iconSprite } from '@/components/ui/icon-shapes';

/**
 * The icon sprite, built once at build time. Pages refer to it as /icons.svg?v=<hash of the
 * drawings>, so browsers may keep it for a year: a changed drawing is a new address.
 */
export const dynamic = 'force-static';

export function GET(): Response {
  return new Response(iconSprite(), {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
