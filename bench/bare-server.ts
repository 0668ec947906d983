/**
 * The benchmark's yardstick: a bare `node:http` server on loopback that answers recorded paths
 * with recorded bytes and headers, and does nothing else. It runs in its own process, started
 * the same way as the site (`tsx`), so the two are measured from the same autocannon process on
 * equal terms.
 *
 * `tsx bench/bare-server.ts <answers.json> <port>`: answers.json is a list of
 * { path, status, headers, body (base64) }; any other path is a 404.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export interface RecordedAnswer {
  readonly path: string;
  readonly status: number;
  readonly headers: Record<string, string>;
  /** The body exactly as it came over the wire (still compressed if it was), base64. */
  readonly body: string;
}

function serve(file: string, port: number): void {
  const answers = new Map<
    string,
    { status: number; headers: Record<string, string | number>; body: Buffer }
  >();
  for (const answer of JSON.parse(readFileSync(file, 'utf8')) as RecordedAnswer[]) {
    const body = Buffer.from(answer.body, 'base64');
    answers.set(answer.path, {
      status: answer.status,
      headers: { ...answer.headers, 'content-length': body.length },
      body,
    });
  }
  const server = createServer((req, res) => {
    const answer = answers.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404, { 'content-length': 0 });
      res.end();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(req.method === 'HEAD' ? undefined : answer.body);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, '127.0.0.1', () => process.stdout.write(`listening ${port}\n`));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

if (process.argv[2] && process.argv[3]) serve(process.argv[2], Number(process.argv[3]));
