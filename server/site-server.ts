/**
 * The site's HTTP server in production: Next.js's own request handler behind a node:http server
 * this file puts together. `npm start`, the browser tests, the fleet and the benchmark all start
 * the site with it, compiled (`node dist/server.mjs -p <port> -H <host>`, built by
 * `npm run build:server`), so what they test is what runs.
 *
 * It adds what `next start` cannot:
 * - the whole configuration checked before Next.js starts, every problem told on a line of its
 *   own, and no server at all when there is one (./configuration/problems.ts, ./main.ts);
 * - explicit timeouts, so a client that trickles its headers or body cannot hold a connection
 *   for minutes (Node's defaults are 60 s for headers and 300 s for a request);
 * - the security headers on every answer, also those no page or proxy sets (JSON, 404s for
 *   paths outside the proxy, static files);
 * - a 400 for a path that is not valid percent-encoding (`/%ff`) and for a client-side navigation
 *   whose router-state header cannot be parsed, which Next.js otherwise answers with a 500
 *   (./hygiene/screen.ts);
 * - the client's socket address in a request header no client can set, for the inbound limits
 *   (lib/http/client-address.ts, ./hygiene/headers.ts);
 * - 503 with Retry-After for a page that shows the "booking service unavailable" notice, which
 *   the App Router cannot set itself (./marked-pages.ts);
 * - home, search and house pages with a hash-based content security policy instead of a nonce,
 *   so the same bytes can be served again, from this instance's page store while the partner
 *   answers they show are fresh, and by a shared cache in front (./page-store/serve.ts);
 * - the build's static files and the route handlers it rendered for good (the icon sprite, the
 *   site icons) from memory, compressed once (gzip and brotli), instead of read and gzipped
 *   again for every request (./static/static-files.ts);
 * - resized pictures from memory once Next.js has made them (./static/image-answers.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { nodeClientAddressKey } from '@/lib/http/client-address';
import { visitorFromCookies } from '@/lib/visitor/mark';
import type { PageStatus } from '@/lib/http/page-status';
import { countCampaignVisit } from '@/lib/ledger/visits';
import { withRequestContext } from '@/lib/request-context';
import { timeRequest } from '@/lib/metrics/request-timing';
import { baselineSecurityHeaders } from '@/lib/security-headers';
import { siteBrandFingerprint } from '@/lib/site-content/load';
import {
  readPageStoreSettings,
  readTimeouts,
  readTrustedHops,
  type PageStoreSettings,
  type ServerTimeouts,
} from './configuration/settings';
import { createRequestHeaderCleaner } from './hygiene/headers';
import { partnerApiAddresses } from './hygiene/picture-sources';
import { refuseImageFlood } from './hygiene/refusals';
import { loadRouterStateCheck } from './hygiene/router-state';
import { createRequestScreen } from './hygiene/screen';
import { failureOf, serverLogger } from './logging/logger';
import { answerMarkedPages } from './marked-pages';
import { PageStore } from './page-store/page-store';
import { DEFAULT_PAGE_MAX_AGE_MS, createPageCache } from './page-store/serve';
import { createImageAnswers } from './static/image-answers';
import { createImageMissLimit, readImageMissesPerMinute } from './static/image-miss-limit';
import { createStaticFiles } from './static/static-files';

/**
 * The repository: this file's folder's parent, from the source (server/) and from the compiled
 * file (dist/) alike.
 */
export const PROJECT_DIR = fileURLToPath(new URL('..', import.meta.url));

export interface SiteServerOptions {
  port: number;
  hostname: string;
  /** The project folder (holds next.config.mjs and the build); defaults to this repository. */
  dir?: string;
  timeouts?: ServerTimeouts;
  /** Proxies we run in front of the site; defaults to TRUST_PROXY. */
  trustedHops?: number;
  /** This instance's page store; defaults to PAGE_STORE and PAGE_STORE_MB. */
  pageStore?: PageStoreSettings;
  /** Resized pictures one client may have made per minute; defaults to IMAGE_MISSES_PER_MINUTE. */
  imageMissesPerMinute?: number;
}

