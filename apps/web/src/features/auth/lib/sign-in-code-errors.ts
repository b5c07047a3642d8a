// What the code step says when the auth library refuses a code.
import { isApiClientError } from '#app/lib/api.ts';

export function signInCodeErrorMessage(error: unknown): string {
  if (!isApiClientError(error)) return 'Something unexpected happened. Try again.';
  if (error.status === 429) return error.message;
  if (error.code === 'INVALID_CODE' || error.code === 'INVALID_BACKUP_CODE')
    return 'This code is not right. Check it and try again.';
  if (error.code === 'INVALID_TWO_FACTOR_COOKIE' || error.status === 401)
    return 'This sign-in has expired. Go back and sign in again.';
  return error.message;
}
