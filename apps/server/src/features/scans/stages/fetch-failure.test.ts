import { describe, expect, it } from 'vitest';
import { RetryableScanError } from '../scan-task-runner.ts';
import { failedFetchOutcome } from './fetch-failure.ts';

describe('failedFetchOutcome', () => {
  it('throws a retryable error for a network failure', () => {
    for (const reason of ['timeout', 'network', 'unreachable', 'dns'])
      expect(() => failedFetchOutcome({ reason, message: 'down' })).toThrow(RetryableScanError);
  });

  it('skips what our own rules refused and fails the rest', () => {
    expect(failedFetchOutcome({ reason: 'robots', message: 'robots.txt' })).toEqual({
      status: 'skipped',
      error: 'robots.txt',
    });
    expect(failedFetchOutcome({ reason: 'http-status', message: 'HTTP 500' })).toEqual({
      status: 'failed',
      error: 'HTTP 500',
    });
  });
});
