import type { IncomingMessage, ServerResponse } from 'node:http';
import { CAMPAIGN_CAPTURE_CODE } from '@/lib/attribution/campaign-inline';
import { getRenderDay } from '@/lib/booking/deep-link';
import type { PageStatus } from '@/lib/http/page-status';
import { countPageCache, setPageCacheBytes } from '@/lib/metrics/registry';
import { HASH_POLICY_REQUEST_HEADER, hashContentSecurityPolicy } from '@/lib/security-headers';
import { ReadRecord, onCacheWrite, reusableUntil, runRecordingReads } from './read-record';
import type { PageStore, StoredPage } from './page-store';
import { scriptsAfterFirstPaint } from './scripts-after-paint';
import {
  hasBookingSession,
  inlineScriptHashes,
  pageKey,
  pageTarget,
  shareableKind,
  type ShareableKind,
} from './shareable';
import {
  acceptsGzip,
  compressed,
  entityTag,
  GZIP_MIN_BYTES,
  hasContentType,
  KIND_CONTENT_TYPE,
  matchesTag,
  PER_ANSWER_HEADERS,
  sendStored,
  sharedCacheControl,
  withAcceptEncodingVary,
} from './stored-answer';
import { dropRequestHeader } from '../http/request-headers';
import { holdAnswer, type SendHeld } from '../http/hold-answer';

/**
 * How the site server answers home, search and house pages (server/page-store/shareable.ts):
 *
 * - Next.js renders them without a nonce (the proxy sees HASH_POLICY_REQUEST_HEADER), and the
 *   answer is held here until it is complete. Its content security policy then lists the sha256
 *   hashes of the page's own inline scripts instead of a nonce, so the bytes are the same for
 *   every guest and may be served again: by this instance, from `store`, and by a shared cache in
 *   front of the site (`Cache-Control: public, s-maxage`).
 * - A page is stored only when every partner answer its render read was a cached entry the
 *   governor served as it stands (server/page-store/read-record.ts): built from fresh entries only,
 *   until the first of them stops being fresh, and a shared cache may keep it as long; built
 *   partly from stale entries being refreshed, for a few seconds, here only (`private, no-store`).
 *   Either way it is dropped the moment one of those entries is written again in this process.
 *   A render that called the partner, used a fallback answer, showed the busy notice, set a
 *   cookie or answered anything but 200 is sent once, `private, no-store`.
 * - A page is stored and rendered under its page target (./shareable.ts): its path and the
 *   parameters it reads. Click ids, campaign tags and unknown parameters are left out, so every
 *   click of a campaign link is served the one stored page.
 * - A guest with a booking session cookie is never served a stored page and never stores one.
 * - A page asks for its scripts once it has painted (./scripts-after-paint.ts), and keeps the
 *   landing link's campaign tags as it is read, before they run.
 * - Next.js is asked for the uncompressed page; gzip is applied here, once per stored page, on
 *   libuv's thread pool (./stored-answer.ts), so the main thread renders meanwhile.
 * - The search API's JSON answers are kept the same way (same freshness rule, same store), so a
 *   cached search is sent as stored bytes instead of being serialized and compressed again. They
 *   keep the cache headers their route gave them.
 * - While one request renders an answer that may be stored, others asking for the same address
 *   wait for it instead of rendering it again: when a popular page's data expires, it is
 *   rendered once, not once per guest arriving in that moment.
 */

export interface PageCacheOptions {
  /** null: pages still get the hash policy and shared-cache headers, but nothing is kept here. */
  readonly store: PageStore | null;
  /** The longest a page is kept, whatever the fresh ages of its answers. */
  readonly maxAgeMs: number;
  readonly now?: () => number;
  /** The day pages are rendered for (they count from today): getRenderDay by default. */
  readonly today?: () => string;
  /**
   * The fingerprint of the partner's brand (name, logo, icons, colours from the site content):
   * part of every key, so a page stored under one brand is never served under another.
   */
  readonly brand?: () => string;
  /** Makes the gzip form of a rendered answer (default: ./stored-answer.ts, off the main thread). */
  readonly compress?: (body: Buffer) => Promise<Buffer | undefined>;
}

export const DEFAULT_PAGE_MAX_AGE_MS = 10 * 60 * 1000;

