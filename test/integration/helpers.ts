import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { replaceGateway } from '@/lib/partner-api/gateway';

/** Shared helpers for integration tests against the real sandbox on loopback. */

export interface Stats {
  calls: { total: number; byOperation: Record<string, number> };
  rateLimited: number;
  maxCallsInAnyMinute: number;
}

export function hooks(url: string) {
  return {
    async stats(): Promise<Stats> {
      return (await fetch(`${url}/__sandbox/stats`)).json() as Promise<Stats>;
    },
    async reset(): Promise<void> {
      await fetch(`${url}/__sandbox/reset`, { method: 'POST' });
    },
    async fault(spec: Record<string, unknown>): Promise<void> {
      const res = await fetch(`${url}/__sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(spec),
      });
      if (!res.ok) throw new Error(`fault refused: ${res.status} ${await res.text()}`);
    },
    async clearFaults(): Promise<void> {
      await fetch(`${url}/__sandbox/faults`, { method: 'DELETE' });
    },
  };
}

/** A loopback server that only counts what reaches it (the target of a hostile redirect). */
export async function startCountingServer(): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server: Server = createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"houseList":[],"houseCount":0}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Collects every log line the site writes, to search it for secrets and personal data. */
export function logCollector(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      cb();
    },
  });
  return { stream, lines };
}

export async function responseText(res: Response): Promise<string> {
  const headers = [...res.headers.entries()].map(([k, v]) => `${k}: ${v}`).join('\n');
  return `${res.status}\n${headers}\n\n${await res.text()}`;
}

/** Points the site's logger at `stream` (from logCollector), so a test can read every line. */
export async function captureSiteLogs(stream: Writable): Promise<void> {
  const { createLogger, replaceLogger } = await import('@/lib/log');
  replaceLogger(createLogger(stream));
}

/** Drops the process-wide gateway: the next partner call builds one afresh (empty cache, closed circuit). */
export function resetGateway(): void {
  replaceGateway(undefined);
}

/** Records the process's unhandled rejections until `stop()`, which returns them. */
export function watchUnhandledRejections(): { stop(): unknown[] } {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => seen.push(reason);
  process.on('unhandledRejection', listener);
  return {
    stop: () => {
      process.off('unhandledRejection', listener);
      return seen;
    },
  };
}

/** The UTC calendar day `offset` days from today, as YYYY-MM-DD. */
export function isoDay(offset: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}
