import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { countResizedImage } from '@/lib/metrics/registry';
import { holdAnswer } from '../http/hold-answer';

/*
 * Resized pictures (/_next/image?url=…&w=…&q=…) kept in memory once Next.js has made them.
 * Next.js keeps them too, on disk, but answering from that cache costs about 5 ms of server time
 * per picture (measured on two cores), against about 1.5 ms from memory; a first visit to a
 * house page asks for eight of them, to the search page for a dozen, so on a busy day the
 * pictures cost the site more than the pages do.
 *
 * - An answer is kept only when it is a complete 200 with an image type and a public
 *   `max-age`, and for no longer than that age, nor than `maxAgeMs`.
 * - The key is the whole address and the browser's Accept header: Next.js picks the format
 *   (WebP or the original) from Accept, and says so with `Vary: Accept`.
 * - Everything Next.js said is sent again (its security headers, ETag, content disposition),
 *   except what describes one transmission. A browser that holds the same picture gets a 304.
 * - The store is bounded in bytes; the least recently used picture goes first.
 */

const PREFIX = '/_next/image?';

/** Headers that describe one transmission, not the picture (Next.js's cache hit or miss among them). */
const PER_ANSWER = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'x-nextjs-cache',
]);

interface KeptImage {
  /** Name and value in turn, as `writeHead` takes them. */
  readonly headers: string[];
  readonly etag: string | undefined;
  readonly body: Buffer;
  readonly expiresAt: number;
}

export interface ImageAnswersOptions {
  readonly maxBytes: number;
  readonly maxAgeMs: number;
  readonly now?: () => number;
}

export interface ImageAnswers {
  /** Sends the kept answer for this request if there is one, at once, and returns whether it did. */
  serveKept(req: IncomingMessage, res: ServerResponse): boolean;
  /** Call before Next.js answers a request serveKept did not: keeps the answer if it may be kept. */
  keepAnswer(req: IncomingMessage, res: ServerResponse): void;
  readonly bytes: number;
}

function isImageRequest(req: IncomingMessage): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && (req.url ?? '').startsWith(PREFIX);
}

function keyOf(req: IncomingMessage): string {
  return `${req.url}\n${req.headers.accept ?? ''}`;
}

/** Seconds a public answer may be kept, from its Cache-Control; 0 when it may not. */
export function publicMaxAge(cacheControl: unknown): number {
  if (typeof cacheControl !== 'string') return 0;
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());
  if (!directives.includes('public') || directives.some((d) => d === 'no-store' || d === 'private')) return 0;
  const maxAge = directives.find((d) => d.startsWith('max-age='));
  const seconds = maxAge ? Number(maxAge.slice('max-age='.length)) : 0;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}

export function createImageAnswers(options: ImageAnswersOptions): ImageAnswers {
  const now = options.now ?? Date.now;
  // Bounded in bytes like the page store; a picture larger than the whole store is not kept.
  const kept = new LRUCache<string, KeptImage>({
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: (image) => Math.max(1, image.body.length),
  });

  return {
    get bytes() {
      return kept.calculatedSize;
    },

    serveKept(req, res) {
      if (!isImageRequest(req)) return false;
      const key = keyOf(req);
      const image = kept.get(key);
      if (!image) return false;
      if (image.expiresAt <= now()) {
        kept.delete(key);
        return false;
      }
      if (image.etag !== undefined && req.headers['if-none-match'] === image.etag) {
        res.writeHead(304, image.headers);
        res.end();
      } else {
        res.writeHead(200, [...image.headers, 'content-length', String(image.body.length)]);
        res.end(req.method === 'HEAD' ? undefined : image.body);
      }
      countResizedImage('memory', kept.calculatedSize);
      return true;
    },

    keepAnswer(req, res) {
      if (req.method !== 'GET' || !isImageRequest(req)) return;
      const key = keyOf(req);
      holdAnswer(res, (status, body, send) => {
        try {
          const headers = res.getHeaders();
          const type = headers['content-type'];
          const maxAge = publicMaxAge(headers['cache-control']);
          const keepable =
            status === 200 &&
            typeof type === 'string' &&
            type.startsWith('image/') &&
            maxAge > 0 &&
            body.length > 0 &&
            headers['set-cookie'] === undefined;
          if (keepable) {
            const list: string[] = [];
            for (const [name, value] of Object.entries(headers)) {
              if (value === undefined || PER_ANSWER.has(name)) continue;
              list.push(name, Array.isArray(value) ? value.join(', ') : String(value));
            }
            const etag = headers.etag;
            kept.set(key, {
              headers: list,
              etag: typeof etag === 'string' ? etag : undefined,
              body,
              expiresAt: now() + Math.min(maxAge * 1000, options.maxAgeMs),
            });
          }
          countResizedImage('framework', kept.calculatedSize);
        } finally {
          // Whatever happened to keeping it, the guest gets the picture.
          send(status, body);
        }
      });
    },
  };
}
