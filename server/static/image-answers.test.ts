import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createImageAnswers, publicMaxAge, type ImageAnswers } from './image-answers';

/**
 * The site server's memory of resized pictures, in front of a stand-in for Next.js's image
 * optimizer that counts what reaches it and answers as the test says.
 */

const WEBP = 'image/avif,image/webp,image/apng,*/*;q=0.8';
const PICTURE = '/_next/image?url=https%3A%2F%2Fpictures.example%2F1.png&w=640&q=75';

interface Made {
  status?: number;
  headers?: Record<string, string>;
  body?: Buffer;
}

interface Harness {
  answers: ImageAnswers;
  reached: string[];
  clock: { now: number };
  ask(
    target: string,
    headers?: Record<string, string>,
    method?: string,
  ): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>;
}

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** `make` stands for Next.js: what it answers for each request that reaches it. */
async function start(make: (url: string, accept: string) => Made, maxBytes = 1024 * 1024): Promise<Harness> {
  const clock = { now: 1_000_000 };
  const answers = createImageAnswers({ maxBytes, maxAgeMs: 10 * 60 * 1000, now: () => clock.now });
  const reached: string[] = [];
  server = createServer((req, res) => {
    if (answers.serveKept(req, res)) return;
    res.setHeader('x-frame-options', 'DENY');
    answers.keepAnswer(req, res);
    reached.push(req.url ?? '');
    const made = make(req.url ?? '', String(req.headers.accept ?? ''));
    for (const [name, value] of Object.entries(made.headers ?? {})) res.setHeader(name, value);
    res.statusCode = made.status ?? 200;
    // Written in two parts, as a stream would.
    const body = made.body ?? Buffer.alloc(0);
    res.write(body.subarray(0, 10));
    res.end(body.subarray(10));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const ask: Harness['ask'] = (target, headers = {}, method = 'GET') =>
    new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: target, method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  return { answers, reached, clock, ask };
}

const picture = (size: number, fill: number) => Buffer.alloc(size, fill);

function webp(body: Buffer, extra: Record<string, string> = {}): Made {
  return {
    headers: {
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=86400, must-revalidate',
      etag: 'abc123',
      vary: 'Accept',
      'content-security-policy': "script-src 'none'; sandbox;",
      'x-nextjs-cache': 'MISS',
      ...extra,
    },
    body,
  };
}

describe('resized pictures kept in memory', () => {
  it('answers the same picture for the same Accept from memory, with the bytes and headers the optimizer sent', async () => {
    const body = picture(5000, 7);
    const site = await start(() => webp(body));
    const first = await site.ask(PICTURE, { accept: WEBP });
    const second = await site.ask(PICTURE, { accept: WEBP });
    expect(site.reached).toHaveLength(1);
    expect(second.status).toBe(200);
    expect(second.body.equals(body)).toBe(true);
    expect(first.body.equals(body)).toBe(true);
    for (const name of [
      'content-type',
      'cache-control',
      'etag',
      'vary',
      'content-security-policy',
      'x-frame-options',
    ]) {
      expect(second.headers[name], name).toBe(first.headers[name]);
    }
    expect(Number(second.headers['content-length'])).toBe(body.length);
    // Next.js's word on its own cache described the first answer only.
    expect(second.headers['x-nextjs-cache']).toBeUndefined();

    // Another Accept may get another format from the optimizer: it is asked again.
    await site.ask(PICTURE, { accept: 'image/png,*/*' });
    expect(site.reached).toHaveLength(2);
  });

  it('answers 304 from memory to a browser holding the same picture, and HEAD with no body', async () => {
    const site = await start(() => webp(picture(3000, 1)));
    await site.ask(PICTURE, { accept: WEBP });
    const again = await site.ask(PICTURE, { accept: WEBP, 'if-none-match': 'abc123' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await site.ask(PICTURE, { accept: WEBP }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(site.reached).toHaveLength(1);
  });

  it("passes on the optimizer's own 304 as it is, without a content length the picture does not have", async () => {
    const site = await start((_url, accept) =>
      accept.includes('held') ? { status: 304, headers: { etag: 'abc123' } } : webp(picture(3000, 5)),
    );
    const answer = await site.ask(PICTURE, { accept: 'image/webp;held', 'if-none-match': 'abc123' });
    expect(answer.status).toBe(304);
    expect(answer.headers['content-length']).toBeUndefined();
    expect(answer.headers.etag).toBe('abc123');
    expect(site.answers.bytes).toBe(0);
  });

  it('keeps nothing that is not a complete public picture: errors, private or no-store answers, other types, cookies', async () => {
    const cases: Record<string, Made> = {
      '&case=error': {
        status: 400,
        headers: { 'content-type': 'text/plain' },
        body: Buffer.from('"w" parameter (width) of 641 is not allowed'),
      },
      '&case=private': webp(picture(2000, 2), { 'cache-control': 'private, max-age=600' }),
      '&case=nostore': webp(picture(2000, 2), { 'cache-control': 'public, no-store' }),
      '&case=noage': webp(picture(2000, 2), { 'cache-control': 'public' }),
      '&case=type': {
        headers: { 'content-type': 'text/html', 'cache-control': 'public, max-age=600' },
        body: Buffer.from('<p>not a picture</p>'),
      },
      '&case=cookie': webp(picture(2000, 2), { 'set-cookie': 'a=b' }),
      '&case=empty': webp(Buffer.alloc(0)),
    };
    const site = await start((url) => cases[url.slice(url.indexOf('&case='))]!);
    for (const [suffix, made] of Object.entries(cases)) {
      const first = await site.ask(PICTURE + suffix, { accept: WEBP });
      expect(first.status, suffix).toBe(made.status ?? 200);
      expect(first.body.equals(made.body ?? Buffer.alloc(0)), suffix).toBe(true);
      await site.ask(PICTURE + suffix, { accept: WEBP });
    }
    expect(site.reached).toHaveLength(2 * Object.keys(cases).length);
    expect(site.answers.bytes).toBe(0);
  });

  it('keeps a picture no longer than its max-age, nor than the store allows', async () => {
    const site = await start((url) =>
      webp(picture(1000, 3), {
        'cache-control': url.includes('short') ? 'public, max-age=60' : 'public, max-age=86400',
      }),
    );
    await site.ask(`${PICTURE}&short`, { accept: WEBP });
    await site.ask(`${PICTURE}&long`, { accept: WEBP });
    site.clock.now += 61_000;
    await site.ask(`${PICTURE}&short`, { accept: WEBP });
    await site.ask(`${PICTURE}&long`, { accept: WEBP });
    expect(site.reached).toEqual([`${PICTURE}&short`, `${PICTURE}&long`, `${PICTURE}&short`]);
    // Ten minutes at most, whatever the picture's own age.
    site.clock.now += 10 * 60 * 1000;
    await site.ask(`${PICTURE}&long`, { accept: WEBP });
    expect(site.reached).toHaveLength(4);
  });

  it('is bounded in bytes: the least recently used picture goes first', async () => {
    const site = await start((url) => webp(picture(400, url.length)), 1000);
    const [a, b, c] = ['&n=a', '&n=b', '&n=c'].map((n) => PICTURE + n);
    await site.ask(a!, { accept: WEBP });
    await site.ask(b!, { accept: WEBP });
    await site.ask(a!, { accept: WEBP }); // a is now the more recently used
    await site.ask(c!, { accept: WEBP }); // 1200 bytes: b goes
    expect(site.answers.bytes).toBe(800);
    await site.ask(a!, { accept: WEBP });
    await site.ask(b!, { accept: WEBP });
    expect(site.reached).toEqual([a, b, c, b]);
  });

  it('leaves everything but GET and HEAD of /_next/image to the framework, untouched', async () => {
    const site = await start(() => webp(picture(500, 4)));
    for (const [target, method] of [
      ['/_next/imagex?url=a', 'GET'],
      ['/en/search', 'GET'],
      [PICTURE, 'POST'],
    ] as const) {
      await site.ask(target, { accept: WEBP }, method);
      await site.ask(target, { accept: WEBP }, method);
    }
    expect(site.reached).toHaveLength(6);
  });
});

describe('publicMaxAge', () => {
  it.each([
    ['public, max-age=86400, must-revalidate', 86400],
    ['Public, Max-Age=60', 60],
    ['max-age=60', 0],
    ['public, max-age=0', 0],
    ['public, max-age=abc', 0],
    ['public, private, max-age=60', 0],
    [undefined, 0],
  ])('%s gives %d', (header, seconds) => {
    expect(publicMaxAge(header)).toBe(seconds);
  });
});
