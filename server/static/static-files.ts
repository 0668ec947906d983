import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzipSync } from 'node:zlib';
import { acceptsCoding } from '../http/accept-encoding';

/*
 * The build's static files (/_next/static/…: scripts, styles, the icons) answered from memory,
 * compressed once. Next.js's own handler reads and gzips each of them again on every request:
 * on a busy two-core machine a page's dozen scripts and its stylesheet then wait on each other,
 * and the browser paints late. Their names carry a hash of their content, so they never change
 * while the site runs and every answer may be kept for a year.
 *
 * The same goes for the route handlers the build rendered once and for good (the prerender
 * manifest's routes without revalidation or page data: the icon sprite, the site icons). Next.js
 * answers those from its route cache, but at about ten times the work of a stored page (measured:
 * 9-10 ms of server time per request against 2 ms), and a first visit asks for two or three of
 * them. They keep the cache-control they were rendered with.
 *
 * The files of public/ (the brand's icons and logo) are answered the same way, with the
 * cache-control Next.js gives them: Next.js's handler answers a Range it cannot satisfy with a
 * 500, where these ignore Range and send the whole file, as HTTP allows.
 *
 * The files are read when the server starts; until one is in memory (and for anything else
 * under /_next/static) Next.js answers as before. The gzip form is made with the file, the
 * brotli form (smaller, slower to make) in the background, and used from then on.
 */

const PREFIX = '/_next/static/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** What Next.js sends with a public file: browsers revalidate it by its ETag. */
const PUBLIC_FILE = 'public, max-age=0';

const TYPES: Record<string, { type: string; compress: boolean }> = {
  '.js': { type: 'application/javascript; charset=UTF-8', compress: true },
  '.css': { type: 'text/css; charset=UTF-8', compress: true },
  '.json': { type: 'application/json; charset=UTF-8', compress: true },
  '.map': { type: 'application/json; charset=UTF-8', compress: true },
  '.txt': { type: 'text/plain; charset=UTF-8', compress: true },
  '.svg': { type: 'image/svg+xml', compress: true },
  '.ico': { type: 'image/x-icon', compress: false },
  '.png': { type: 'image/png', compress: false },
  '.webp': { type: 'image/webp', compress: false },
  '.woff2': { type: 'font/woff2', compress: false },
};

// Below this, compression saves less than the headers it adds.
const MIN_COMPRESS_BYTES = 1024;

