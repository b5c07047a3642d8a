// POST /api/auth/link-social: answers with Google's URL; Google sends the browser back to /account.
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '#app/lib/api.ts';

const linkStartSchema = z.object({ url: z.string().min(1) });

/** Marks the return from Google, so the section can say how it went (the library adds `error`). */
export const GOOGLE_LINK_PARAM = 'googleLink';

export async function connectGoogle(): Promise<string> {
  const { url } = await api.post(
    '/api/auth/link-social',
    {
      provider: 'google',
      callbackURL: `/account?${GOOGLE_LINK_PARAM}=connected`,
      errorCallbackURL: `/account?${GOOGLE_LINK_PARAM}=failed`,
    },
    linkStartSchema,
  );
  return url;
}

export function useConnectGoogle() {
  return useMutation({
    mutationFn: connectGoogle,
    onSuccess: (url) => {
      window.location.href = url;
    },
  });
}
