// A failed request in words: what the connection path, DNS, TLS or the deadline threw, as a reason.
import { FetchError, formatSeconds } from './fetch-result.ts';

/** Turns whatever a request threw into a reason in words. */
export function explain(
  error: unknown,
  url: URL,
  isDeadline: boolean,
  { connectTimeoutMs, timeoutMs }: { connectTimeoutMs: number; timeoutMs: number },
): FetchError {
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
