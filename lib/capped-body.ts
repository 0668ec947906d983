import 'server-only';

/**
 * Reads a body the site does not control (a guest's request, the partner's answer) up to a size
 * limit, refusing it as soon as the declared length or the bytes read so far pass the limit, so
 * an oversized or endless body cannot fill the server's memory. Null when it is too large.
 */
export async function readCappedBody(
  body: ReadableStream<Uint8Array> | null,
  declaredLength: string | null,
  maxBytes: number,
): Promise<Buffer | null> {
  if (Number(declaredLength ?? '0') > maxBytes) return null;
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
