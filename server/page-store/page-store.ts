import { LRUCache } from 'lru-cache';
import type { ShareableKind } from './shareable';

/**
 * One instance's store of rendered pages: the exact bytes an anonymous guest was sent, kept
 * until the partner answers they were built from stop being fresh. Bounded by bytes (least
 * recently used pages go first), so a crawler walking thousands of deep links cannot grow the
 * process without bound.
 */
export interface StoredPage {
  /** A whole page, or a data answer of the search API (server/page-store/shareable.ts). */
  readonly kind: ShareableKind;
  readonly status: number;
  /** The answer's headers as Next.js wrote them, minus length, encoding and per-answer ones. */
  readonly headers: Readonly<Record<string, string | string[]>>;
  /** The uncompressed HTML. */
  readonly body: Buffer;
  /** The gzip form of `body`, made once on the first guest that accepts it. */
  gzip?: Buffer;
  /** `headers` as `writeHead` takes them, made once on the first guest served from the store. */
  headerList?: string[];
  /** The answer's validator (its `ETag`), from its bytes. */
  readonly etag?: string;
  /** Epoch ms after which the page must be rendered again. */
  readonly expiresAt: number;
  /**
   * False for a page built partly from stale partner answers: this instance serves it again for
   * a few seconds, but no shared cache in front may keep it.
   */
  readonly shareable?: boolean;
  /** The cache keys of the partner answers the page was built from. */
  readonly sources?: readonly string[];
}

/** 32 MB of HTML: a few hundred result pages of today's size. */
export const DEFAULT_PAGE_STORE_BYTES = 32 * 1024 * 1024;

export class PageStore {
  private readonly pages: LRUCache<string, StoredPage>;
  /** The stored pages built from each partner answer, by the answer's cache key. */
  private readonly bySource = new Map<string, Set<string>>();

  constructor(
    maxBytes: number = DEFAULT_PAGE_STORE_BYTES,
    private readonly now: () => number = Date.now,
  ) {
    this.pages = new LRUCache<string, StoredPage>({
      maxSize: Math.max(1, maxBytes),
      // The gzip form is at most a fraction of the body; counting the body twice bounds both.
      sizeCalculation: (page) => Math.max(1, page.body.length * 2),
      // However a page leaves (expired, evicted, replaced, dropped), its sources forget it.
      dispose: (page, key) => this.unindex(key, page),
    });
  }

  private unindex(key: string, page: StoredPage): void {
    for (const source of page.sources ?? []) {
      const keys = this.bySource.get(source);
      keys?.delete(key);
      if (keys?.size === 0) this.bySource.delete(source);
    }
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
    if (!this.pages.has(key)) return;
    for (const source of page.sources ?? []) {
      let keys = this.bySource.get(source);
      if (keys === undefined) this.bySource.set(source, (keys = new Set()));
      keys.add(key);
    }
  }

  /** Drops every page built from the partner answer under `source`; returns how many. */
  dropBuiltFrom(source: string): number {
    const keys = this.bySource.get(source);
    if (keys === undefined) return 0;
    let dropped = 0;
    for (const key of [...keys]) if (this.pages.delete(key)) dropped += 1;
    this.bySource.delete(source);
    return dropped;
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
