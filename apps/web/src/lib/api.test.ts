import { describe, expect, it } from 'vitest';
import { ApiClientError, toApiClientError } from '#app/lib/api.ts';

describe('toApiClientError', () => {
  it('keeps the code, message and fields of the shared error body', () => {
    const error = toApiClientError(400, {
      code: 'VALIDATION_FAILED',
      message: 'Check the form.',
      fields: { email: 'Enter a valid e-mail address.' },
    });
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Check the form.',
      fields: { email: 'Enter a valid e-mail address.' },
    });
  });

  it('keeps the limit details of a PLAN_LIMIT_REACHED answer', () => {
    const limit = {
      name: 'scansPerMonth',
      allowed: 4,
      used: 4,
      tier: 'standard',
      upgradeTier: 'plus',
    };
    const error = toApiClientError(403, { code: 'PLAN_LIMIT_REACHED', message: 'Used up.', limit });
    expect(error.limit).toEqual(limit);
    expect(toApiClientError(403, { code: 'FORBIDDEN', message: 'No.' }).limit).toBeUndefined();
  });

  it('shows the message of a 429 answer even without a code', () => {
    const error = toApiClientError(429, { message: 'Too many requests. Try again in a minute.' });
    expect(error.code).toBe('HTTP_429');
    expect(error.message).toBe('Too many requests. Try again in a minute.');
  });

  it('falls back to a readable message for bodies that are not JSON objects', () => {
    const error = toApiClientError(502, '<html>Bad gateway</html>');
    expect(error.code).toBe('HTTP_502');
    expect(error.message).toMatch(/server had a problem/);
    expect(error.fields).toBeUndefined();
  });
});