export interface PageCache {
  /**
   * Answers a request for a shareable page (from the store or by rendering it with `render`),
   * or returns false, untouched, for any other request. `status` is the request's page status.
   */
  serve(
    req: IncomingMessage,
    res: ServerResponse,
    status: PageStatus,
    render: () => Promise<void>,
  ): Promise<boolean>;
  /**
   * Sends the stored answer for this request if there is one, at once (no render, no promise),
   * and returns whether it did. A stored answer carries every header it was rendered with, the
   * security headers included, so the caller sets none before: the answer goes out in one
   * `writeHead` with no per-header work.
   */
  serveStored(req: IncomingMessage, res: ServerResponse): boolean;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  // getRenderDay works the day out at most once a second, so asking on every request costs a stored
  // answer nothing.
  const today = options.today ?? (() => getRenderDay());
  const brand = options.brand ?? (() => '');
  const keyOf = (target: string) => `${brand()} ${pageKey(target, today())}`;
  const { store } = options;
  const compress = options.compress ?? compressed;
  /** Renders under way of answers that may be stored, by key, settled once each has ended. */
  const rendering = new Map<string, Promise<void>>();
  /** The read records of renders under way, told when an entry they read is written again. */
  const recording = new Set<ReadRecord>();
  if (store) {
    onCacheWrite((source) => {
      for (const record of recording) if (record.keys.has(source)) record.overtaken = true;
      if (store.dropBuiltFrom(source) > 0) setPageCacheBytes(store.bytes);
    });
  }

  /** The stored answer this request may be given: none to a guest with a booking session. */
  function storedFor(key: string, session: boolean): StoredPage | undefined {
    return store !== null && !session ? store.get(key) : undefined;
  }

  function sendHit(req: IncomingMessage, res: ServerResponse, page: StoredPage): void {
    countPageCache('hit');
    sendStored(req, res, page, now());
  }

  function serveStored(req: IncomingMessage, res: ServerResponse): boolean {
    const target = req.url ?? '/';
    if (shareableKind(req.method, target, req.headers) === null) return false;
    const page = storedFor(keyOf(target), hasBookingSession(req.headers.cookie));
    if (!page) return false;
    sendHit(req, res, page);
    return true;
  }

