import { describe, expect, it } from 'vitest';

import { replyWithin, ReplyTimeoutError } from './reply-deadline';

describe('replyWithin', () => {
  it('gives the reply that comes in time', async () => {
    await expect(replyWithin(Promise.resolve('PONG'), 50)).resolves.toBe('PONG');
  });

  it('passes on the failure of a command that failed in time', async () => {
    await expect(replyWithin(Promise.reject(new Error('NOSCRIPT')), 50)).rejects.toThrow('NOSCRIPT');
  });

  it('fails a reply that has not come once the time is up', async () => {
    const never = new Promise<string>(() => undefined);
    await expect(replyWithin(never, 20)).rejects.toBeInstanceOf(ReplyTimeoutError);
  });
});
