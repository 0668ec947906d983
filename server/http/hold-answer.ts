import type { ServerResponse } from 'node:http';

/*
 * Holding back an answer Next.js writes, to keep it (server/page-store/serve.ts keeps pages and
 * search answers, server/static/image-answers.ts resized pictures) and send it once it is complete.
 */

type WriteCallback = (err?: Error | null) => void;

/**
 * Whether an answer with this status has content. A 204 or 304 has none, and must not say it
 * has 0 bytes either: a 304's Content-Length, if sent, is the length of the picture or page the
 * browser already holds, and a cache in front would take 0 for it.
 */
function carriesContent(status: number): boolean {
  return status >= 200 && status !== 204 && status !== 304;
}

/**
 * Sends a held answer in one piece, with its length (none for an answer without content).
 * `headOnly`: the length is given, the bytes are not sent (a HEAD request).
 */
export type SendHeld = (status: number, body: Buffer, headOnly?: boolean) => void;

function chunkToBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return Buffer.alloc(0);
}

/**
 * Holds back everything Next.js writes to `res` and hands it to `finish` when Next.js ends the
 * answer; `finish` then sends it (or what it makes of it) with `send`, through the methods that
 * were there before.
 */
export function holdAnswer(
  res: ServerResponse,
  finish: (status: number, body: Buffer, send: SendHeld) => void,
): void {
  const writeHead = res.writeHead.bind(res);
  const end = res.end.bind(res) as (chunk?: unknown, cb?: () => void) => ServerResponse;
  const chunks: Buffer[] = [];
  let status: number | undefined;
  let ended = false;

  res.writeHead = ((code: number, ...rest: unknown[]) => {
    status = code;
    const headers = rest.find((arg) => typeof arg === 'object' && arg !== null);
    if (Array.isArray(headers)) {
      for (let i = 0; i + 1 < headers.length; i += 2)
        res.setHeader(String(headers[i]), headers[i + 1] as string);
    } else if (headers) {
      for (const [name, value] of Object.entries(headers))
        if (value !== undefined) res.setHeader(name, value as string);
    }
    return res;
  }) as ServerResponse['writeHead'];
  res.flushHeaders = () => undefined;
  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    chunks.push(chunkToBuffer(chunk, encoding));
    const callback = (typeof encoding === 'function' ? encoding : cb) as WriteCallback | undefined;
    if (callback) process.nextTick(callback);
    return true;
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    if (ended) return res;
    ended = true;
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
      chunks.push(chunkToBuffer(chunk, encoding));
    const callback = [chunk, encoding, cb].find((arg) => typeof arg === 'function') as
      (() => void) | undefined;
    finish(status ?? res.statusCode, Buffer.concat(chunks), (code, body, headOnly = false) => {
      const content = carriesContent(code);
      res.removeHeader('transfer-encoding');
      if (content) res.setHeader('content-length', body.length);
      writeHead(code);
      end(headOnly || !content ? undefined : body, callback);
    });
    return res;
  }) as ServerResponse['end'];
}
