// A Node stream (a stored file) as the web stream an answer's body takes, read only when the client
// asks for more. Node 20's Readable.toWeb pushes each chunk as it arrives and throws an uncaught
// "Controller is already closed" when the client cancels while a chunk is on its way, which ends the
// whole process; pulling never writes to a closed stream.
import type { Readable } from 'node:stream';

export function webStreamOf(readable: Readable): ReadableStream<Uint8Array> {
  const chunks = readable[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else
          controller.enqueue(
            new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength),
          );
      },
      async cancel() {
        await chunks.return?.();
        readable.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}
