/**
 * The site beside a bare Node server answering the same bytes: how close a cached answer comes
 * to what the machine can serve at all. Each answer is recorded from the warmed site exactly as
 * autocannon will ask for it (same path, same Accept-Encoding), replayed by bench/bare-server.ts,
 * and both are loaded alternately, site-bare-bare-site, so drift in the machine's load falls on
 * both sides evenly.
 */
import { request } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import autocannon from 'autocannon';
import type { RecordedAnswer } from './bare-server';
import { start, stop, waitFor, within } from './processes';

export interface CompareTarget {
  readonly label: string;
  readonly path: string;
  /** The target for site requests/s ÷ bare requests/s. */
  readonly minRatio: number;
}

export interface CapturedAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** As sent over the wire. */
  readonly body: Buffer;
  /** Length once the content encoding is undone. */
  readonly decodedBytes: number;
  readonly decoded: string;
}

export interface LoadFigures {
  readonly rps: number;
  readonly p50: number;
  readonly non2xx: number;
  readonly errors: number;
}

export interface CompareResult {
  readonly target: CompareTarget;
  /** Why the answer could not be compared, when it could not. */
  readonly skipped?: string;
  readonly answer?: CapturedAnswer;
  /** Partner calls the site made while the recorded answer was served (0: its data was cached). */
  readonly partnerCallsDuringCapture?: number;
  readonly site: LoadFigures[];
  readonly bare: LoadFigures[];
  readonly ratio?: number;
}

/** Headers that belong to one transmission; the bare server sets its own. */
const TRANSMISSION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
  'content-length',
]);

function decode(body: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
      return gunzipSync(body);
    case 'br':
      return brotliDecompressSync(body);
    case 'deflate':
      return inflateSync(body);
    default:
      return body;
  }
}

/** One GET through node:http, which (unlike fetch) leaves the body as the server encoded it. */
export function captureAnswer(
  base: string,
  pathAndQuery: string,
  acceptEncoding: string,
): Promise<CapturedAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${pathAndQuery}`,
      { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}, timeout: 20_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value === undefined || TRANSMISSION_HEADERS.has(name)) continue;
            headers[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          try {
            const decoded = decode(body, headers['content-encoding']);
            resolve({
              status: res.statusCode ?? 0,
              headers,
              body,
              decodedBytes: decoded.length,
              decoded: decoded.toString('utf8'),
            });
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from ${pathAndQuery} in 20 s`)));
    req.on('error', reject);
    req.end();
  });
}

export interface LoadSettings {
  readonly connections: number;
  readonly duration: number;
  readonly acceptEncoding: string;
}

/** One autocannon load on `base`, every request with the same Accept-Encoding, bounded in time. */
export function boundedLoad(
  base: string,
  settings: LoadSettings,
  what: string,
  requests?: autocannon.Request[],
): Promise<autocannon.Result> {
  return within(
    autocannon({
      url: base,
      connections: settings.connections,
      duration: settings.duration,
      timeout: 20,
      headers: settings.acceptEncoding ? { 'accept-encoding': settings.acceptEncoding } : {},
      ...(requests ? { requests } : {}),
    }),
    (settings.duration + 60) * 1000,
    what,
  );
}

