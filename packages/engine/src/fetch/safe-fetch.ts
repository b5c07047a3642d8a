// The one way Shark fetches a page from the outside world: http(s) only, never a private, loopback,
// link-local, metadata or otherwise internal address (checked on the address it actually connects to,
// after DNS, on every redirect), with connect and total timeouts and a size limit per response.
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Agent, buildConnector, request, type Dispatcher } from 'undici';
import { createAllowlist, type AllowlistEntry, type FetchAllowlist } from './allowlist.ts';
import { decodeBody, extractPageText, isHtml, isPlainText } from './html-text.ts';
import { classifyAddress, classifyHost, InvalidHostError, parseIpLiteral } from './ip-address.ts';
import { DEFAULT_USER_AGENT } from './user-agent.ts';

export type FetchFailureReason =
  | 'invalid-url'
  | 'unsupported-scheme'
  | 'refused-address'
  | 'too-many-redirects'
  | 'too-large'
  /** The name did not resolve (no such host, or the resolver could not answer). */
  | 'dns'
  /** The host answered the connection with a refusal: nothing listens there. */
  | 'refused'
  /** No route to the host or its network. */
  | 'unreachable'
  | 'timeout'
  | 'tls'
  | 'network';

/** Reasons that are our policy, not the other side's failure. */
export const REFUSALS: ReadonlySet<FetchFailureReason> = new Set([
  'invalid-url',
  'unsupported-scheme',
  'refused-address',
  'too-many-redirects',
  'too-large',
]);

export interface FetchedPage {
  ok: true;
  /** The URL asked for. */
  url: string;
  /** Where the last redirect led (the URL of the body). */
  finalUrl: string;
  /** Each URL a redirect led to, in order. */
  redirects: string[];
  status: number;
  contentType: string | null;
  body: Buffer;
  /** For HTML and plain text: what a visitor reads (null when `extractText` was false). */
  title: string | null;
  description: string | null;
  text: string | null;
  /** With `redirect: 'manual'`, for a redirect answer: where it points (absolute); the body is empty. */
  location?: string;
}

export interface FetchFailure {
  ok: false;
  reason: FetchFailureReason;
  /** In words, for people: "169.254.169.254 is a cloud metadata service address: not fetched." */
  message: string;
  /** The URL being fetched when it failed (the redirect target, for a refused redirect). */
  url: string;
  redirects: string[];
}

export type FetchResult = FetchedPage | FetchFailure;

