import { LRUCache } from 'lru-cache';
import type { ShareableKind } from './shareable';

/**
 * One instance's store of rendered pages: the exact bytes an anonymous guest was sent, kept
 * until the partner answers they were built from stop being fresh. Bounded by bytes (least
 * recently used pages go first), so a crawler walking thousands of deep links cannot grow the
 * process without bound.
 */
export interface StoredPage {
  /** A whole page, or a data answer of the search API (lib/page-cache/shareable.ts). */
  readonly kind: ShareableKind;
  readonly status: number;
  /** The answer's headers as Next.js wrote them, minus length, encoding and per-answer ones. */
  readonly headers: Readonly<Record<string, string | string[]>>;
  /** The uncompressed HTML. */
  readonly body: Buffer;
  /** The gzip form of `body`, made once on the first guest that accepts it. */
  gzip?: Buffer;
  /** Epoch ms after which the page must be rendered again. */
  readonly expiresAt: number;
}

/** 32 MB of HTML: a few hundred result pages of today's size. */
export const DEFAULT_PAGE_STORE_BYTES = 32 * 1024 * 1024;

export class PageStore {
  private readonly pages: LRUCache<string, StoredPage>;

  constructor(maxBytes: number = DEFAULT_PAGE_STORE_BYTES, private readonly now: () => number = Date.now) {
    this.pages = new LRUCache<string, StoredPage>({
      maxSize: Math.max(1, maxBytes),
      // The gzip form is at most a fraction of the body; counting the body twice bounds both.
      sizeCalculation: (page) => Math.max(1, page.body.length * 2),
    });
  }

  /** The page stored under `key` while it is still valid. */
  get(key: string): StoredPage | undefined {
    const page = this.pages.get(key);
    if (page === undefined) return undefined;
    if (page.expiresAt <= this.now()) {
      this.pages.delete(key);
      return undefined;
    }
    return page;
  }

  set(key: string, page: StoredPage): void {
    if (page.expiresAt <= this.now()) return;
    this.pages.set(key, page);
  }

  get bytes(): number {
    return this.pages.calculatedSize;
  }

  get size(): number {
    return this.pages.size;
  }

  clear(): void {
    this.pages.clear();
  }
}
