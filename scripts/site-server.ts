/**
 * The site's HTTP server in production: Next.js's own request handler behind a node:http server
 * this file configures. `npm start`, the browser tests, the fleet and the benchmark all start the
 * site with it (`tsx scripts/site-server.ts -p <port> -H <host>`), so what they test is what runs.
 *
 * It adds what `next start` cannot:
 * - explicit timeouts, so a client that trickles its headers or body cannot hold a connection
 *   for minutes (Node's defaults are 60 s for headers and 300 s for a request);
 * - the security headers on every answer, also those no page or proxy sets (JSON, 404s for
 *   paths outside the proxy, static files);
 * - a 400 for a path that is not valid percent-encoding (`/%ff`), which Next.js's router
 *   otherwise answers with a bare 500.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import next from 'next';
import { baselineSecurityHeaders } from '../lib/security-headers';

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

/** True when the path (not the query) of a request target is not valid percent-encoding. */
export function hasMalformedPath(target: string | undefined): boolean {
  const raw = target ?? '/';
  const query = raw.indexOf('?');
  try {
    decodeURIComponent(query < 0 ? raw : raw.slice(0, query));
    return false;
  } catch {
    return true;
  }
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

function refuseBadPath(req: IncomingMessage, res: ServerResponse): void {
  const api = (req.url ?? '').startsWith('/api/');
  const body = api
    ? JSON.stringify({ type: 'about:blank', title: 'The request is not valid.', status: 400, code: 'invalid_path' })
    : BAD_PATH_PAGE;
  res.writeHead(400, {
    'content-type': api ? 'application/problem+json' : 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** One JSON line, like the site's own log, so the stream stays machine-readable. */
function log(level: 'info' | 'error', msg: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level: level === 'info' ? 30 : 50, time: Date.now(), msg, ...fields });
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
}

export interface SiteServerOptions {
  port: number;
  hostname: string;
  /** The project folder (holds next.config.mjs and the build); defaults to this repository. */
  dir?: string;
  timeouts?: ServerTimeouts;
}

export interface RunningSite {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export async function startSiteServer(options: SiteServerOptions): Promise<RunningSite> {
  const timeouts = options.timeouts ?? readTimeouts(process.env);
  const app = next({ dev: false, dir: options.dir ?? path.resolve(__dirname, '..'), hostname: options.hostname, port: options.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const headers = baselineSecurityHeaders(false);

  async function listener(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (hasMalformedPath(req.url)) return refuseBadPath(req, res);
    try {
      await handle(req, res);
    } catch (err) {
      log('error', 'request failed', { err: err instanceof Error ? { name: err.name, message: err.message } : 'unknown' });
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      }
      res.end();
    }
  }

  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      // How often Node looks for connections past those limits (its default is every 30 s).
      connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
    },
    (req, res) => void listener(req, res),
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
  main().catch((err: unknown) => {
    log('error', 'site failed to start', { err: err instanceof Error ? { name: err.name, message: err.message } : 'unknown' });
    process.exit(1);
  });
}
