import { spawn } from 'node:child_process';
import { IncomingMessage } from 'node:http';
import { connect, Socket } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, productionBuildExists, startProductionSite } from '../test/integration/production-site';
import { SOCKET_ADDRESS_HEADER } from '../lib/http/client-address';
import { HASH_POLICY_REQUEST_HEADER } from '../lib/security-headers';
import {
  configurationProblems,
  configurationWarnings,
  createRequestHeaderCleaner,
  DEFAULT_TIMEOUTS,
  hasMalformedPath,
  hasMalformedRouterState,
  isPageWriteWithoutAction,
  loadRouterStateCheck,
  plainUnreserved,
  readTimeouts,
  readTrustedHops,
} from './site-server';

/** A request as the server receives it, from `remoteAddress`, with these raw headers. */
function incoming(remoteAddress: string, rawHeaders: string[]): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: remoteAddress });
  const req = new IncomingMessage(socket);
  req.rawHeaders = [...rawHeaders];
  for (let i = 0; i < rawHeaders.length; i += 2) req.headers[rawHeaders[i]!.toLowerCase()] = rawHeaders[i + 1];
  return req;
}

describe('the site server', () => {
  it.each(['/%ff', '/api/houses/%E0%A4%A/units', '/en/book/%E0%A4%A', '/%', '/a%2', '/de/book/%00', '/en/%0a', '/a%7F', '*', 'en', 'x:y'])('finds %s malformed', (target) => {
    expect(hasMalformedPath(target)).toBe(true);
  });

  it.each(['/', '/en/search?q=%ff', '/nl/houses/1001', '/api/x%20y', '/de/%C3%BC'])('passes %s on to Next.js', (target) => {
    expect(hasMalformedPath(target)).toBe(false);
  });

  it.each([
    ['/%65n/help', '/en/help'],
    ['/E%6e/%68elp?q=%65', '/En/help?q=%65'],
    ['/a%2Fb/%20x/%C3%BC/%7e', '/a%2Fb/%20x/%C3%BC/~'],
    ['/%ff', '/%ff'],
  ])('spells the unreserved characters of %s plainly: %s', (target, plain) => {
    expect(plainUnreserved(target)).toBe(plain);
  });

  it('uses the documented timeouts unless configured, and refuses values that would disable them', () => {
    expect(readTimeouts({})).toEqual(DEFAULT_TIMEOUTS);
    expect(readTimeouts({ SERVER_REQUEST_TIMEOUT_MS: '5000' }).requestMs).toBe(5000);
    for (const bad of ['0', '-1', '1e4', 'soon', '999', '3600000']) {
      expect(() => readTimeouts({ SERVER_HEADERS_TIMEOUT_MS: bad })).toThrow(/SERVER_HEADERS_TIMEOUT_MS/);
    }
  });

  it('puts the socket address in its header, and no client can set that header itself', () => {
    const req = incoming('127.0.0.2', [SOCKET_ADDRESS_HEADER, '203.0.113.9', 'X-Site-Socket-Address', '6.6.6.6', 'accept', '*/*']);
    createRequestHeaderCleaner(0)(req);
    expect(req.headers[SOCKET_ADDRESS_HEADER]).toBe('127.0.0.2');
    expect(req.rawHeaders).toEqual(['accept', '*/*']);
  });

  it('removes forwarding headers a client wrote itself when no proxy of ours is in front, and keeps them behind one', () => {
    const raw = ['X-Forwarded-Proto', 'https', 'x-forwarded-for', '6.6.6.6', 'Forwarded', 'for=6.6.6.6', 'host', 'a'];
    const direct = incoming('127.0.0.1', raw);
    createRequestHeaderCleaner(0)(direct);
    expect(direct.headers['x-forwarded-proto']).toBeUndefined();
    expect(direct.headers['x-forwarded-for']).toBeUndefined();
    expect(direct.headers.forwarded).toBeUndefined();
    expect(direct.rawHeaders).toEqual(['host', 'a']);
    const proxied = incoming('10.0.0.5', raw);
    createRequestHeaderCleaner(1)(proxied);
    expect(proxied.headers['x-forwarded-for']).toBe('6.6.6.6');
  });

  it('removes the page cache\'s own request for a page without a nonce: no client may send it', () => {
    const req = incoming('127.0.0.1', [HASH_POLICY_REQUEST_HEADER, '1', 'accept', '*/*']);
    createRequestHeaderCleaner(1)(req);
    expect(req.headers[HASH_POLICY_REQUEST_HEADER]).toBeUndefined();
    expect(req.rawHeaders).toEqual(['accept', '*/*']);
  });

  it('reads TRUST_PROXY as a number of proxies and refuses anything else', () => {
    expect(readTrustedHops({})).toBe(0);
    expect(readTrustedHops({ TRUST_PROXY: '2' })).toBe(2);
    for (const bad of ['true', '-1', '9', '1.5', 'yes']) expect(() => readTrustedHops({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });

  it('finds a router-state header Next.js could not parse, and passes the ones its router sends', () => {
    const check = loadRouterStateCheck(process.cwd());
    const valid = encodeURIComponent(JSON.stringify(['', { children: ['__PAGE__', {}] }, null, null]));
    expect(hasMalformedRouterState(incoming('127.0.0.1', ['next-router-state-tree', valid]), check)).toBe(false);
    expect(hasMalformedRouterState(incoming('127.0.0.1', []), check)).toBe(false);
    for (const bad of ["'", '%7B', encodeURIComponent('{"a":1}'), encodeURIComponent('[1]'), 'x'.repeat(50_000)]) {
      expect(hasMalformedRouterState(incoming('127.0.0.1', ['next-router-state-tree', bad]), check), bad.slice(0, 20)).toBe(true);
    }
  });

  it('refuses a form post to a page that is no server action, and lets reads, actions and the API through', () => {
    const request = (method: string, url: string, headers: string[] = []) => {
      const req = incoming('127.0.0.1', headers);
      req.method = method;
      req.url = url;
      return req;
    };
    expect(isPageWriteWithoutAction(request('POST', '/en/search', ['content-type', 'multipart/form-data; boundary=x']))).toBe(true);
    expect(isPageWriteWithoutAction(request('DELETE', '/en/houses/1005'))).toBe(true);
    expect(isPageWriteWithoutAction(request('POST', '/en/search', ['next-action', 'abc123']))).toBe(false);
    expect(isPageWriteWithoutAction(request('GET', '/en/search'))).toBe(false);
    expect(isPageWriteWithoutAction(request('HEAD', '/en'))).toBe(false);
    expect(isPageWriteWithoutAction(request('POST', '/api/booking/pre-register'))).toBe(false);
    expect(isPageWriteWithoutAction(request('POST', '/api'))).toBe(false);
    expect(isPageWriteWithoutAction(request('POST', '/apix'))).toBe(true);
  });
});

describe('the site configuration check', () => {
  it('passes the sandbox with no variables at all, and a real partner with everything it needs', () => {
    expect(configurationProblems({})).toEqual([]);
    expect(
      configurationProblems({
        PARTNER_API_URL: 'https://partner.example',
        PARTNER_API_KEY: 'key',
        PARTNER_ID: 'id',
        SESSION_SECRET: 'x'.repeat(32),
        PARTNER_PROFILE: path.join(__dirname, '../profiles/partner-documented.json'),
        TRUST_PROXY: '1',
        PAGE_STORE: 'off',
      }),
    ).toEqual([]);
  });

  it('tells every problem at once, one line each, naming the variable and what is wrong with it', () => {
    expect(
      configurationProblems({
        SERVER_HEADERS_TIMEOUT_MS: '5',
        SERVER_REQUEST_TIMEOUT_MS: 'soon',
        TRUST_PROXY: '9',
        PAGE_STORE: 'maybe',
        IMAGE_MISSES_PER_MINUTE: '0',
        SESSION_SECRET: 'too-short',
        LOG_LEVEL: 'verbose',
        PARTNER_TIMEOUT_MS: '-5',
      }),
    ).toEqual([
      'Invalid site configuration: SERVER_HEADERS_TIMEOUT_MS must be milliseconds between 1000 and 600000',
      'Invalid site configuration: SERVER_REQUEST_TIMEOUT_MS must be milliseconds between 1000 and 600000',
      'Invalid site configuration: TRUST_PROXY must be a number of proxies from 0 to 5',
      'Invalid site configuration: PAGE_STORE must be on or off',
      'Invalid site configuration: IMAGE_MISSES_PER_MINUTE must be a whole number from 1',
      'Invalid site configuration: SESSION_SECRET: at least 32 characters',
      'Invalid site configuration: LOG_LEVEL: one of fatal, error, warn, info, debug, trace, silent',
      'Invalid site configuration: PARTNER_TIMEOUT_MS: a whole number from 100 to 60000',
    ]);
  });

  it('tells what a real partner is missing, and the problems of the partner profile', () => {
    expect(configurationProblems({ PARTNER_API_URL: 'https://partner.example' })).toEqual([
      'Invalid site configuration: SESSION_SECRET: required outside sandbox mode',
      'Invalid site configuration: PARTNER_API_KEY: required with PARTNER_API_URL',
      'Invalid site configuration: PARTNER_ID: required with PARTNER_API_URL',
    ]);
    expect(configurationProblems({ PARTNER_PATHS: '{"houseDetails":"/h"}' })).toEqual([
      'Invalid site configuration: PARTNER_PATHS houseDetails: must contain {houseId}',
    ]);
  });

  it('warns of instances sharing a store that each seal the booking cookie with a secret of their own', () => {
    expect(configurationWarnings({})).toEqual([]);
    expect(configurationWarnings({ REDIS_URL: 'redis://127.0.0.1:6379' })).toEqual([
      expect.stringContaining('SESSION_SECRET'),
    ]);
    expect(
      configurationWarnings({ REDIS_URL: 'redis://127.0.0.1:6379', SESSION_SECRET: 's'.repeat(32) }),
    ).toEqual([]);
  });

  it('warns that partner mode without PARTNER_PROFILE speaks the documented profile, until one is named', () => {
    const partner = {
      PARTNER_API_URL: 'https://partner.example',
      PARTNER_API_KEY: 'key',
      PARTNER_ID: 'id',
      SESSION_SECRET: 'x'.repeat(32),
    };
    expect(configurationWarnings(partner)).toEqual([
      expect.stringMatching(/profiles\/partner-documented\.json.*npm run partner:check/),
    ]);
    expect(
      configurationWarnings({
        ...partner,
        PARTNER_PROFILE: path.join(__dirname, '../profiles/partner-documented.json'),
      }),
    ).toEqual([]);
  });

  it('never repeats a value, which may be a secret', () => {
    const secret = 'a secret of twenty-nine chars';
    expect(configurationProblems({ SESSION_SECRET: secret, HEALTH_TOKEN: secret }).join('\n')).not.toContain(
      secret,
    );
  });
});

const root = path.resolve(__dirname, '..');

/** True when something accepts connections on the loopback port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts the production server as production does and waits for it to exit (20 s at most, then
 * it is stopped): its exit code, its output, and whether it ever accepted a connection meanwhile.
 */
async function startWith(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string; listened: boolean }> {
  const port = await freePort();
  const child = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    ['scripts/site-server.ts', '-p', String(port), '-H', '127.0.0.1'],
    {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        SANDBOX_URL: 'http://127.0.0.1:4999',
        SITE_URL: `http://127.0.0.1:${port}`,
        ...env,
      },
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let listened = false;
  const deadline = Date.now() + 20_000;
  while (child.exitCode === null && child.signalCode === null && Date.now() < deadline) {
    listened ||= await listening(port);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  const code = await exited;
  return { code, output, listened };
}

describe.concurrent('the production server with a configuration that cannot run', () => {
  it.each([
    ['SESSION_SECRET', 'tooshort-secret', 'SESSION_SECRET: at least 32 characters'],
    ['PARTNER_RATE_LIMIT_PER_MIN', 'abc', 'PARTNER_RATE_LIMIT_PER_MIN: a whole number from 1 to 100000'],
    ['HEALTH_TOKEN', 'tooshort-token', 'HEALTH_TOKEN: at least 32 characters'],
    [
      'PARTNER_PROFILE',
      '/nonexistent/profile.json',
      'PARTNER_PROFILE: cannot read /nonexistent/profile.json (ENOENT)',
    ],
    ['TRUST_PROXY', '9', 'TRUST_PROXY must be a number of proxies from 0 to 5'],
  ])(
    'exits with code 1 at a bad %s, saying so in one line, and never listens',
    async (name, value, problem) => {
      const { code, output, listened } = await startWith({ [name]: value });
      expect(code, output).toBe(1);
      expect(listened, output).toBe(false);
      const lines = output.split('\n').filter((line) => line.includes(name));
      expect(lines, output).toHaveLength(1);
      const logged = JSON.parse(lines[0]!) as { msg: string; err: { message: string } };
      expect(logged.msg).toBe('site failed to start');
      expect(logged.err.message).toBe(`Invalid site configuration: ${problem}`);
      if (name !== 'PARTNER_PROFILE' && name !== 'TRUST_PROXY') expect(output).not.toContain(value);
    },
  );

  it('tells every problem, one line each, when several variables are wrong', async () => {
    const { code, output, listened } = await startWith({
      PARTNER_API_URL: 'https://partner.example',
      PARTNER_TIMEOUT_MS: '-5',
      LOG_LEVEL: 'verbose',
    });
    expect(code, output).toBe(1);
    expect(listened, output).toBe(false);
    const messages = output
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { err?: { message?: string } }).err?.message);
    expect(messages).toEqual([
      'Invalid site configuration: LOG_LEVEL: one of fatal, error, warn, info, debug, trace, silent',
      'Invalid site configuration: SESSION_SECRET: required outside sandbox mode',
      'Invalid site configuration: PARTNER_TIMEOUT_MS: a whole number from 100 to 60000',
      'Invalid site configuration: PARTNER_API_KEY: required with PARTNER_API_URL',
      'Invalid site configuration: PARTNER_ID: required with PARTNER_API_URL',
    ]);
  });

  it('logs one start-up warning in partner mode without PARTNER_PROFILE: the documented profile, and the partner check', async () => {
    // No build in this folder: the server stops right after its configuration is checked and told.
    const { output } = await startWith({
      PARTNER_API_URL: 'https://partner.example',
      PARTNER_API_KEY: 'key',
      PARTNER_ID: 'id',
      SESSION_SECRET: 'x'.repeat(32),
      NEXT_DIST_DIR: '.next-no-build-here',
    });
    const warnings = output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.level === 40);
    expect(warnings, output).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/profiles\/partner-documented\.json.*npm run partner:check/);
    expect(output).not.toContain('"key"');
  });

  it.skipIf(!productionBuildExists())('still starts in sandbox mode with no variables set', async () => {
    const site = await startProductionSite({});
    try {
      expect(site.output()).toContain('site listening');
      expect(site.output()).not.toContain('Invalid');
    } finally {
      await site.stop();
    }
  });
});
