import 'server-only';
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test support: a loopback server standing in for the partner, answering with `listener`. The
 * gateway is pointed at it (SANDBOX_URL) with its cache off, so each read reaches the server.
 */
export async function startFakePartner(listener: RequestListener): Promise<{ close(): Promise<void> }> {
  const server: Server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.SANDBOX_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.PARTNER_CACHE = 'off';
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** One request as the fake partner received it: method, path, query and JSON body. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

async function readAll(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A fake partner that records every request into `recorded` and answers each with the JSON
 * `answerFor` gives for its path: for tests of what the site sends on the wire.
 */
export async function startRecordingPartner(
  recorded: RecordedRequest[],
  answerFor: (path: string) => unknown,
): Promise<{ close(): Promise<void> }> {
  return startFakePartner((req, res) => {
    void readAll(req).then((text) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      recorded.push({
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: text === '' ? undefined : JSON.parse(text),
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answerFor(url.pathname)));
    });
  });
}
