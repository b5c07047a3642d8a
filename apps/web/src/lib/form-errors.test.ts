import { signUpFormSchema } from '@shark/contracts/auth.ts';
import { describe, expect, it } from 'vitest';
import { ApiClientError } from '#app/lib/api.ts';
import { fieldErrorsFromZod, formErrorsFromApi } from '#app/lib/form-errors.ts';

describe('fieldErrorsFromZod', () => {
  it('gives the first message of each field, the password mismatch on the repeat field', () => {
    const result = signUpFormSchema.safeParse({
      name: '',
      email: 'not-an-email',
      password: 'longenough',
      confirmPassword: 'different',
      referralCode: '',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrorsFromZod(result.error)).toEqual({
      email: 'Enter a valid e-mail address.',
      confirmPassword: 'The passwords do not match.',
    });
  });
});

describe('formErrorsFromApi', () => {
  it('places messages of known fields and drops the form message when all are placed', () => {
    const error = new ApiClientError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Check the form.',
      fields: { email: 'Taken.' },
    });
    expect(formErrorsFromApi(error, ['email', 'password'])).toEqual({
      fields: { email: 'Taken.' },
      message: undefined,
    });
  });

  it('keeps the form message when a field cannot be placed or there are none', () => {
    const withUnknown = new ApiClientError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Check the form.',
      fields: { email: 'Taken.', plan: 'Unknown plan.' },
    });
    expect(formErrorsFromApi(withUnknown, ['email']).message).toBe('Check the form.');
    const plain = new ApiClientError({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid e-mail or password.',
    });
    expect(formErrorsFromApi(plain, ['email'])).toEqual({
      fields: {},
      message: 'Invalid e-mail or password.',
    });
  });
});
