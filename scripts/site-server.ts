/**
 * The site's HTTP server in production: Next.js's own request handler behind a node:http server
 * this file configures. `npm start`, the browser tests, the fleet and the benchmark all start the
 * site with it (`tsx scripts/site-server.ts -p <port> -H <host>`), so what they test is what runs.
 *
 * It adds what `next start` cannot:
 * - the whole configuration checked before Next.js starts, every problem told on a line of its
 *   own, and no server at all when there is one (see configurationProblems);
 * - explicit timeouts, so a client that trickles its headers or body cannot hold a connection
 *   for minutes (Node's defaults are 60 s for headers and 300 s for a request);
 * - the security headers on every answer, also those no page or proxy sets (JSON, 404s for
 *   paths outside the proxy, static files);
 * - a 400 for a path that is not valid percent-encoding (`/%ff`), which Next.js's router
 *   otherwise answers with a bare 500;
 * - a 400 for a client-side navigation whose router-state header cannot be parsed, which
 *   Next.js otherwise answers with a 500;
 * - the client's socket address in a request header no client can set, for the inbound limits
 *   (lib/http/client-address.ts);
 * - 503 with Retry-After for a page that shows the "booking service unavailable" notice, which
 *   the App Router cannot set itself (lib/http/page-status.ts);
 * - home, search and house pages with a hash-based content security policy instead of a nonce,
 *   so the same bytes can be served again, from this instance's page store while the partner
 *   answers they show are fresh, and by a shared cache in front (lib/page-cache/serve.ts);
 * - the build's static files and the route handlers it rendered for good (the icon sprite, the
 *   site icons) from memory, compressed once (gzip and brotli), instead of read and gzipped
 *   again for every request (lib/http/static-files.ts);
 * - resized pictures from memory once Next.js has made them (lib/http/image-answers.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import next from 'next';
import { SOCKET_ADDRESS_HEADER, nodeClientAddressKey } from '../lib/http/client-address';
import { runAsClient } from '../lib/upstream/client-scope';
import { runWithPageStatus, type PageStatus } from '../lib/http/page-status';
import { DEFAULT_PAGE_MAX_AGE_MS, createPageCache } from '../lib/page-cache/serve';
import { DEFAULT_PAGE_STORE_BYTES, PageStore } from '../lib/page-cache/page-store';
import { baselineSecurityHeaders, HASH_POLICY_REQUEST_HEADER } from '../lib/security-headers';
import { timeRequest } from '../lib/metrics/request-timing';
import { routeConsoleToJson, routeProcessWarningsToJson } from './json-console';
import { dropRequestHeaders } from '../lib/http/request-headers';
import { createStaticFiles } from '../lib/http/static-files';
import { createImageAnswers } from '../lib/http/image-answers';
import { createImageMissLimit, readImageMissesPerMinute } from '../lib/http/image-miss-limit';
import { imageTargets, isPartnerApiAddress, partnerApiAddresses } from '../lib/http/picture-sources';
import { refusedMethodAllow } from '../lib/http/api-methods';
import { checkSiteEnv } from '../lib/env-schema';
import { checkPartnerEnv } from '../lib/partner-api/env-schema';
import { loadPartnerProfile, PartnerProfileError, partnerProfileNotice } from '../lib/partner-api/profile';

export interface ServerTimeouts {
  /** Longest wait for a request's complete headers (slow-header attacks). */
  readonly headersMs: number;
  /** Longest wait for a complete request, body included (slow-body attacks). */
  readonly requestMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  readonly keepAliveMs: number;
}

/**
 * Requests here are small (the largest body is a guest form of a few kilobytes), so a client
 * that needs longer than this is broken or hostile. Keep-alive outlasts the 60 s idle timeout of
 * common load balancers, so the balancer, not the site, closes an idle connection and never
 * sends a request into one the site is closing.
 */
export const DEFAULT_TIMEOUTS: ServerTimeouts = { headersMs: 15_000, requestMs: 30_000, keepAliveMs: 65_000 };