  function finishRendered(
    req: IncomingMessage,
    res: ServerResponse,
    context: {
      kind: ShareableKind;
      key: string;
      session: boolean;
      gzip: boolean;
      /** Asked with HEAD, rendered as a GET: the headers and length of the page, no body. */
      head: boolean;
      record: ReadRecord;
      status: PageStatus;
    },
    code: number,
    body: Buffer,
    /** The gzip form of `body`, when the client takes gzip and it was worth making. */
    gzipped: Buffer | undefined,
    send: SendHeld,
  ): void {
    const at = now();
    const headers = res.getHeaders();
    const html = hasContentType(headers, 'text/html');
    if (html) {
      res.setHeader('content-security-policy', hashContentSecurityPolicy(inlineScriptHashes(body)));
    }
    const reuse =
      code === 200 &&
      hasContentType(headers, KIND_CONTENT_TYPE[context.kind]) &&
      !context.session &&
      headers['set-cookie'] === undefined &&
      context.status.unavailableRetryAfterSeconds === undefined &&
      context.status.notFound !== true
        ? reusableUntil(context.record, at, options.maxAgeMs)
        : null;
    if (code === 200 && html) {
      res.setHeader(
        'cache-control',
        reuse?.shareable ? sharedCacheControl(reuse.until, at) : 'private, no-store',
      );
    }
    res.setHeader('vary', withAcceptEncodingVary(res.getHeader('vary') as string | string[] | undefined));
    res.setHeader('x-page-cache', 'miss');

    const etag = reuse !== null ? entityTag(body) : undefined;
    if (etag !== undefined) res.setHeader('etag', etag);
    if (reuse !== null) {
      const kept: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value === undefined) continue;
        // A page's cache headers follow its data's age; a data answer keeps its route's own.
        if (PER_ANSWER_HEADERS.has(name) && !(name === 'cache-control' && context.kind === 'data')) continue;
        kept[name] = typeof value === 'number' ? String(value) : value;
      }
      const page: StoredPage = {
        kind: context.kind,
        status: code,
        headers: kept,
        body,
        expiresAt: reuse.until,
        etag,
        shareable: reuse.shareable,
        sources: [...context.record.keys],
      };
      if (gzipped) page.gzip = gzipped;
      store?.set(context.key, page);
      countPageCache('stored');
      setPageCacheBytes(store?.bytes ?? 0);
    } else {
      countPageCache(context.session ? 'session' : 'rendered');
    }
    if (etag !== undefined && matchesTag(req.headers['if-none-match'], etag)) {
      send(304, Buffer.alloc(0));
      return;
    }
    // A HEAD is never gzipped here, so its length is the page's own.
    const sent = context.head ? undefined : gzipped;
    if (sent) res.setHeader('content-encoding', 'gzip');
    send(code, sent ?? body, context.head);
  }

  async function serve(
    req: IncomingMessage,
    res: ServerResponse,
    status: PageStatus,
    render: () => Promise<void>,
  ): Promise<boolean> {
    const asked = req.url ?? '/';
    const kind = shareableKind(req.method, asked, req.headers);
    if (kind === null) return false;
    // Rendered for the page's own parameters only: the bytes stored are the same for every guest
    // of a campaign link and carry none of its click ids (the browser keeps them in its address).
    const target = pageTarget(asked);
    if (target !== asked) req.url = target;
    const session = hasBookingSession(req.headers.cookie);
    const key = keyOf(target);
    const shared = store !== null && !session;
    if (shared) {
      let page = storedFor(key, session);
      const pending = page ? undefined : rendering.get(key);
      if (pending) {
        await pending;
        page = storedFor(key, session);
      }
      if (page) {
        sendHit(req, res, page);
        return true;
      }
    }
    const gzip = acceptsGzip(req.headers['accept-encoding']);
    // A HEAD is rendered as the GET it stands for (Next.js would answer it with an empty page and
    // other headers), so it says the page's length and cache header, and the page is stored.
    const head = req.method === 'HEAD';
    if (head) req.method = 'GET';
    // Next.js renders a page without a nonce, and every answer uncompressed: the policy and the
    // encoding are decided here once the whole answer is known.
    if (kind === 'page') req.headers[HASH_POLICY_REQUEST_HEADER] = '1';
    dropRequestHeader(req, 'accept-encoding');
    const record = new ReadRecord();
    recording.add(record);
    // Others asking for this address meanwhile wait for this render (it stores the answer when
    // it may be stored), unless one is already under way.
    let release = () => undefined as void;
    if (shared && !rendering.has(key)) {
      let settle = () => undefined as void;
      const finished = new Promise<void>((resolve) => {
        settle = resolve;
      });
      rendering.set(key, finished);
      release = () => {
        if (rendering.get(key) === finished) rendering.delete(key);
        settle();
      };
    }
    // The answer is compressed before it is stored or sent. Meanwhile its reads stay recorded, so
    // a partner answer written again during that time still keeps the page out of the store.
    let finishing: Promise<void> | undefined;
    let failure: { error: unknown } | undefined;
    holdAnswer(res, (code, held, send) => {
      const body = hasContentType(res.getHeaders(), 'text/html')
        ? scriptsAfterFirstPaint(held, CAMPAIGN_CAPTURE_CODE)
        : held;
      const finish = (gzipped: Buffer | undefined) =>
        finishRendered(
          req,
          res,
          { kind, key, session, gzip, head, record, status },
          code,
          body,
          gzipped,
          send,
        );
      if (!gzip || body.length <= GZIP_MIN_BYTES) {
        try {
          finish(undefined);
        } finally {
          release();
        }
        return;
      }
      // A page that cannot be compressed is sent as it is. A failure to finish it is thrown once
      // serve() awaits it: until then the promise must not reject unhandled (it would end the process).
      finishing = compress(body)
        .catch(() => undefined)
        .then(finish)
        .catch((error: unknown) => {
          failure = { error };
        })
        .finally(release);
    });
    try {
      await runRecordingReads(record, render);
      await finishing;
      if (failure) throw failure.error;
    } finally {
      recording.delete(record);
      release();
    }
    return true;
  }

  return { serve, serveStored };
}
