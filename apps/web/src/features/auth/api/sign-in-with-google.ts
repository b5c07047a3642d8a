// POST /api/auth/sign-in/social: answers with the Google URL to send the browser to.
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '#app/lib/api.ts';

const oauthStartSchema = z.object({ url: z.string().check(z.minLength(1)) });

export type SignInWithGoogleInput = {
  /** Where a returning user lands. */
  callbackURL: string;
  /** Where a user who has just been created lands. */
  newUserCallbackURL: string;
  /** Choices made on the sign-up form, kept when Google creates the account. */
  additionalData?: { isAffiliateOnly?: boolean; referralCode?: string };
};

export async function signInWithGoogle(input: SignInWithGoogleInput): Promise<string> {
  const { url } = await api.post(
    '/api/auth/sign-in/social',
    { provider: 'google', errorCallbackURL: '/auth-redirect', ...input },
    oauthStartSchema,
  );
  return url;
}

export function useSignInWithGoogle() {
  return useMutation({
    mutationFn: signInWithGoogle,
    onSuccess: (url) => {
      window.location.href = url;
    },
  });
}
