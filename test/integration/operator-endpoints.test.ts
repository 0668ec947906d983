import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hooks, isoDay } from './helpers';
import { rawRequest } from './production-site';
import { hasProductionBuild, setUpSandboxedSite } from './suite-fixtures';

/**
 * Health, metrics and the log stream of the production build, started as production starts it
 * (the compiled server/): the public health answer says only ok/degraded/down, the detail and
 * the metrics need the operator token, the metrics count what pages and route handlers do in one
 * set, and every line the server writes is JSON.
 */

const hasBuild = hasProductionBuild('operator-endpoints');

const TOKEN = randomBytes(24).toString('hex');
const OPERATOR = { authorization: `Bearer ${TOKEN}` };

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition. */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

function sum(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((total, s) => total + s.value, 0);
}

describe.skipIf(!hasBuild)('operator endpoints and logs of the production server', () => {
  const { sandbox, site } = setUpSandboxedSite({
    env: { PARTNER_RATE_LIMIT_PER_MIN: '5000', HEALTH_TOKEN: TOKEN, LOG_LEVEL: 'info' },
  });

  // First, on the fresh server: a page is the first request, as after a deploy.
  it('counts the partner calls of a page and of a route handler in the one set /api/metrics shows', async () => {
    const page = await fetch(`${site.url}/en/houses/1001`);
    expect(page.status).toBe(200);
    await page.text();
    const route = await fetch(
      `${site.url}/api/search?adults=2&startDate=${isoDay(40)}&endDate=${isoDay(47)}`,
    );
    expect(route.status).toBe(200);
    await route.text();

    const res = await fetch(`${site.url}/api/metrics`, { headers: OPERATOR });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseMetrics(await res.text());
    const { calls } = await hooks(sandbox.url).stats();
    expect(calls.total).toBeGreaterThan(1);
    expect(calls.byOperation.searchHouses).toBeGreaterThan(0);
    // Every call the partner received is counted once, under its operation, whichever copy made it.
    for (const [operation, received] of Object.entries(calls.byOperation)) {
      expect(sum(samples, 'partner_calls_total', { operation }), operation).toBe(received);
    }
    const pageOperations = Object.entries(calls.byOperation).filter(
      ([op, n]) => n > 0 && op !== 'searchHouses',
    );
    expect(pageOperations.length).toBeGreaterThan(0);
    // The site server (a third copy) timed both requests into the same histogram.
    const timed = { method: 'GET', status: '200' };
    expect(
      sum(samples, 'http_request_duration_seconds_count', { route: '/[locale]/houses/[houseId]', ...timed }),
    ).toBe(1);
    expect(sum(samples, 'http_request_duration_seconds_count', { route: '/api/search', ...timed })).toBe(1);
    expect(sum(samples, 'partner_quota_tokens_remaining')).toBeGreaterThan(0);
    expect(sum(samples, 'partner_circuit_state', { state: 'closed' })).toBe(1);
  });

  it('answers a resized picture asked for again from memory, the same bytes and headers, and counts who answered', async () => {
    const metrics = async () => parseMetrics(await (await fetch(`${site.url}/api/metrics`, { headers: OPERATOR })).text());
    const before = await metrics();
    const picture = `/_next/image?url=${encodeURIComponent(`${sandbox.url}/pictures/1002/1.png`)}&w=828&q=75`;
    const accept = { accept: 'image/avif,image/webp,image/apng,*/*;q=0.8' };
    const first = await fetch(`${site.url}${picture}`, { headers: accept });
    const second = await fetch(`${site.url}${picture}`, { headers: accept });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(Buffer.from(await second.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
    for (const name of ['content-type', 'cache-control', 'etag', 'vary', 'content-security-policy', 'x-content-type-options']) {
      expect(second.headers.get(name), name).toBe(first.headers.get(name));
    }
    const revalidated = await fetch(`${site.url}${picture}`, {
      headers: { ...accept, 'if-none-match': String(first.headers.get('etag')) },
    });
    expect(revalidated.status).toBe(304);

    const after = await metrics();
    const made = (samples: Sample[], source: string) => sum(samples, 'resized_image_requests_total', { source });
    expect(made(after, 'framework') - made(before, 'framework')).toBe(1);
    expect(made(after, 'memory') - made(before, 'memory')).toBe(2);
    expect(sum(after, 'resized_image_bytes')).toBeGreaterThan(0);
  });

  it('answers the public health check with the status alone', async () => {
    const res = await fetch(`${site.url}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['status']);
    expect(['ok', 'degraded']).toContain(body.status);
  });

  it.each(['/api/health/details', '/api/metrics'])('refuses %s without the operator token', async (path) => {
    const refused: Array<Record<string, string>> = [
      {},
      { authorization: `Bearer ${TOKEN.slice(1)}` },
      { authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of refused) {
      const res = await rawRequest(site.port, path, { headers });
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="operator"');
      expect(res.body).not.toMatch(/quota|circuit|partner_calls/);
    }
  });

  it('shows the detail to the operator', async () => {
    const res = await fetch(`${site.url}/api/health/details`, { headers: OPERATOR });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      mode: 'sandbox',
      partner: { reachable: true, keyAccepted: true },
      quota: { limitPerMinute: 5000 },
      pause: { paused: false },
      circuit: { state: 'closed' },
      store: { kind: 'memory', reachable: true },
    });
    expect(body).toHaveProperty('key');
    expect(body).toHaveProperty('cache.hitRatio');
  });

  it('writes only JSON lines, also while Next.js reports a failing request', async () => {
    // Server Action requests the build does not know: Next.js logs each (a warning with a stack,
    // or a refused cross-origin action), which it prints through console.
    await Promise.all([
      rawRequest(site.port, '/en', {
        method: 'POST',
        headers: {
          'next-action': 'f'.repeat(42),
          'content-type': 'text/plain;charset=UTF-8',
          origin: site.url,
        },
        body: '[]',
      }),
      rawRequest(site.port, '/en', {
        method: 'POST',
        headers: {
          'next-action': 'a'.repeat(42),
          'content-type': 'text/plain;charset=UTF-8',
          origin: 'https://evil.example',
        },
        body: '[]',
      }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const lines = site
      .output()
      .split('\n')
      .filter((line) => line.length > 0);
    const notJson = lines.filter((line) => {
      try {
        return typeof JSON.parse(line) !== 'object';
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
    const entries = lines.map((line) => JSON.parse(line) as { msg?: string; err?: { message?: string } });
    // Next.js's own output is there, as JSON: its report of the failing requests.
    expect(entries.some((e) => /Server Action/i.test(`${e.msg} ${e.err?.message ?? ''}`))).toBe(true);
    expect(entries.some((e) => e.msg === 'site listening')).toBe(true);
  });
});
