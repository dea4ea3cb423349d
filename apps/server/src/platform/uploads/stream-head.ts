import { Readable } from 'node:stream';

/**
 * Reads the first `bytes` of a stream (or all of it, when shorter) without losing them: resolves with that head and
 * a stream of the same, whole content to pass on. Uploads are recognised from their head while being streamed
 * into the blob store.
 */
export async function readHead(upload: Readable, bytes: number): Promise<{ head: Buffer; body: Readable }> {
  const source = upload[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < bytes) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    size += next.value.length;
  }
  const read = Buffer.concat(chunks);
  const body = Readable.from(
    (async function* () {
      if (read.length > 0) yield read;
      if (ended) return;
      for (;;) {
        const next = await source.next();
        if (next.done) return;
        yield next.value;
      }
    })(),
  );
  return { head: read.subarray(0, bytes), body };
}
