// The shared request helpers: URLs under an endpoint with a prefix, Retry-After in both its forms.
import { describe, expect, it } from 'vitest';
import { buildUrl, getJson, httpUrl, parseRetryAfter } from './provider-http.ts';
import { DiscoverySourceError, type FetchLike } from './source.ts';

/** A provider that never answers, until the request is aborted. */
const silent: FetchLike = (_url, init) =>
  new Promise((_resolve, reject) => {
    const signal = init.signal;
    signal?.addEventListener('abort', () => {
      const reason: unknown = signal.reason;
      reject(reason instanceof Error ? reason : new Error('aborted'));
    });
  });

describe('buildUrl', () => {
  it('appends the path to the endpoint’s own path and drops undefined parameters', () => {
    expect(
      buildUrl('https://api.example/', '/res/v1/web/search', {
        q: 'a b',
        count: 5,
        x: undefined,
      }).toString(),
    ).toBe('https://api.example/res/v1/web/search?q=a+b&count=5');
    expect(buildUrl('http://127.0.0.1:4000/stand-in/brave//', '/search.json', {}).toString()).toBe(
      'http://127.0.0.1:4000/stand-in/brave/search.json',
    );
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and null for anything else', () => {
    expect(parseRetryAfter('120')).toBe(120_000);
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(parseRetryAfter('Sun, 22 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('httpUrl', () => {
  it('keeps absolute http(s) URLs and drops the rest', () => {
    expect(httpUrl('https://a.example/x?y=1')).toBe('https://a.example/x?y=1');
    expect(httpUrl('data:image/png;base64,AAAA')).toBeUndefined();
    expect(httpUrl('/relative')).toBeUndefined();
    expect(httpUrl(undefined)).toBeUndefined();
  });
});

describe('getJson', () => {
  const base = {
    sourceId: 'brave-web',
    provider: 'Brave Search',
    url: new URL('https://api.example/x'),
    headers: {},
  } as const;

  it('gives up after the timeout with a network error that says so', async () => {
    const error: unknown = await getJson({ ...base, fetch: silent, timeoutMs: 50 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DiscoverySourceError);
    expect((error as DiscoverySourceError).code).toBe('network');
    expect((error as DiscoverySourceError).message).toContain('did not answer within 0.05 s');
  });

  it('passes the caller’s own abort through unchanged', async () => {
    const controller = new AbortController();
    const pending = getJson({
      ...base,
      fetch: silent,
      timeoutMs: 60_000,
      signal: controller.signal,
    });
    controller.abort(new Error('scan cancelled'));
    await expect(pending).rejects.toThrow('scan cancelled');
  });
});
