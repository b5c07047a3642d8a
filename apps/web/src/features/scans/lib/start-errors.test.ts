import { describe, expect, it } from 'vitest';
import { ApiClientError } from '#app/lib/api.ts';
import { startFailureOf } from './start-errors.ts';

describe('startFailureOf', () => {
  it('explains a used-up plan with its numbers', () => {
    const failure = startFailureOf(
      new ApiClientError({
        status: 403,
        code: 'PLAN_LIMIT_REACHED',
        message:
          'Your Standard plan includes 4 scans a month, and you use 4. Plus includes 8 scans a month.',
        limit: {
          name: 'scansPerMonth',
          allowed: 4,
          used: 4,
          tier: 'standard',
          upgradeTier: 'plus',
        },
      }),
    );
    expect(failure).toEqual({
      message:
        'Your Standard plan includes 4 scans a month, and you use 4. Plus includes 8 scans a month.',
      reason: 'limit',
      usage: '4 of 4 scans this month',
    });
  });

  it('tells a running scan, a plan without scans and other refusals apart', () => {
    expect(
      startFailureOf(
        new ApiClientError({
          status: 409,
          code: 'CONFLICT',
          message: 'A scan is already running.',
        }),
      ),
    ).toMatchObject({ reason: 'running', message: 'A scan is already running.' });
    expect(
      startFailureOf(
        new ApiClientError({ status: 403, code: 'FORBIDDEN', message: 'Subscribe first.' }),
      ),
    ).toMatchObject({ reason: 'forbidden', usage: null });
    expect(
      startFailureOf(new ApiClientError({ status: 500, code: 'INTERNAL', message: 'Oops.' })),
    ).toMatchObject({ reason: 'other', message: 'Oops.' });
  });

  it('has a message for errors that did not come from the API', () => {
    expect(startFailureOf(new TypeError('x'))).toMatchObject({
      reason: 'other',
      message: /could not be started/,
    });
  });
});
