// How a reverse image source sends a picture: by URL, or as bytes within the provider's limit.
import { httpUrl } from './provider-http.ts';
import { DiscoverySourceError, type DiscoverySourceId, type ImageInput } from './source.ts';

export type ImagePayload =
  { by: 'bytes'; bytes: Buffer; mimeType: string | undefined } | { by: 'url'; url: string };

/** The input's URL when it is an absolute http(s) URL a provider could download. */
export function publicImageUrl(input: ImageInput): string | undefined {
  return httpUrl(input.url?.trim());
}

/**
 * Bytes when there are some within the provider's limit (the provider then needs to download
 * nothing, and many hosts refuse its downloaders), otherwise the URL; null when neither will do.
 * `maxBytes` null means the source cannot take bytes at all.
 */
export function chooseImagePayload(
  input: ImageInput,
  maxBytes: number | null,
): ImagePayload | null {
  const bytes = input.bytes;
  if (maxBytes !== null && bytes !== undefined && bytes.length > 0 && bytes.length <= maxBytes) {
    return { by: 'bytes', bytes, mimeType: input.mimeType?.trim() || undefined };
  }
  const url = publicImageUrl(input);
  return url === undefined ? null : { by: 'url', url };
}

/** The payload, or 'invalid-input' saying what this source needs instead. */
export function requireImagePayload(
  sourceId: DiscoverySourceId,
  sourceName: string,
  input: ImageInput,
  maxBytes: number | null,
): ImagePayload {
  const payload = chooseImagePayload(input, maxBytes);
  if (payload !== null) return payload;
  const hasBytes = input.bytes !== undefined && input.bytes.length > 0;
  let message: string;
  if (maxBytes === null) {
    message = hasBytes
      ? `${sourceName} searches by URL only: it needs the public http(s) URL of the picture, not its bytes.`
      : `${sourceName} needs the public http(s) URL of the picture.`;
  } else if (hasBytes) {
    message = `${sourceName} takes pictures of at most ${formatBytes(maxBytes)} (this one is ${formatBytes(input.bytes?.length ?? 0)}); give its public http(s) URL instead.`;
  } else {
    message = `${sourceName} needs the picture's bytes or its public http(s) URL.`;
  }
  throw new DiscoverySourceError(sourceId, 'invalid-input', message);
}

/** For URL-only sources: the URL, or 'invalid-input' saying that bytes will not do. */
export function requireImageUrl(
  sourceId: DiscoverySourceId,
  sourceName: string,
  input: ImageInput,
): string {
  const payload = requireImagePayload(sourceId, sourceName, input, null);
  if (payload.by === 'url') return payload.url;
  throw new DiscoverySourceError(sourceId, 'invalid-input', `${sourceName} searches by URL only.`);
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;
}
