import { Writable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * The gateway's shared store (Redis) holds the quota, the page and answer cache and the booking
 * records: when it cannot be reached, the operator must read it in the site's log.
 */

afterAll(async () => {
  const { closeGateway } = await import('./gateway');
  const { replaceLogger } = await import('@/lib/log');
  await closeGateway();
  replaceLogger(undefined);
  delete process.env.REDIS_URL;
});

describe('the gateway’s store', () => {
  it('writes a warning to the site’s log when Redis cannot be reached', async () => {
    const lines: string[] = [];
    // Nothing listens on the discard port: every connection is refused. (Set before anything reads
    // the site's environment, which is read once.)
    process.env.REDIS_URL = 'redis://127.0.0.1:9';
    const { createLogger, replaceLogger } = await import('@/lib/log');
    replaceLogger(
      createLogger(
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            lines.push(chunk.toString('utf8'));
            done();
          },
        }),
      ),
    );
    const { getGateway, replaceGateway } = await import('./gateway');
    replaceGateway(undefined);
    await getGateway().store.getPausedUntil().catch(() => undefined);
    await vi.waitFor(() => expect(lines.join('')).toContain('upstream store unreachable'), { timeout: 5_000 });
  });
});
