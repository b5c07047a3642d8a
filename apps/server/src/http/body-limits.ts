// Request body limits for every route, enforced before anything else reads the body. A body declared
// larger than the route's limit (Content-Length) is refused before a byte of it is read; a chunked body
// is counted as it streams in and refused as soon as it passes the limit. The unread rest is never
// buffered.
import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import { LIKENESS_PHOTO_MAX_BYTES } from '@shark/contracts/likeness.ts';
import { REPORT_LEAKS_CSV_MAX_BYTES } from '@shark/contracts/report-leaks.ts';
import { WHITELIST_CSV_MAX_BYTES } from '@shark/contracts/whitelist.ts';
import { AppError } from './app-error.ts';

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * JSON bodies of the API. The largest contract-bounded ones fit with room to spare, even in the
 * worst UTF-8 case: a content item (5,000-character description, 20 addresses of 2,048) or 500
 * accepted term suggestions.
 */
export const DEFAULT_BODY_LIMIT = 256 * KiB;

/** Sign-up, sign-in and the other auth forms: an address, a name and passwords of at most 128 characters. */
export const AUTH_BODY_LIMIT = 32 * KiB;

/** A route with a limit of its own; the first matching pattern wins. `null`: the route limits itself. */
interface Exception {
  pattern: RegExp;
  maxBytes: number | null;
}

export const BODY_LIMIT_EXCEPTIONS: readonly Exception[] = [
  // tus uploads: the upload service refuses a chunk past the declared Upload-Length and the plan's file size.
  { pattern: /^\/api\/uploads(\/|$)/, maxBytes: null },
  { pattern: /^\/api\/auth\//, maxBytes: AUTH_BODY_LIMIT },
  // A paste or CSV text of up to 1,000,000 characters (whitelist contract), at up to 3 bytes each plus escapes.
  { pattern: /^\/api\/whitelist\/(bulk|import)$/, maxBytes: 4 * MiB },
  { pattern: /^\/api\/whitelist\/import\/file$/, maxBytes: WHITELIST_CSV_MAX_BYTES + 64 * KiB },
  // Up to 5,000 entry ids.
  { pattern: /^\/api\/whitelist\/delete$/, maxBytes: 1 * MiB },
  // Up to 500 addresses of up to 2,048 characters.
  { pattern: /^\/api\/report-leaks$/, maxBytes: 2 * MiB },
  { pattern: /^\/api\/report-leaks\/csv$/, maxBytes: REPORT_LEAKS_CSV_MAX_BYTES + 64 * KiB },
  // A photo to find her face in (likeness protection), sent as one multipart body.
  { pattern: /^\/api\/likeness\/faces\/detect$/, maxBytes: LIKENESS_PHOTO_MAX_BYTES + 64 * KiB },
  // Stripe's events: an invoice with many lines stays well under this.
  { pattern: /^\/api\/billing\/webhook$/, maxBytes: 1 * MiB },
];

/** The most bytes a request to this path may carry; null when the route enforces its own limit. */
export function bodyLimitFor(path: string): number | null {
  const exception = BODY_LIMIT_EXCEPTIONS.find(({ pattern }) => pattern.test(path));
  return exception ? exception.maxBytes : DEFAULT_BODY_LIMIT;
}

/** One middleware for the whole app: each request gets its route's limit. */
export function bodyLimits(): MiddlewareHandler {
  const byLimit = new Map<number, MiddlewareHandler>();
  return async (c, next) => {
    // Requests without a body (most of them) skip the path patterns altogether.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const maxBytes = bodyLimitFor(c.req.path);
    if (maxBytes === null) return next();
    let limiter = byLimit.get(maxBytes);
    if (!limiter) {
      limiter = limitedTo(maxBytes);
      byLimit.set(maxBytes, limiter);
    }
    return limiter(c, next);
  };
}

/**
 * A body limit with the app's 413 answer. Unlike hono/body-limit, a body refused on its Content-Length
 * is never touched (touching it starts a stream that holds the connection's data back), and the rest of
 * a refused chunked body is thrown away as it arrives; either way the connection stays usable.
 */
export function limitedTo(maxBytes: number): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const declared = c.req.header('content-length');
    // Node's parser never passes more than a declared length; with Transfer-Encoding the length is ignored.
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number(declared) > maxBytes) refuse(maxBytes);
      return next();
    }
    const body = c.req.raw.body;
    if (!body) return next();
    const reader: ReadableStreamDefaultReader<Uint8Array> = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        discardRest(c.env);
        refuse(maxBytes);
      }
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks, size) });
    return next();
  };
}

function refuse(maxBytes: number): never {
  throw new AppError(
    'PAYLOAD_TOO_LARGE',
    `The request body is too large: at most ${describeBytes(maxBytes)} here.`,
  );
}

/**
 * What Node does with a body nobody reads: drop its readers and let it flow to nowhere. Without this the
 * stream that read the first chunks would hold the rest back, and the connection with it. No
 * `Connection: close` either: Node would close at once with the body unread, and the client's kernel
 * may drop the 413 on the reset that follows. @hono/node-server closes the connection itself if the
 * rest goes on for more than 500 ms or 64 MB after the answer.
 */
function discardRest(env: unknown): void {
  const incoming = (env as Partial<HttpBindings> | undefined)?.incoming;
  if (!incoming) return;
  incoming.removeAllListeners('data');
  incoming.resume();
}

function describeBytes(bytes: number): string {
  if (bytes % MiB === 0) return `${bytes / MiB} MB`;
  if (bytes >= MiB) return `${(bytes / MiB).toFixed(1)} MB`;
  return `${Math.round(bytes / KiB)} KB`;
}
