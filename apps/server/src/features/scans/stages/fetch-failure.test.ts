import { describe, expect, it } from 'vitest';
import { RetryableScanError } from '#server/features/scans/scan-task-runner.ts';
import { SiteUnreachableError } from '#server/features/scans/site-reachability.ts';
import { failedFetchOutcome, throwIfNetworkFailure } from './fetch-failure.ts';

const url = 'https://leaks.example/page';

function thrownBy(reason: string): unknown {
  try {
    failedFetchOutcome({ url, reason, message: 'down' });
  } catch (error) {
    return error;
  }
  return null;
}

describe('failedFetchOutcome', () => {
  it('gives the site up when its name does not resolve, it refuses connections or has no route', () => {
    for (const reason of ['dns', 'refused', 'unreachable']) {
      const error = thrownBy(reason);
      expect(error, reason).toBeInstanceOf(SiteUnreachableError);
      expect(error).toMatchObject({ url, reason, message: 'down' });
    }
  });

  it('throws a retryable error for a timeout or a dropped connection', () => {
    for (const reason of ['timeout', 'network'])
      expect(thrownBy(reason), reason).toBeInstanceOf(RetryableScanError);
  });

  it('skips what our own rules refused and fails the rest', () => {
    expect(failedFetchOutcome({ url, reason: 'robots', message: 'robots.txt' })).toEqual({
      status: 'skipped',
      error: 'robots.txt',
    });
    expect(failedFetchOutcome({ url, reason: 'http-status', message: 'HTTP 500' })).toEqual({
      status: 'failed',
      error: 'HTTP 500',
    });
    expect(failedFetchOutcome({ url, reason: 'tls', message: 'bad certificate' })).toEqual({
      status: 'failed',
      error: 'bad certificate',
    });
  });
});

describe('throwIfNetworkFailure', () => {
  it('lets a failure that is the answer itself through', () => {
    expect(() =>
      throwIfNetworkFailure({ url, reason: 'http-status', message: 'HTTP 404' }),
    ).not.toThrow();
    expect(() => throwIfNetworkFailure({ url, reason: 'robots', message: 'no' })).not.toThrow();
  });
});
