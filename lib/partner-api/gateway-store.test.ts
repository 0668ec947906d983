import { Writable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * The gateway's shared store (Redis) holds the quota, the page and answer cache and the booking
 * records: when it cannot be reached, the operator must read it in the site's log.
 */

const holder = globalThis as { __pbsLogger?: unknown; __pbsGateway?: { store: { close(): Promise<void> } } };

afterAll(async () => {
  await holder.__pbsGateway?.store.close();
  holder.__pbsGateway = undefined;
  holder.__pbsLogger = undefined;
  delete process.env.REDIS_URL;
});

describe('the gateway’s store', () => {
  it('writes a warning to the site’s log when Redis cannot be reached', async () => {
    const lines: string[] = [];
    // Nothing listens on the discard port: every connection is refused. (Set before anything reads
    // the site's environment, which is read once.)
    process.env.REDIS_URL = 'redis://127.0.0.1:9';
    const { createLogger } = await import('@/lib/log');
    holder.__pbsLogger = createLogger(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      }),
    );
    holder.__pbsGateway = undefined;
    const { getGateway } = await import('./gateway');
    await getGateway().store.getPausedUntil().catch(() => undefined);
    await vi.waitFor(() => expect(lines.join('')).toContain('upstream store unreachable'), { timeout: 5_000 });
  });
});
