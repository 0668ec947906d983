import { describe, expect, it } from 'vitest';
import { readCappedBody } from './capped-body';

function streamOf(chunks: string[]): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const encoder = new TextEncoder();
  // No read-ahead: a chunk is produced only when the reader asks for one.
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = chunks[pulled++];
        if (next === undefined) controller.close();
        else controller.enqueue(encoder.encode(next));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

describe('readCappedBody', () => {
  it('returns the whole body when it stays within the limit', async () => {
    const { stream } = streamOf(['{"a":', '1}']);
    expect((await readCappedBody(stream, null, 16))?.toString('utf8')).toBe('{"a":1}');
    expect((await readCappedBody(null, null, 16))?.length).toBe(0);
  });

  it('refuses a declared length over the limit without reading a byte', async () => {
    const { stream, pulled } = streamOf(['x']);
    expect(await readCappedBody(stream, '17', 16)).toBeNull();
    expect(pulled()).toBe(0);
  });

  it('stops reading once an undeclared body passes the limit', async () => {
    const { stream, pulled } = streamOf(Array.from({ length: 100 }, () => 'xxxxxxxx'));
    expect(await readCappedBody(stream, null, 20)).toBeNull();
    expect(pulled()).toBeLessThan(10);
  });
});
