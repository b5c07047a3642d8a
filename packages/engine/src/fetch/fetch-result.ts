// What a safe fetch answers: the page, or the failure with its reason in words; and the error the
// connection path throws to carry such a reason.
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

/** A failure with its reason, thrown inside the connection path and turned into a FetchFailure. */
export class FetchError extends Error {
  constructor(
    public readonly reason: FetchFailureReason,
    message: string,
  ) {
    super(message);
  }
}

export function failure(
  reason: FetchFailureReason,
  message: string,
  url: string,
  redirects: string[],
): FetchFailure {
  return { ok: false, reason, message, url, redirects };
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

export function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