export interface SafeFetcherOptions {
  /** Hosts ("host" or "host:port") reachable even on refused addresses: local stand-ins. */
  allowlist?: readonly (AllowlistEntry | string)[];
  /** DNS + TCP + TLS. */
  connectTimeoutMs?: number;
  /** The whole fetch, redirects and body included. */
  timeoutMs?: number;
  /** Bytes per response after decompression; a function lets the limit depend on the content type. */
  maxBytes?: number | ((contentType: string | null) => number);
  maxRedirects?: number;
  userAgent?: string;
  /** Resolves a name to all its addresses; DNS by default (tests give names their own answers). */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

export interface FetchOptions {
  signal?: AbortSignal;
  accept?: string;
  /** This request's size limit, instead of the fetcher's. */
  maxBytes?: number | ((contentType: string | null) => number);
  /**
   * 'manual' returns a redirect answer as it is (with `location`) so the caller can apply its own
   * rules to each hop (robots.txt, per-host limits); the next hop is guarded when it is fetched.
   */
  redirect?: 'follow' | 'manual';
  /** false skips the title and text (a caller that parses the HTML itself). Default true. */
  extractText?: boolean;
}

export interface SafeFetcher {
  fetch(url: string, options?: FetchOptions): Promise<FetchResult>;
  /** The guarded undici dispatcher, for code that needs undici itself: it refuses the same addresses. */
  readonly dispatcher: Dispatcher;
  close(): Promise<void>;
}

export const DEFAULT_FETCH_LIMITS = {
  connectTimeoutMs: 5_000,
  timeoutMs: 15_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
} as const;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A failure with its reason, thrown inside the connection path and turned into a FetchFailure. */
class FetchError extends Error {
  constructor(
    public readonly reason: FetchFailureReason,
    message: string,
  ) {
    super(message);
  }
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** Why a host may not be connected to, or null when it may (names are checked after DNS). */
function refusalOfHost(host: string): FetchError | null {
  let found;
  try {
    found = classifyHost(host);
  } catch (error) {
    if (error instanceof InvalidHostError) return new FetchError('invalid-url', error.message);
    throw error;
  }
  if (found.kind === 'name') {
    return found.isBlocked
      ? new FetchError(
          'refused-address',
          `${found.name} is this machine or a cloud metadata service: not fetched.`,
        )
      : null;
  }
  if (found.class.range === 'public') return null;
  return new FetchError(
    'refused-address',
    `${found.address.text} is ${found.class.description}: not fetched.`,
  );
}

/** Stops a body we will not read; its abort error has nobody to tell. */
function discard(stream: Readable): void {
  stream.on('error', () => undefined);
  stream.destroy();
}

function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

export function createSafeFetcher(options: SafeFetcherOptions = {}): SafeFetcher {
  const allowlist: FetchAllowlist = createAllowlist(options.allowlist ?? []);
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_FETCH_LIMITS.connectTimeoutMs;
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_LIMITS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? DEFAULT_FETCH_LIMITS.maxRedirects;
  const maxBytesOption = options.maxBytes ?? DEFAULT_FETCH_LIMITS.maxBytes;
  const maxBytesFor = typeof maxBytesOption === 'function' ? maxBytesOption : () => maxBytesOption;
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const resolveAll =
    options.resolve ??
    ((hostname: string) => dnsLookup(hostname, { all: true, order: 'verbatim' }));

  /**
   * net.connect's lookup hook: resolves once, checks every answer, and hands net exactly the checked
   * addresses, so a second (rebinding) DNS answer never reaches the socket.
   */
  const lookupFor =
    (isChecked: boolean): LookupFunction =>
    (hostname, lookupOptions, callback) => {
      void resolveChecked(hostname, lookupOptions.family, isChecked).then(
        (answers) => {
          if (lookupOptions.all) callback(null, answers);
          else callback(null, answers[0]!.address, answers[0]!.family);
        },
        (error: unknown) => callback(error as NodeJS.ErrnoException, ''),
      );
    };

  async function resolveChecked(
    hostname: string,
    family: unknown,
    isChecked: boolean,
  ): Promise<LookupAddress[]> {
    const answers = await resolveAll(hostname);
    const wanted =
      family === 4 || family === 6 ? answers.filter((a) => a.family === family) : answers;
    if (wanted.length === 0) throw new FetchError('dns', `${hostname} has no address.`);
    if (!isChecked) return wanted;
    // One refused answer refuses the name: a name that mixes public and internal answers is a trap.
    for (const answer of wanted) {
      const address = parseIpLiteral(answer.address);
      const verdict = address ? classifyAddress(address) : null;
      if (!verdict || verdict.range !== 'public') {
        throw new FetchError(
          'refused-address',
          `${hostname} resolves to ${answer.address}, ${verdict?.description ?? 'which is not an address'}: not fetched.`,
        );
      }
    }
    return wanted;
  }

  const checkedConnect = buildConnector({ timeout: connectTimeoutMs, lookup: lookupFor(true) });
  const trustedConnect = buildConnector({ timeout: connectTimeoutMs, lookup: lookupFor(false) });

  // Every connection, whoever asks for it, passes here: the last line of the guard.
  const agent = new Agent({
    connect(connectOptions, callback) {
      const port = Number(connectOptions.port) || (connectOptions.protocol === 'https:' ? 443 : 80);
      if (allowlist.allows(connectOptions.hostname, port)) {
        trustedConnect(connectOptions, callback);
        return;
      }
      const refusal = refusalOfHost(connectOptions.hostname);
      if (refusal) {
        callback(refusal, null);
        return;
      }
      checkedConnect(connectOptions, callback);
    },
    connectTimeout: connectTimeoutMs,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 4_000,
  });

  function failure(
    reason: FetchFailureReason,
    message: string,
    url: string,
    redirects: string[],
  ): FetchFailure {
    return { ok: false, reason, message, url, redirects };
  }

  /** Turns whatever a request threw into a reason in words. */
  function explain(error: unknown, url: URL, isDeadline: boolean): FetchError {
    if (isDeadline)
      return new FetchError(
        'timeout',
        `${url.host} did not answer within ${formatSeconds(timeoutMs)}.`,
      );
    for (
      let cause: unknown = error, depth = 0;
      cause && depth < 5;
      cause = (cause as { cause?: unknown }).cause, depth++
    ) {
      if (cause instanceof FetchError) return cause;
      const code = (cause as { code?: unknown }).code;
      if (typeof code !== 'string') continue;
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA')
        return new FetchError('dns', `The name ${url.hostname} could not be found.`);
      if (code === 'ECONNREFUSED')
        return new FetchError('refused', `${url.host} refused the connection.`);
      if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH')
        return new FetchError('unreachable', `${url.host} cannot be reached from here.`);
      if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') {
        return new FetchError(
          'timeout',
          `Connecting to ${url.host} took longer than ${formatSeconds(connectTimeoutMs)}.`,
        );
      }
      if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
        return new FetchError(
          'timeout',
          `${url.host} did not answer within ${formatSeconds(timeoutMs)}.`,
        );
      }
      if (
        code.startsWith('ERR_TLS') ||
        code.startsWith('ERR_SSL') ||
        code.includes('CERT') ||
        code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'
      ) {
        return new FetchError('tls', `The secure connection to ${url.host} failed (${code}).`);
      }
      if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') {
        return new FetchError('network', `${url.host} closed the connection.`);
      }
    }
    return new FetchError(
      'network',
      `${url.host} could not be fetched: ${(error as Error).message || 'unknown error'}.`,
    );
  }

  /** Reads the body (decompressed) up to `limit` bytes; stops and refuses beyond it. */
  async function readBody(
    body: Readable,
    encoding: string | undefined,
    limit: number,
    url: URL,
  ): Promise<Buffer> {
    const decoder =
      encoding === 'gzip' || encoding === 'x-gzip'
        ? createGunzip()
        : encoding === 'deflate'
          ? createInflate()
          : encoding === 'br'
            ? createBrotliDecompress()
            : null;
    const source: Readable = decoder ? pipeline(body, decoder, () => undefined) : body;
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of source) {
        const buffer = chunk as Buffer;
        size += buffer.length;
        if (size > limit)
          throw new FetchError(
            'too-large',
            `The response from ${url.host} is larger than the ${formatBytes(limit)} limit.`,
          );
        chunks.push(buffer);
      }
    } finally {
      if (size > limit) {
        discard(body);
        discard(source);
      }
    }
    return Buffer.concat(chunks);
  }

  async function fetchPage(input: string, fetchOptions: FetchOptions = {}): Promise<FetchResult> {
    const redirects: string[] = [];
    let url: URL;
    try {
      url = new URL(input.trim());
    } catch {
      return failure(
        'invalid-url',
        `"${input.slice(0, 200)}" is not a valid web address.`,
        input,
        redirects,
      );
    }
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    const signal = fetchOptions.signal
      ? AbortSignal.any([deadline.signal, fetchOptions.signal])
      : deadline.signal;

    try {
      for (let hop = 0; ; hop++) {
        if (url.protocol !== 'http:' && url.protocol !== 'https:') {
          return failure(
            'unsupported-scheme',
            `Only http and https addresses are fetched, not ${url.protocol.replace(/:$/, '')}.`,
            url.href,
            redirects,
          );
        }
        if (url.username || url.password) {
          return failure(
            'invalid-url',
            'Addresses with a user name or password are not fetched.',
            url.href,
            redirects,
          );
        }
        if (!allowlist.allows(url.hostname, portOf(url))) {
          const refusal = refusalOfHost(url.hostname);
          if (refusal) return failure(refusal.reason, refusal.message, url.href, redirects);
        }

        let response: Awaited<ReturnType<typeof request>>;
        try {
          response = await request(url, {
            method: 'GET',
            dispatcher: agent,
            signal,
            headers: {
              'user-agent': userAgent,
              accept:
                fetchOptions.accept ??
                'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
              'accept-language': 'en',
              'accept-encoding': 'gzip, deflate, br',
            },
          });
        } catch (error) {
          if (fetchOptions.signal?.aborted) throw error;
          const explained = explain(error, url, deadline.signal.aborted);
          return failure(explained.reason, explained.message, url.href, redirects);
        }

        const header = (name: string): string | undefined => {
          const value = response.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };
        const location = header('location');
        if (REDIRECTS.has(response.statusCode) && location && fetchOptions.redirect === 'manual') {
          discard(response.body);
          let next: URL;
          try {
            next = new URL(location, url);
          } catch {
            return failure(
              'invalid-url',
              `${url.host} redirected to "${location.slice(0, 200)}", which is not a valid address.`,
              url.href,
              redirects,
            );
          }
          const contentType = header('content-type') ?? null;
          return {
            ok: true,
            url: input,
            finalUrl: url.href,
            redirects,
            status: response.statusCode,
            contentType,
            body: Buffer.alloc(0),
            title: null,
            description: null,
            text: null,
            location: next.href,
          };
        }
        if (REDIRECTS.has(response.statusCode) && location) {
          discard(response.body);
          if (hop >= maxRedirects) {
            return failure(
              'too-many-redirects',
              `More than ${maxRedirects} redirects, starting from ${input}.`,
              url.href,
              redirects,
            );
          }
          let next: URL;
          try {
            next = new URL(location, url);
          } catch {
            return failure(
              'invalid-url',
              `${url.host} redirected to "${location.slice(0, 200)}", which is not a valid address.`,
              url.href,
              redirects,
            );
          }
          redirects.push(next.href);
          url = next;
          continue;
        }

        const contentType = header('content-type') ?? null;
        const requestLimit = fetchOptions.maxBytes;
        const limit =
          requestLimit === undefined
            ? maxBytesFor(contentType)
            : typeof requestLimit === 'function'
              ? requestLimit(contentType)
              : requestLimit;
        const declared = Number(header('content-length'));
        const encoding = header('content-encoding')?.trim().toLowerCase();
        if (
          Number.isFinite(declared) &&
          declared > limit &&
          (!encoding || encoding === 'identity')
        ) {
          discard(response.body);
          return failure(
            'too-large',
            `The response from ${url.host} is larger than the ${formatBytes(limit)} limit.`,
            url.href,
            redirects,
          );
        }
        let body: Buffer;
        try {
          body = await readBody(response.body, encoding, limit, url);
        } catch (error) {
          if (fetchOptions.signal?.aborted) throw error;
          const explained =
            error instanceof FetchError ? error : explain(error, url, deadline.signal.aborted);
          return failure(explained.reason, explained.message, url.href, redirects);
        }

        let page: { title: string | null; description: string | null; text: string | null } = {
          title: null,
          description: null,
          text: null,
        };
        if (fetchOptions.extractText !== false) {
          if (isHtml(contentType)) page = extractPageText(decodeBody(contentType, body));
          else if (isPlainText(contentType))
            page = {
              title: null,
              description: null,
              text: decodeBody(contentType, body).replace(/\s+/g, ' ').trim(),
            };
        }
        return {
          ok: true,
          url: input,
          finalUrl: url.href,
          redirects,
          status: response.statusCode,
          contentType,
          body,
          ...page,
        };
      }
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    fetch: fetchPage,
    dispatcher: agent,
    close: () => agent.close(),
  };
}