interface StaticFile {
  readonly type: string;
  readonly cacheControl: string;
  readonly etag: string;
  readonly raw: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

export interface StaticFiles {
  /** Answers a GET or HEAD for a file it holds and returns true; otherwise leaves the request alone. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Settles once every file is in memory and every brotli form is made. */
  readonly ready: Promise<void>;
}

const brotli = promisify(brotliCompress);

/** The files under `dir`, at any depth; none when it cannot be read. Listing is quick; reading is not. */
function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

interface PrerenderedRoute {
  readonly initialRevalidateSeconds?: number | false;
  readonly srcRoute?: string | null;
  readonly dataRoute?: string | null;
  readonly initialStatus?: number;
  readonly initialHeaders?: Record<string, string>;
}

/**
 * The route handlers `next build` rendered for good: no revalidation, no page data (pages carry
 * a per-request nonce and are the page cache's business), not a dynamic route's instance, a
 * 200 with a content type. Paths as they are asked for, with their rendered bodies' files.
 */
function prerenderedRoutes(buildDir: string) {
  let routes: Record<string, PrerenderedRoute> = {};
  try {
    const manifest = JSON.parse(readFileSync(path.join(buildDir, 'prerender-manifest.json'), 'utf8'));
    routes = manifest?.routes ?? {};
  } catch {
    // No manifest (or not one this code understands): Next.js answers those routes itself.
  }
  return Object.entries(routes).flatMap(([route, entry]) => {
    const type = entry.initialHeaders?.['content-type'];
    const forGood =
      entry.initialRevalidateSeconds === false &&
      entry.dataRoute === null &&
      entry.srcRoute === route &&
      (entry.initialStatus ?? 200) === 200;
    // Plain path segments only: nothing the file name built from it could lead out of the folder.
    if (!forGood || !type || !/^(\/[\w-][\w.-]*)+$/.test(route)) return [];
    const cacheControl = entry.initialHeaders?.['cache-control'] ?? 'public, max-age=0, must-revalidate';
    return [
      {
        url: route,
        file: path.join(buildDir, 'server', 'app', `${route.slice(1)}.body`),
        type,
        cacheControl,
      },
    ];
  });
}

/**
 * @param buildDir the build's folder (.next): its static folder and its prerendered route handlers
 * @param securityHeaders the headers every answer of the site carries
 * @param publicDir the project's public/ folder, whose files are served at the site's root
 */
export function createStaticFiles(
  buildDir: string,
  securityHeaders: Record<string, string>,
  publicDir?: string,
): StaticFiles {
  const files = new Map<string, StaticFile>();
  const compressions: Promise<void>[] = [];

  function hold(url: string, raw: Buffer, type: string, cacheControl: string, compress: boolean): void {
    const entry: StaticFile = {
      type,
      cacheControl,
      etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
      raw,
    };
    if (compress && raw.length >= MIN_COMPRESS_BYTES) {
      entry.gzip = gzipSync(raw, { level: 9 });
      compressions.push(
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }).then((br) => {
          entry.br = br;
        }),
      );
    }
    files.set(url, entry);
  }

  // The few prerendered answers are read at once, so they are in memory before the server listens.
  for (const route of prerenderedRoutes(buildDir)) {
    let raw: Buffer;
    try {
      raw = readFileSync(route.file);
    } catch {
      continue;
    }
    const compress = TYPES[path.extname(route.url).toLowerCase()]?.compress ?? false;
    hold(route.url, raw, route.type, route.cacheControl, compress);
  }

  // So are the few small public files: a route of the same name wins, as it does in Next.js.
  for (const file of publicDir ? listFiles(publicDir) : []) {
    const kind = TYPES[path.extname(file).toLowerCase()];
    const url = `/${path.relative(publicDir!, file).split(path.sep).join('/')}`;
    if (kind && !files.has(url)) hold(url, readFileSync(file), kind.type, PUBLIC_FILE, kind.compress);
  }

  async function load(): Promise<void> {
    const dir = path.join(buildDir, 'static');
    for (const file of listFiles(dir)) {
      const kind = TYPES[path.extname(file).toLowerCase()];
      if (!kind) continue;
      const url = `${PREFIX}${path.relative(dir, file).split(path.sep).join('/')}`;
      hold(url, await readFile(file), kind.type, IMMUTABLE, kind.compress);
    }
    await Promise.all(compressions);
  }

  const ready = load();
  // A file that fails to load is left to Next.js; the server does not fail for it.
  ready.catch(() => {});

  return {
    ready,
    serve(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const target = req.url ?? '';
      const query = target.indexOf('?');
      const file = files.get(query === -1 ? target : target.slice(0, query));
      if (!file) return false;

      const headers: Record<string, string | number> = {
        ...securityHeaders,
        'content-type': file.type,
        'cache-control': file.cacheControl,
        etag: file.etag,
        vary: 'Accept-Encoding',
      };
      if (req.headers['if-none-match'] === file.etag) {
        res.writeHead(304, headers);
        res.end();
        return true;
      }
      const encoding = req.headers['accept-encoding'];
      const [coding, body] =
        file.br && acceptsCoding(encoding, 'br')
          ? (['br', file.br] as const)
          : file.gzip && acceptsCoding(encoding, 'gzip')
            ? (['gzip', file.gzip] as const)
            : ([null, file.raw] as const);
      if (coding) headers['content-encoding'] = coding;
      headers['content-length'] = body.length;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    },
  };
}