export interface RunningSite {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export async function startSiteServer(options: SiteServerOptions): Promise<RunningSite> {
  const timeouts = options.timeouts ?? readTimeouts(process.env);
  const projectDir = options.dir ?? PROJECT_DIR;
  const app = next({ dev: false, dir: projectDir, hostname: options.hostname, port: options.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const trustedHops = options.trustedHops ?? readTrustedHops(process.env);
  const headers = baselineSecurityHeaders(false);
  // The build folder as next.config.mjs names it (NEXT_DIST_DIR lets a second build sit beside).
  const staticFiles = createStaticFiles(
    path.join(projectDir, process.env.NEXT_DIST_DIR || '.next'),
    headers,
    path.join(projectDir, 'public'),
  );
  const storeSettings = options.pageStore ?? readPageStoreSettings(process.env);
  const brand = siteBrandFingerprint(process.env);
  const pageCache = createPageCache({
    store: storeSettings.enabled ? new PageStore(storeSettings.maxBytes) : null,
    maxAgeMs: DEFAULT_PAGE_MAX_AGE_MS,
    brand: () => brand,
  });
  // Resized pictures are kept under the same switch, in a store of their own of the same size.
  const images = storeSettings.enabled
    ? createImageAnswers({ maxBytes: storeSettings.maxBytes, maxAgeMs: DEFAULT_PAGE_MAX_AGE_MS })
    : null;

  const imageMisses = createImageMissLimit({
    perMinute: options.imageMissesPerMinute ?? readImageMissesPerMinute(process.env),
    trustedHops,
  });

  const setSecurityHeaders = (res: ServerResponse) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  };

  const screen = createRequestScreen({
    routerStateCheck: loadRouterStateCheck(projectDir),
    partnerApi: partnerApiAddresses(process.env),
    setSecurityHeaders,
  });
  const cleanHeaders = createRequestHeaderCleaner(trustedHops);

  /**
   * A stored answer, a static file or a kept picture is sent from here, synchronously: no
   * promise is made for it, and with the async hooks Next.js keeps on, each one has a cost.
   */
  function listener(req: IncomingMessage, res: ServerResponse): void {
    timeRequest(res);
    if (screen(req, res)) return;
    cleanHeaders(req);
    // Here every page request passes, stored or rendered, with its landing address whole.
    countCampaignVisit({
      method: req.method,
      url: req.url,
      userAgent: req.headers['user-agent'],
      routerRequest: req.headers.rsc !== undefined,
    });
    try {
      // A stored answer carries the security headers it was rendered with, a static file too.
      if (staticFiles.serve(req, res) || pageCache.serveStored(req, res) || images?.serveKept(req, res))
        return;
    } catch (err) {
      return fail(res, err);
    }
    // A picture to resize, past what this client may ask for in a minute: see image-miss-limit.ts.
    const wait = (req.url ?? '').startsWith('/_next/image?') ? imageMisses.admit(req) : null;
    if (wait !== null) {
      setSecurityHeaders(res);
      return refuseImageFlood(res, wait);
    }
    void answer(req, res);
  }

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const status: PageStatus = {};
    // The partner calls a render starts count against its client's share (client-scope.ts): its
    // address and browser mark. An answer from the page store renders nothing, so it reads neither.
    const render = () =>
      withRequestContext(
        {
          client: nodeClientAddressKey(req.headers, trustedHops),
          visitor: visitorFromCookies(req.headers.cookie),
          pageStatus: status,
        },
        () => handle(req, res),
      );
    try {
      setSecurityHeaders(res);
      answerMarkedPages(req, res, status);
      if (await pageCache.serve(req, res, status, render)) return;
      images?.keepAnswer(req, res);
      await render();
    } catch (err) {
      fail(res, err);
    }
  }

  function fail(res: ServerResponse, err: unknown): void {
    serverLogger().error({ err: failureOf(err) }, 'request failed');
    if (!res.headersSent) {
      setSecurityHeaders(res);
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    }
    res.end();
  }

  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      // How often Node looks for connections past those limits (its default is every 30 s).
      connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
    },
    listener,
  );
  server.keepAliveTimeout = timeouts.keepAliveMs;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.hostname, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.hostname.includes(':') ? `[${options.hostname}]` : options.hostname}:${port}`;
  // What `next start` sets once listening: Next.js reads them for absolute URLs it builds itself.
  process.env.PORT = String(port);
  process.env.__NEXT_PRIVATE_ORIGIN = url;
  return {
    server,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
