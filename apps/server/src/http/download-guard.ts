// Downloads stream (CSV and PDF exports, the data archive, images): a failure after the first bytes
// cannot become a 500 any more. The Node adapter would then print the raw error and write its message
// into the response, and a failed query's message quotes its parameters. Here the failure is logged
// without them and the stream ends with a neutral error instead.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import { describeError, type Logger } from './logger.ts';

const STREAM_FAILED = 'The download failed on our side.';

export function downloadGuard(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    // JSON and HTML answers are whole strings made before the response starts: nothing can fail
    // mid-way. Their body is not even looked at: reading it would turn the string into a stream.
    if (/json|html/i.test(c.res.headers.get('content-type') ?? '')) return;
    const body = c.res.body;
    if (!body) return;
    const { path, method } = c.req;
    c.res = new Response(
      guardedStream(body, (error) =>
        logger.error('a download failed', { path, method, error: describeError(error) }),
      ),
      c.res,
    );
  };
}

export function guardedStream(
  source: ReadableStream<Uint8Array>,
  onError: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch (error) {
          onError(error);
          controller.error(new Error(STREAM_FAILED));
          return;
        }
        if (chunk.done) controller.close();
        else controller.enqueue(chunk.value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    // As the source: one chunk waits at most, so a slow client still holds the producer back.
    { highWaterMark: 0 },
  );
}