const TIMEOUT_ENV: Record<keyof ServerTimeouts, string> = {
  headersMs: 'SERVER_HEADERS_TIMEOUT_MS',
  requestMs: 'SERVER_REQUEST_TIMEOUT_MS',
  keepAliveMs: 'SERVER_KEEP_ALIVE_TIMEOUT_MS',
};

export function readTimeouts(env: Record<string, string | undefined>): ServerTimeouts {
  const out: Record<string, number> = {};
  for (const [key, name] of Object.entries(TIMEOUT_ENV) as [keyof ServerTimeouts, string][]) {
    const raw = env[name];
    if (raw === undefined || raw === '') {
      out[key] = DEFAULT_TIMEOUTS[key];
      continue;
    }
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < 1000 || value > 600_000) {
      throw new Error(`Invalid site configuration: ${name} must be milliseconds between 1000 and 600000`);
    }
    out[key] = value;
  }
  return out as unknown as ServerTimeouts;
}

/**
 * True when the path (not the query) of a request target is not valid percent-encoding, or
 * encodes a control character (`/en/book/%00`): no address of the site has one, and Next.js's
 * router fails on some of them with a 500.
 */
export function hasMalformedPath(target: string | undefined): boolean {
  const raw = target ?? '/';
  // A target that is not a path (`*`, `en`, `x:y`): the site serves paths only.
  if (!raw.startsWith('/')) return true;
  const query = raw.indexOf('?');
  let decoded: string;
  try {
    decoded = decodeURIComponent(query < 0 ? raw : raw.slice(0, query));
  } catch {
    return true;
  }
  for (let i = 0; i < decoded.length; i++) {
    const code = decoded.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * A request target in absolute form (`GET http://host/path HTTP/1.1`, which proxies may send and
 * browsers never do), whatever its scheme, as its path and query. The site answers for SITE_URL
 * alone, and Next.js would otherwise build redirects to the host the target names (a 308 to any
 * site, `ftp:` and `ws:` ones included).
 */
export function originFormTarget(target: string | undefined): string | undefined {
  if (target === undefined || target.startsWith('/') || !/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) return target;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return '/';
  }
}

/**
 * The path with its percent-encoded letters, digits and `-._~` spelt plainly, as RFC 3986 says
 * they mean the same (`/%65n/help` is `/en/help`). Next.js reads such a path as an address outside
 * the site and proxies the request to this very server, a second full pass per request that also
 * piles listeners on the answer; spelt plainly, it is one request like any other, with one page
 * store key. Other escapes (`%2F`, `%20`, non-ASCII) stay as they are; the query is not touched.
 */
export function plainUnreserved(target: string | undefined): string | undefined {
  if (target === undefined || !target.includes('%')) return target;
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  const plain = path.replace(/%([0-9A-Fa-f]{2})/g, (escape: string, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : escape;
  });
  return query < 0 ? plain : plain + target.slice(query);
}

/** TRUST_PROXY: how many proxies we run in front of the site (lib/http/client-address.ts). */
export function readTrustedHops(env: Record<string, string | undefined>): number {
  const raw = env.TRUST_PROXY ?? '';
  if (raw === '') return 0;
  if (!/^[0-5]$/.test(raw))
    throw new Error('Invalid site configuration: TRUST_PROXY must be a number of proxies from 0 to 5');
  return Number(raw);
}

export interface PageStoreSettings {
  /** false: no page is kept in this process (shared caches may still keep them). */
  readonly enabled: boolean;
  readonly maxBytes: number;
}

/** PAGE_STORE=off turns this instance's page store off; PAGE_STORE_MB sizes it (default 32). */
export function readPageStoreSettings(env: Record<string, string | undefined>): PageStoreSettings {
  const mode = env.PAGE_STORE ?? '';
  if (mode !== '' && mode !== 'on' && mode !== 'off') {
    throw new Error('Invalid site configuration: PAGE_STORE must be on or off');
  }
  const megabytes = env.PAGE_STORE_MB ?? '';
  if (megabytes !== '' && (!/^\d+$/.test(megabytes) || Number(megabytes) < 1 || Number(megabytes) > 4096)) {
    throw new Error('Invalid site configuration: PAGE_STORE_MB must be megabytes between 1 and 4096');
  }
  return {
    enabled: mode !== 'off',
    maxBytes: megabytes === '' ? DEFAULT_PAGE_STORE_BYTES : Number(megabytes) * 1024 * 1024,
  };
}

const INVALID = 'Invalid site configuration: ';

/** The variable a problem is about: the first word after the prefix. */
function variableOf(problem: string): string {
  return (
    /^[A-Z][A-Z0-9_]*/.exec(problem.startsWith(INVALID) ? problem.slice(INVALID.length) : problem)?.[0] ?? ''
  );
}

/**
 * Everything wrong with the configuration, one line a problem naming the variable and what is
 * wrong (never its value, which may be a secret); empty when the site can start. This server's
 * own settings, the site's and the partner's variables (lib/env-schema.ts,
 * lib/partner-api/env-schema.ts) and the partner profile, all before Next.js starts: Next.js
 * checks the last ones in its instrumentation hook, and a failure there only logs and leaves a
 * server that answers every request with a 500. A variable this server reads itself is told once,
 * in this server's words.
 */
export function configurationProblems(env: Record<string, string | undefined>): string[] {
  const own: string[] = [];
  const attempt = (read: () => unknown) => {
    try {
      read();
    } catch (err) {
      own.push(err instanceof Error ? err.message : String(err));
    }
  };
  // One variable at a time, as each reader stops at the first problem it finds.
  for (const name of Object.values(TIMEOUT_ENV)) attempt(() => readTimeouts({ [name]: env[name] }));
  attempt(() => readTrustedHops(env));
  attempt(() => readPageStoreSettings({ PAGE_STORE: env.PAGE_STORE }));
  attempt(() => readPageStoreSettings({ PAGE_STORE_MB: env.PAGE_STORE_MB }));
  attempt(() => readImageMissesPerMinute(env));

  const site = checkSiteEnv(env);
  const partner = checkPartnerEnv(env);
  const others = [...(site.ok ? [] : site.problems), ...(partner.ok ? [] : partner.problems)];
  try {
    loadPartnerProfile({
      PARTNER_PROFILE: env.PARTNER_PROFILE,
      PARTNER_PATHS: env.PARTNER_PATHS,
      PARTNER_API_URL: env.PARTNER_API_URL,
    });
  } catch (err) {
    if (!(err instanceof PartnerProfileError)) throw err;
    others.push(...err.problems);
  }
  const told = new Set(own.map(variableOf));
  return [
    ...own,
    ...others.filter((problem) => !told.has(variableOf(problem))).map((problem) => INVALID + problem),
  ];
}

/**
 * A configuration that starts but will fail guests in a way no single variable shows. In sandbox
 * mode each instance makes up its own session secret: instances that share a store (REDIS_URL)
 * then cannot open each other's booking cookies, and a booking whose steps land on two of them
 * is lost ("no reservation to confirm"). In partner mode without PARTNER_PROFILE the site speaks
 * the documented profile, which only the partner check can confirm.
 */
export function configurationWarnings(env: Record<string, string | undefined>): string[] {
  const warnings =
    env.REDIS_URL && !env.SESSION_SECRET
      ? [
          'REDIS_URL is set without SESSION_SECRET: every instance seals the booking cookie with a secret of its own, so a booking whose steps reach two instances fails; give them all the same SESSION_SECRET',
        ]
      : [];
  const profile = partnerProfileNotice(env);
  return profile === null ? warnings : [...warnings, profile];
}

/**
 * The .env files Next.js would load (.env.production.local, .env.local, .env.production, .env),
 * into process.env before the configuration is checked, so the check sees what the site will run
 * with. It is Next.js's own loader, which loads them once: Next.js finds them loaded when it starts.
 */
function loadEnvFiles(projectDir: string): void {
  const nextDir = path.dirname(
    createRequire(path.join(projectDir, 'package.json')).resolve('next/package.json'),
  );
  const { loadEnvConfig } = createRequire(path.join(nextDir, 'package.json'))('@next/env') as {
    loadEnvConfig(dir: string, dev: boolean): unknown;
  };
  loadEnvConfig(projectDir, false);
}

const FORWARDING_HEADERS: ReadonlySet<string> = new Set([
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
]);

/**
 * What the site does to every request's headers before anything answers it. Removed, from the
 * raw headers too and in one pass over them:
 * - with no proxy of ours in front of the site, the forwarding headers, since the client wrote
 *   them itself: Next.js then fills in its own from the connection. A forged
 *   `X-Forwarded-Proto: https` otherwise makes Next.js take some of its own rewrites for another
 *   origin's and proxy them to itself over TLS, which fails with a 500;
 * - SOCKET_ADDRESS_HEADER, which is then set to the connection's real peer;
 * - the page cache's request for a page without a nonce: only the page cache asks for one.
 * The set of names is made once, for the server's TRUST_PROXY.
 */
export function createRequestHeaderCleaner(trustedHops: number): (req: IncomingMessage) => void {
  const names = new Set([SOCKET_ADDRESS_HEADER, HASH_POLICY_REQUEST_HEADER]);
  if (trustedHops === 0) for (const name of FORWARDING_HEADERS) names.add(name);
  return (req) => {
    dropRequestHeaders(req, names);
    const address = req.socket.remoteAddress;
    if (address) req.headers[SOCKET_ADDRESS_HEADER] = address;
  };
}

const BAD_PATH_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>400</title></head><body>
<h1 lang="nl">Dit adres bestaat niet</h1>
<p lang="en">This address is not valid.</p>
<p lang="de">Diese Adresse ist ungültig.</p>
<p lang="fr">Cette adresse n’est pas valide.</p>
<p><a href="/">Home</a></p>
</body></html>
`;

/**
 * A request for a whole HTML page. A client-side navigation fetches the same page as an RSC
 * payload (the `rsc` header); that one keeps its 200, since the router would answer a 503 by
 * loading the whole page again, which asks the unavailable partner a second time.
 */
function isDocumentRequest(req: IncomingMessage): boolean {
  const target = req.url ?? '/';
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    req.headers.rsc === undefined &&
    !target.startsWith('/api/') &&
    !target.startsWith('/_next/')
  );
}

/**
 * When Next.js writes the status line of a page that marked itself unavailable, sends 503 with
 * Retry-After instead of its 200; of a page that marked itself not found, 404. Next.js writes the
 * line implicitly, on the first byte of the body, through `writeHead`, so wrapping it catches
 * every way it does.
 */
function answerMarkedPages(req: IncomingMessage, res: ServerResponse, status: PageStatus): void {
  if (!isDocumentRequest(req)) return;
  const writeHead = res.writeHead.bind(res) as (code: number, ...rest: unknown[]) => ServerResponse;
  res.writeHead = ((code: number, ...rest: unknown[]) => {
    if (code === 200 && status.notFound) {
      res.setHeader('cache-control', 'no-store');
      return writeHead(404, ...rest.filter((arg) => typeof arg !== 'string'));
    }
    const seconds = status.unavailableRetryAfterSeconds;
    if (code !== 200 || seconds === undefined) return writeHead(code, ...rest);
    res.setHeader('retry-after', String(seconds));
    res.setHeader('cache-control', 'no-store');
    // Drop a status message written for the 200 ("OK"); keep a headers object.
    return writeHead(503, ...rest.filter((arg) => typeof arg !== 'string'));
  }) as ServerResponse['writeHead'];
}

type RouterStateCheck = (header: string) => unknown;

/**
 * The check Next.js itself runs on the `next-router-state-tree` header of a client-side
 * navigation, which throws (and so answers 500) when a client sends one it cannot parse. Should
 * a Next.js release move it, a plain parse stands in: the header is URI-encoded JSON, an array.
 */
export function loadRouterStateCheck(dir: string): RouterStateCheck {
  try {
    const nextInternal = createRequire(path.join(dir, 'package.json'))(
      'next/dist/server/app-render/parse-and-validate-flight-router-state',
    ) as { parseAndValidateFlightRouterState?: RouterStateCheck };
    if (typeof nextInternal.parseAndValidateFlightRouterState === 'function') {
      return nextInternal.parseAndValidateFlightRouterState;
    }
  } catch {
    // fall through to the plain parse
  }
  return (header) => {
    const state: unknown = JSON.parse(decodeURIComponent(header));
    if (header.length > 40_000 || !Array.isArray(state)) throw new Error('invalid router state');
    return state;
  };
}

/** True when a request carries a router-state header that Next.js would fail on. */
export function hasMalformedRouterState(req: IncomingMessage, check: RouterStateCheck): boolean {
  const header = req.headers['next-router-state-tree'];
  if (header === undefined) return false;
  try {
    check(Array.isArray(header) ? header.join(',') : header);
    return false;
  } catch {
    return true;
  }
}

/**
 * A page is only ever read (GET, HEAD) or sent a server action, which carries the `next-action`
 * header. Anything else sent to a page is refused here: Next.js would take a form-encoded POST
 * for a form's server action without JavaScript, which this site has none of, and fail on it
 * with a 500.
 */
export function isPageWriteWithoutAction(req: IncomingMessage): boolean {
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return false;
  const url = req.url ?? '/';
  if (/^\/api(?:[/?]|$)/.test(url) || url.startsWith('/_next/')) return false;
  return req.headers['next-action'] === undefined;
}

function refuseMethod(req: IncomingMessage, res: ServerResponse): void {
  const body = 'Method not allowed.';
  res.writeHead(405, {
    allow: 'GET, HEAD',
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** A JSON route asked with a method it does not take: a problem that says which ones it does. */
function refuseApiMethod(req: IncomingMessage, res: ServerResponse, allow: string): void {
  const body = JSON.stringify({
    type: 'about:blank',
    title: 'This address does not take this method.',
    status: 405,
    code: 'method_not_allowed',
  });
  res.writeHead(405, {
    allow,
    'content-type': 'application/problem+json',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function refuseBadRequest(
  req: IncomingMessage,
  res: ServerResponse,
  code: 'invalid_path' | 'invalid_request' | 'invalid_image_url',
): void {
  const api = (req.url ?? '').startsWith('/api/') || code === 'invalid_image_url';
  const body = api
    ? JSON.stringify({ type: 'about:blank', title: 'The request is not valid.', status: 400, code })
    : BAD_PATH_PAGE;
  res.writeHead(400, {
    'content-type': api ? 'application/problem+json' : 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** One JSON line, like the site's own log, so the stream stays machine-readable. */
const LEVELS = { info: 30, warn: 40, error: 50 } as const;

function log(level: keyof typeof LEVELS, msg: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level: LEVELS[level], time: Date.now(), msg, ...fields });
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
}

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
  const projectDir = options.dir ?? path.resolve(__dirname, '..');
  const app = next({ dev: false, dir: projectDir, hostname: options.hostname, port: options.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const routerStateCheck = loadRouterStateCheck(projectDir);
  const trustedHops = options.trustedHops ?? readTrustedHops(process.env);
  const headers = baselineSecurityHeaders(false);
  // The build folder as next.config.mjs names it (NEXT_DIST_DIR lets a second build sit beside).
  const staticFiles = createStaticFiles(
    path.join(projectDir, process.env.NEXT_DIST_DIR || '.next'),
    headers,
    path.join(projectDir, 'public'),
  );
  const storeSettings = options.pageStore ?? readPageStoreSettings(process.env);
  const pageCache = createPageCache({
    store: storeSettings.enabled ? new PageStore(storeSettings.maxBytes) : null,
    maxAgeMs: DEFAULT_PAGE_MAX_AGE_MS,
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

  const cleanHeaders = createRequestHeaderCleaner(trustedHops);
  const partnerApi = partnerApiAddresses(process.env);

  /**
   * A stored answer, a static file or a kept picture is sent from here, synchronously: no
   * promise is made for it, and with the async hooks Next.js keeps on, each one has a cost.
   */
  function listener(req: IncomingMessage, res: ServerResponse): void {
    timeRequest(res);
    req.url = plainUnreserved(originFormTarget(req.url));
    const malformed = hasMalformedPath(req.url)
      ? 'invalid_path'
      : hasMalformedRouterState(req, routerStateCheck)
        ? 'invalid_request'
        : imageTargets(req.url).some((target) => isPartnerApiAddress(target, partnerApi))
          ? 'invalid_image_url'
          : null;
    if (malformed || isPageWriteWithoutAction(req)) {
      setSecurityHeaders(res);
      return malformed ? refuseBadRequest(req, res, malformed) : refuseMethod(req, res);
    }
    const allow = refusedMethodAllow(req.method, req.url);
    if (allow !== null) {
      setSecurityHeaders(res);
      return refuseApiMethod(req, res, allow);
    }
    cleanHeaders(req);
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
      res.writeHead(429, {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
        'retry-after': String(wait),
      });
      return void res.end();
    }
    void answer(req, res);
  }

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const status: PageStatus = {};
    // The partner calls a render starts count against its client's share (client-scope.ts); an
    // answer from the page store renders nothing, so it does not read the client's address.
    const render = () =>
      runAsClient(nodeClientAddressKey(req.headers, trustedHops), () =>
        runWithPageStatus(status, () => handle(req, res)),
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
    log('error', 'request failed', {
      err: err instanceof Error ? { name: err.name, message: err.message } : 'unknown',
    });
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

function argument(args: string[], short: string, long: string): string | undefined {
  const at = args.findIndex((a) => a === short || a === long);
  return at >= 0 ? args[at + 1] : undefined;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const port = Number(argument(args, '-p', '--port') ?? process.env.PORT ?? 3000);
  const hostname = argument(args, '-H', '--hostname') ?? process.env.HOSTNAME ?? 'localhost';
  loadEnvFiles(path.resolve(__dirname, '..'));
  const problems = configurationProblems(process.env);
  if (problems.length > 0) {
    // Every problem on a line of its own, so all of them can be fixed before the next attempt.
    for (const message of problems)
      log('error', 'site failed to start', { err: { name: 'ConfigurationError', message } });
    process.exit(1);
  }
  for (const message of configurationWarnings(process.env)) log('warn', message);
  const timeouts = readTimeouts(process.env);
  const site = await startSiteServer({ port, hostname, timeouts });
  log('info', 'site listening', { url: site.url, timeouts });
  const stop = () => {
    void site.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (require.main === module) {
  // Like `next start`: the production build, whatever the calling shell has set.
  Object.assign(process.env, { NODE_ENV: 'production' });
  // Next.js prints through console and Node prints its warnings and crashes itself: each becomes
  // one JSON line, so everything this process writes is JSON (scripts/json-console.ts).
  routeConsoleToJson();
  routeProcessWarningsToJson();
  process.on('uncaughtException', (err: unknown) => {
    log('error', 'uncaught exception', {
      err: err instanceof Error ? { name: err.name, message: err.message } : 'unknown',
    });
    process.exit(1);
  });
  main().catch((err: unknown) => {
    log('error', 'site failed to start', {
      err: err instanceof Error ? { name: err.name, message: err.message } : 'unknown',
    });
    process.exit(1);
  });
}
