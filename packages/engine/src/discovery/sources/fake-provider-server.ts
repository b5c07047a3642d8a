// A local stand-in for the search providers in tests: a node:http server on 127.0.0.1 that records
// each request (path, query, headers, body) and answers with whatever the test tells it to.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The request body as sent (empty for a GET). */
  body: Buffer;
}

/** The recorded body as JSON (for providers that take a JSON body). */
export function jsonBody(request: RecordedRequest | undefined): unknown {
  if (!request) throw new Error('no request was recorded');
  return JSON.parse(request.body.toString('utf8'));
}

/** The recorded body as a multipart form, parsed the way a server would. */
export async function formBody(request: RecordedRequest | undefined): Promise<FormData> {
  if (!request) throw new Error('no request was recorded');
  const contentType = request.headers['content-type'] ?? '';
  return new Response(request.body, { headers: { 'content-type': contentType } }).formData();
}

export interface FakeAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as is. */
  body: unknown;
}

export interface FakeProviderServer {
  /** http://127.0.0.1:<port> */
  readonly endpoint: string;
  readonly requests: RecordedRequest[];
  /** What the next requests get, until changed. */
  answer(next: FakeAnswer | ((request: RecordedRequest) => FakeAnswer)): void;
  close(): Promise<void>;
}

export function readFixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
}

export async function startFakeProvider(): Promise<FakeProviderServer> {
  const requests: RecordedRequest[] = [];
  let respond: (request: RecordedRequest) => FakeAnswer = () => ({
    status: 500,
    body: { error: 'no answer configured' },
  });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      const answer = respond(recorded);
      const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      const contentType =
        typeof answer.body === 'string'
          ? 'text/html; charset=utf-8'
          : 'application/json; charset=utf-8';
      res.writeHead(answer.status ?? 200, { 'content-type': contentType, ...answer.headers });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    answer(next) {
      respond = typeof next === 'function' ? next : () => next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
