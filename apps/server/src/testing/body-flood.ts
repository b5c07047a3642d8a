// A hostile client for tests and benchmarks: sends a huge request body in chunks (with Content-Length or
// chunked) and keeps sending until the server answers and closes the connection, as an attacker would.
// The body is one reused 1 MiB block, so the sender holds almost nothing.
import { request as httpRequest, type Agent } from 'node:http';

const MiB = 1024 * 1024;

export interface FloodResult {
  status: number;
  contentType: string;
  connection: string;
  body: string;
  /** What left this process before the server closed the connection (or the body was done). */
  bytesSent: number;
}

export function floodRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    totalBytes: number;
    /** Without Content-Length (Transfer-Encoding: chunked), as a streaming client sends. */
    chunked: boolean;
    /** The body's first bytes (a JSON opening, say); the rest is the letter a. */
    prefix?: string;
    /** A keep-alive agent, to send the next request on the same connection. */
    agent?: Agent;
  },
): Promise<FloodResult> {
  const plain = Buffer.alloc(MiB, 'a');
  const opening = Buffer.alloc(MiB, 'a');
  Buffer.from(options.prefix ?? '').copy(opening);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...options.headers,
  };
  if (!options.chunked) headers['content-length'] = String(options.totalBytes);

  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let answer: Omit<FloodResult, 'bytesSent'> | undefined;
    let isClosed = false;
    let hasResponse = false;
    const settle = () => {
      if (answer && isClosed) resolve({ ...answer, bytesSent });
    };
    const req = httpRequest(
      url,
      { method: options.method ?? 'POST', headers, agent: options.agent },
      (res) => {
        hasResponse = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          answer = {
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            connection: String(res.headers.connection ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          };
          settle();
        });
        res.on('close', () => {
          if (!answer) reject(new Error('the answer was cut off'));
        });
        // The server may cut the connection once it has answered; the answer is what counts.
        res.on('error', () => undefined);
      },
    );
    req.on('error', (error) => {
      if (!hasResponse) reject(error);
    });
    // Writes still under way when the server closes fail on the socket after the answer is in (EPIPE).
    req.on('socket', (socket) => socket.on('error', () => undefined));
    req.on('close', () => {
      isClosed = true;
      if (!hasResponse) reject(new Error('the server closed the connection without an answer'));
      settle();
    });
    // Written with back-pressure, so this process never buffers more than a block or two.
    const pump = () => {
      while (bytesSent < options.totalBytes) {
        if (req.destroyed) return;
        const take = Math.min(MiB, options.totalBytes - bytesSent);
        const chunk = (bytesSent === 0 ? opening : plain).subarray(0, take);
        bytesSent += take;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

/** Samples a resident-memory reading every few milliseconds; `stop()` gives the highest one seen. */
export function sampleRss(
  read: () => number | Promise<number>,
  everyMs = 10,
): { stop(): Promise<number> } {
  let peak = 0;
  let pending = Promise.resolve();
  const take = () => {
    pending = pending.then(async () => {
      peak = Math.max(peak, await read());
    });
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      take();
      await pending;
      return peak;
    },
  };
}
