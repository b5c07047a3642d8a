import { describe, expect, it } from 'vitest';
import { shouldRetryUpload, uploadFailureOf } from './upload-errors.ts';

const answered = (status: number, body: unknown) => ({
  originalResponse: {
    getStatus: () => status,
    getBody: () => (typeof body === 'string' ? body : JSON.stringify(body)),
  },
});

describe('uploadFailureOf', () => {
  it("shows the server's message for a file refused by its content, and does not offer a retry", () => {
    const failure = uploadFailureOf(
      answered(415, {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: '"notes.txt" is not an image or a video.',
      }),
    );
    expect(failure).toEqual({
      message: '"notes.txt" is not an image or a video.',
      canRetry: false,
      isPlanLimit: false,
    });
  });

  it('marks a full plan so the screen can offer a bigger one', () => {
    const failure = uploadFailureOf(
      answered(403, {
        code: 'PLAN_LIMIT_REACHED',
        message: 'Your Standard plan includes 5 GB of reference storage.',
      }),
    );
    expect(failure.isPlanLimit).toBe(true);
    expect(failure.canRetry).toBe(false);
  });

  it('offers a retry after a lost connection or a server error', () => {
    expect(uploadFailureOf(new Error('network'))).toMatchObject({
      canRetry: true,
      message: expect.stringMatching(/connection was lost/),
    });
    expect(uploadFailureOf(answered(500, 'oops'))).toMatchObject({
      canRetry: true,
      message: expect.stringMatching(/server had a problem/),
    });
  });

  it('falls back to a readable message when the body is not the API error shape', () => {
    expect(uploadFailureOf(answered(413, 'Maximum size exceeded')).message).toBe(
      'The upload was refused (413).',
    );
  });
});

describe('shouldRetryUpload', () => {
  it('retries lost connections, server errors and offset conflicts, not refusals', () => {
    expect(shouldRetryUpload(new Error('network'))).toBe(true);
    expect(shouldRetryUpload(answered(502, ''))).toBe(true);
    expect(shouldRetryUpload(answered(409, ''))).toBe(true);
    for (const status of [400, 401, 403, 404, 413, 415])
      expect(shouldRetryUpload(answered(status, ''))).toBe(false);
  });
});
