import type { IncomingMessage } from 'node:http';
import { nodeClientAddressKey } from '@/lib/http/client-address';
import { createFixedWindows } from '@/lib/upstream/fixed-windows';

/*
 * A cap per client on resized pictures the site does not hold in memory. Each one makes Next.js
 * read its resize cache or fetch the picture from the picture host and resize it, the costliest
 * work a request can ask of the site. Any query string on a real picture's address is another
 * picture to Next.js, so a script could ask for thousands; a guest's browser asks for a dozen
 * per page. Kept pictures (server/static/image-answers.ts) are sent before this is asked, so a guest
 * browsing pictures others have seen is never counted.
 *
 * Fixed windows of a minute, per instance, per client address as the booking limits read it
 * (the socket's peer, or the hop our own proxy appended).
 */

export const DEFAULT_IMAGE_MISSES_PER_MINUTE = 600;
const WINDOW_MS = 60_000;

export interface ImageMissLimit {
  /** Counts a picture request about to reach Next.js; the seconds to wait when over the cap, else null. */
  admit(req: IncomingMessage): number | null;
}

/** IMAGE_MISSES_PER_MINUTE: resized pictures one client may have made per minute (default 600). */
export function readImageMissesPerMinute(env: Record<string, string | undefined>): number {
  const raw = env.IMAGE_MISSES_PER_MINUTE ?? '';
  if (raw === '') return DEFAULT_IMAGE_MISSES_PER_MINUTE;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) {
    throw new Error('Invalid site configuration: IMAGE_MISSES_PER_MINUTE must be a whole number from 1');
  }
  return Number(raw);
}

export function createImageMissLimit(options: {
  perMinute: number;
  trustedHops: number;
  now?: () => number;
}): ImageMissLimit {
  const now = options.now ?? Date.now;
  const windows = createFixedWindows(50_000);
  return {
    admit(req) {
      const key = nodeClientAddressKey(req.headers, options.trustedHops);
      return windows.admit([{ key, limit: options.perMinute, windowMs: WINDOW_MS }], now());
    },
  };
}
