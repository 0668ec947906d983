import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticFiles } from './static-files';

const SCRIPT = `console.log(${JSON.stringify('a chunk of the build '.repeat(200))});`;
const SPRITE = `<svg xmlns="http://www.w3.org/2000/svg">${'<symbol id="i"><path d="M0 0h24v24H0z"/></symbol>'.repeat(40)}</svg>`;
const HEADERS = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' };

/** What `next build` writes for answers it rendered once: route handlers, pages, one that expires. */
const PRERENDER_MANIFEST = {
  version: 4,
  routes: {
    '/icons.svg': {
      initialRevalidateSeconds: false,
      srcRoute: '/icons.svg',
      dataRoute: null,
      initialHeaders: {
        'cache-control': 'public, max-age=31536000, immutable',
        'content-type': 'image/svg+xml; charset=utf-8',
        'x-next-cache-tags': '_N_T_/layout,_N_T_/icons.svg',
      },
    },
    '/icon.svg': {
      initialRevalidateSeconds: false,
      srcRoute: '/icon.svg',
      dataRoute: null,
      initialHeaders: {
        'cache-control': 'public, max-age=0, must-revalidate',
        'content-type': 'image/svg+xml',
      },
    },
    '/feed.xml': {
      initialRevalidateSeconds: 60,
      srcRoute: '/feed.xml',
      dataRoute: null,
      initialHeaders: { 'content-type': 'application/xml' },
    },
    '/_global-error': {
      initialRevalidateSeconds: false,
      srcRoute: '/_global-error',
      dataRoute: '/_global-error.rsc',
    },
    '/gone.txt': {
      initialRevalidateSeconds: false,
      srcRoute: '/gone.txt',
      dataRoute: null,
      initialHeaders: {},
    },
  },
};

let dir: string;
let server: Server;
let port: number;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function ask(target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: target, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'static-files-'));
  const chunks = path.join(dir, 'static', 'chunks');
  const app = path.join(dir, 'server', 'app');
  mkdirSync(chunks, { recursive: true });
  mkdirSync(app, { recursive: true });
  writeFileSync(path.join(chunks, 'app-1a2b.js'), SCRIPT);
  writeFileSync(path.join(chunks, 'tiny.css'), 'a{color:red}');
  writeFileSync(path.join(chunks, 'notes.unknown'), 'not a type the site serves');
  writeFileSync(path.join(dir, 'secret.txt'), 'outside the static folder');
  writeFileSync(path.join(dir, 'prerender-manifest.json'), JSON.stringify(PRERENDER_MANIFEST));
  writeFileSync(path.join(app, 'icons.svg.body'), SPRITE);
  writeFileSync(path.join(app, 'icon.svg.body'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(app, 'feed.xml.body'), '<feed/>');
  writeFileSync(path.join(app, '_global-error.html'), '<html></html>');
  const files = createStaticFiles(dir, HEADERS);
  await files.ready;
  server = createServer((req, res) => {
    if (files.serve(req, res)) return;
    res.writeHead(418);
    res.end('left to the framework');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('static files from memory', () => {
  it('answers with brotli, gzip or the plain file, whichever the browser accepts, each the same script', async () => {
    const br = await ask('/_next/static/chunks/app-1a2b.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gzip = await ask('/_next/static/chunks/app-1a2b.js', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);

    const plain = await ask('/_next/static/chunks/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT));
  });

  it('says the file never changes, varies by encoding and carries every security header', async () => {
    const answer = await ask('/_next/static/chunks/app-1a2b.js?dpl=1', { 'accept-encoding': 'br' });
    expect(answer.headers).toMatchObject({
      'content-type': 'application/javascript; charset=UTF-8',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
      ...HEADERS,
    });
    expect(answer.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('answers 304 to a browser that holds the same file, and HEAD with no body', async () => {
    const first = await ask('/_next/static/chunks/app-1a2b.js');
    const again = await ask('/_next/static/chunks/app-1a2b.js', {
      'if-none-match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await ask('/_next/static/chunks/app-1a2b.js', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('gzip');
  });

  it('sends a file too small to gain from compression as it is', async () => {
    const answer = await ask('/_next/static/chunks/tiny.css', { 'accept-encoding': 'gzip, br' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toBe('text/css; charset=UTF-8');
    expect(answer.body.toString()).toBe('a{color:red}');
  });

  it('leaves everything else to the framework: other methods, paths, unknown files and types, a way out of the folder', async () => {
    for (const [target, method] of [
      ['/_next/static/chunks/app-1a2b.js', 'POST'],
      ['/_next/static/chunks/missing.js', 'GET'],
      ['/_next/static/chunks/notes.unknown', 'GET'],
      ['/_next/static/../secret.txt', 'GET'],
      ['/_next/static/chunks/../../secret.txt', 'GET'],
      ['/en/search', 'GET'],
      ['/feed.xml', 'GET'],
      ['/_global-error', 'GET'],
      ['/gone.txt', 'GET'],
      ['/icons.svg/', 'GET'],
      ['/icons.svg', 'DELETE'],
    ] as const) {
      const answer = await ask(target, {}, method);
      expect(answer.status, `${method} ${target}`).toBe(418);
    }
  });

  it('answers the route handlers the build rendered once and for good (the icon sprite, the site icon) with the headers they were rendered with', async () => {
    const sprite = await ask('/icons.svg?v=3f2a', { 'accept-encoding': 'gzip, deflate, br' });
    expect(sprite.status).toBe(200);
    expect(sprite.headers).toMatchObject({
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-encoding': 'br',
      vary: 'Accept-Encoding',
      ...HEADERS,
    });
    expect(brotliDecompressSync(sprite.body).toString()).toBe(SPRITE);
    // The framework's own bookkeeping stays inside the server.
    expect(sprite.headers['x-next-cache-tags']).toBeUndefined();

    const icon = await ask('/icon.svg?icon.9z8y.svg');
    expect(icon.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(icon.body.toString()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const again = await ask('/icon.svg', { 'if-none-match': String(icon.headers.etag) });
    expect(again.status).toBe(304);
  });
});