async function measure(
  url: string,
  connections: number,
  duration: number,
  acceptEncoding: string,
): Promise<LoadFigures> {
  const result = await boundedLoad(url, { connections, duration, acceptEncoding }, `loading ${url}`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

/** bench/bare-server.ts in its own process, answering `answers`, until `close`. */
export async function startBareServer(
  answers: readonly RecordedAnswer[],
  port: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-bare-'));
  const file = path.join(folder, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const url = `http://127.0.0.1:${port}`;
  const bare = start('npx', ['tsx', 'bench/bare-server.ts', file, String(port)], {});
  const close = async () => {
    await stop(bare);
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/`, 30_000);
  } catch (err) {
    await close();
    throw err;
  }
  return { url, close };
}

export interface CompareSettings {
  readonly siteUrl: string;
  readonly barePort: number;
  readonly connections: number;
  readonly duration: number;
  readonly acceptEncoding: string;
  /** A good answer for this target: 200 and showing data, not a busy or error state. */
  readonly isGood: (target: CompareTarget, answer: CapturedAnswer) => boolean;
  /** The partner's call count so far, to show an answer was served from cache. */
  readonly partnerCalls: () => Promise<number>;
}

/**
 * Asks for the answer until two good answers in a row cost the partner nothing, so what is
 * recorded is the cached answer (at most 20 tries).
 */
async function recordCached(
  target: CompareTarget,
  settings: CompareSettings,
): Promise<{ answer?: CapturedAnswer; calls?: number; why?: string }> {
  let lastWhy = 'no answer';
  let cachedInARow = 0;
  for (let attempt = 0; attempt < 20; attempt++) {
    const before = await settings.partnerCalls();
    try {
      const answer = await captureAnswer(settings.siteUrl, target.path, settings.acceptEncoding);
      const calls = (await settings.partnerCalls()) - before;
      if (!settings.isGood(target, answer)) {
        lastWhy = `answered ${answer.status} without data`;
        cachedInARow = 0;
      } else if (calls > 0) {
        lastWhy = 'still calling the partner';
        cachedInARow = 0;
      } else if (++cachedInARow >= 2) {
        return { answer, calls };
      }
    } catch (err) {
      lastWhy = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, cachedInARow > 0 ? 100 : 1500));
  }
  return { why: lastWhy };
}

export async function compareWithBareNode(
  targets: readonly CompareTarget[],
  settings: CompareSettings,
): Promise<CompareResult[]> {
  const recorded: Array<{ target: CompareTarget; answer?: CapturedAnswer; calls?: number; why?: string }> =
    [];
  for (const target of targets) recorded.push({ target, ...(await recordCached(target, settings)) });

  const answers: RecordedAnswer[] = recorded.flatMap(({ target, answer }) =>
    answer
      ? [
          {
            path: target.path,
            status: answer.status,
            headers: answer.headers,
            body: answer.body.toString('base64'),
          },
        ]
      : [],
  );
  const bare = await startBareServer(answers, settings.barePort);
  const bareUrl = bare.url;
  try {
    const results: CompareResult[] = [];
    for (const { target, answer, calls, why } of recorded) {
      if (!answer) {
        results.push({
          target,
          skipped: `no cached answer recorded (${why ?? 'unknown'})`,
          site: [],
          bare: [],
        });
        continue;
      }
      const run = (base: string) =>
        measure(`${base}${target.path}`, settings.connections, settings.duration, settings.acceptEncoding);
      // Two rounds, site-bare then bare-site.
      const site: LoadFigures[] = [];
      const bareFigures: LoadFigures[] = [];
      site.push(await run(settings.siteUrl));
      bareFigures.push(await run(bareUrl));
      bareFigures.push(await run(bareUrl));
      site.push(await run(settings.siteUrl));
      const bareRps = mean(bareFigures.map((f) => f.rps));
      results.push({
        target,
        answer,
        partnerCallsDuringCapture: calls,
        site,
        bare: bareFigures,
        ratio: bareRps > 0 ? mean(site.map((f) => f.rps)) / bareRps : undefined,
      });
    }
    return results;
  } finally {
    await bare.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function printComparison(
  results: readonly CompareResult[],
  settings: { connections: number; duration: number; acceptEncoding: string },
): void {
  console.log(
    `\nsite beside bare node:http on the same bytes (${settings.connections} connections, ${settings.duration} s each, ` +
      `rounds site-bare, bare-site; accept-encoding "${settings.acceptEncoding}")`,
  );
  const width = 30;
  const cols = ['req/s r1', 'req/s r2', 'p50 r1', 'p50 r2', 'non-2xx', 'errors'];
  for (const result of results) {
    const { target, answer } = result;
    console.log(`\n${target.label}: ${target.path}`);
    if (!answer) {
      console.log(`  skipped: ${result.skipped ?? 'no answer'}`);
      continue;
    }
    console.log(
      `  answer: ${answer.status}, ${answer.headers['content-type'] ?? '?'}, ` +
        `${kb(answer.body.length)} on the wire (${answer.headers['content-encoding'] ?? 'identity'}), ${kb(answer.decodedBytes)} uncompressed, ` +
        `cache-control "${answer.headers['cache-control'] ?? ''}", page store "${answer.headers['x-page-cache'] ?? '-'}", ` +
        `partner calls while recorded: ${result.partnerCallsDuringCapture ?? '?'}`,
    );
    console.log(`  ${''.padEnd(8)}${cols.map((c) => c.padStart(11)).join('')}`);
    for (const [name, figures] of [
      ['site', result.site],
      ['bare', result.bare],
    ] as const) {
      const row = [
        figures[0]?.rps.toFixed(0) ?? '-',
        figures[1]?.rps.toFixed(0) ?? '-',
        figures[0] ? `${figures[0].p50} ms` : '-',
        figures[1] ? `${figures[1].p50} ms` : '-',
        String(figures.reduce((a, f) => a + f.non2xx, 0)),
        String(figures.reduce((a, f) => a + f.errors, 0)),
      ];
      console.log(`  ${name.padEnd(8)}${row.map((c) => c.padStart(11)).join('')}`);
    }
    const ratio = result.ratio;
    console.log(
      `  ${'ratio site ÷ bare (mean req/s)'.padEnd(width)} ${ratio === undefined ? '-' : ratio.toFixed(3)}  ` +
        `target ≥ ${target.minRatio}: ${ratio !== undefined && ratio >= target.minRatio ? 'met' : 'not met'}`,
    );
  }
}
